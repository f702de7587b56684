import { type InvalidateQueryFilters, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestProblemDetail } from '@/shared/api/contest-types';
import { parseExamples } from '@/shared/api/examples';
import type { Language } from '@/shared/api/types';
import { DEFAULT_LANGUAGES } from '@/shared/constants/editor';
import { isInProgress, JudgeStatus } from '@/shared/constants/judge-status';
import type { TestTab } from '@/web/features/editor';
import { loadLanguage, saveDraft, saveLanguage, useCodeDraft, useTestRun } from '@/web/features/editor';
import { useSubmitFlow } from '@/web/features/submissions';
import { api } from '@/web/lib/api';
import { toastApiError } from '@/web/lib/api-errors';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { problemKeys, useLanguages } from './api';

function templateOf(
  detail: ContestProblemDetail | undefined,
  all: Language[] | undefined,
  language: string | null,
) {
  if (!language) return '';
  return detail?.codeTemplate?.[language] || all?.find((l) => l.name === language)?.template || '';
}

/** The online test's input and expected output, prefilled with the first sample. */
function useTestCase(problemId: string, detail: ContestProblemDetail | undefined) {
  const [input, setInput] = useState('');
  const [expected, setExpected] = useState('');
  const examples = detail?.problem.examples;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another problem loads
  useEffect(() => {
    setInput(parseExamples(examples)[0]?.input ?? '');
    setExpected('');
  }, [problemId, examples]);
  return { input, setInput, expected, setExpected };
}

/** Where the code goes when the problem is opened inside a contest. */
export interface ContestTarget {
  cid: number;
  displayId: string;
  /** the contest's queries to reload after a verdict (those it changes) */
  reload: InvalidateQueryFilters;
  /** where a new submission's detail opens */
  detailPath?: (submitId: number) => string;
}

/**
 * Where the code goes when the problem is opened inside a training: submissions carry its id (HOJ's
 * `tid`), so the server checks the training and counts them in its progress and rank.
 */
export interface TrainingTarget {
  tid: number;
  /** the training's queries to reload after a verdict (its progress, its problems' marks); keep it stable */
  detailKey: QueryKey;
}

/**
 * Where the code goes when a group's problem is opened inside its group (HOJ's GroupProblemDetails):
 * submissions and test runs carry the group's id (`gid`), so the server checks the membership and
 * the group's status lists them.
 */
export interface GroupTarget {
  gid: number;
  /** the group's queries to reload after a verdict (its problem list's marks, its rank); keep it stable */
  detailKey: QueryKey;
  /** where a new submission's detail opens (inside the group) */
  detailPath: (submitId: number) => string;
}

/**
 * State of the problem page's editor side: offered languages, the chosen one, its code (draft or
 * template), the submit flow, the online test and the last accepted code. Lives in the route so a
 * layout switch (split ↔ stacked) keeps it.
 */
export function useCodeWorkspace(
  problemId: string,
  detail: ContestProblemDetail | undefined,
  disabled: boolean,
  contest?: ContestTarget,
  training?: TrainingTarget,
  group?: GroupTarget,
) {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const { data: allLanguages } = useLanguages();
  const languages = useMemo<readonly string[]>(
    () => (detail?.languages?.length ? detail.languages : DEFAULT_LANGUAGES),
    [detail],
  );
  const [language, setLanguageState] = useState<string | null>(null);
  useEffect(() => setLanguageState(loadLanguage(problemId, languages)), [problemId, languages]);

  const info = allLanguages?.find((l) => l.name === language);
  const template = templateOf(detail, allLanguages, language);
  const [code, setCode] = useCodeDraft(problemId, language, template);
  const cid = contest?.cid ?? 0;
  const flow = useSubmitFlow(cid);
  const testRun = useTestRun();
  const testCase = useTestCase(problemId, detail);
  const [testOpen, setTestOpen] = useState(false);
  const [testTab, setTestTab] = useState<TestTab>('case');
  const [loadingLastAc, setLoadingLastAc] = useState(false);

  // a verdict changes myStatus and the counts of the pie chart: reload the problem
  const queryClient = useQueryClient();
  const verdict = flow.submitId !== null && flow.status !== undefined && !isInProgress(flow.status);
  useEffect(() => {
    if (!verdict) return;
    // the plain key is the prefix of a group problem's too
    void queryClient.invalidateQueries(contest?.reload ?? { queryKey: problemKeys.detail(problemId) });
    if (training?.detailKey) void queryClient.invalidateQueries({ queryKey: training.detailKey });
    if (group?.detailKey) void queryClient.invalidateQueries({ queryKey: group.detailKey });
  }, [verdict, queryClient, problemId, contest?.reload, training?.detailKey, group?.detailKey]);

  const setLanguage = (next: string) => {
    setLanguageState(next);
    saveLanguage(problemId, next);
  };

  return {
    languages,
    language,
    contentType: info?.contentType,
    code,
    setCode,
    setLanguage,
    resetToTemplate: () => setCode(template),
    flow,
    detailPath: contest?.detailPath ?? group?.detailPath,
    canSubmit: !disabled && !!detail && !!language && !flow.busy,
    submit() {
      if (disabled || !detail || !language) return;
      flow.submit({
        pid: contest?.displayId ?? detail.problem.problemId,
        language,
        code,
        cid,
        ...(training && !cid ? { tid: training.tid } : {}),
        ...(group && !cid ? { gid: group.gid } : {}),
      });
    },
    test: {
      ...testCase,
      open: testOpen,
      setOpen: setTestOpen,
      tab: testTab,
      setTab: setTestTab,
      running: testRun.running,
      result: testRun.result,
      hasRun: testRun.hasRun,
    },
    /** Ctrl+' and the Run button: opens the drawer and shows the result tab once queued. */
    async runTest() {
      if (disabled || !detail || !language) return;
      setTestOpen(true);
      const queued = await testRun.run({
        pid: detail.problem.id,
        language,
        code,
        type: cid ? 'contest' : group ? 'group' : 'public',
        userInput: testCase.input,
        expectedOutput: testCase.expected === '' ? null : testCase.expected,
        mode: info?.contentType ?? null,
        isRemoteJudge: false,
        cid,
        ...(group && !cid ? { gid: group.gid } : {}),
      });
      if (queued) setTestTab('result');
      else if (!testCase.input) setTestTab('case');
    },
    loadingLastAc,
    /**
     * Only after passing the problem (myStatus 0); the server refuses it otherwise. Loads the latest
     * Accepted code in its language; it becomes that language's draft.
     */
    async fetchLastAc() {
      if (!detail) return;
      if (!token) {
        toast.error(t('errors.pleaseLogin'));
        openLoginModal();
        return;
      }
      if (detail.myStatus !== JudgeStatus.ACCEPTED) {
        toast.error(t('workspace.notPassed'));
        return;
      }
      setLoadingLastAc(true);
      try {
        const last = await api.getLastAcCode(detail.problem.id, cid);
        if (last.language !== language && languages.includes(last.language)) {
          saveDraft(problemId, last.language, last.code, templateOf(detail, allLanguages, last.language));
          setLanguage(last.language);
        } else {
          setCode(last.code);
        }
        toast.success(t('workspace.lastAcLoaded', { id: last.submitId, language: last.language }));
      } catch (error) {
        toastApiError(error, t);
      } finally {
        setLoadingLastAc(false);
      }
    },
  };
}

export type CodeWorkspace = ReturnType<typeof useCodeWorkspace>;
