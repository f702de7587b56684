import { useEffect, useMemo, useState } from 'react';
import type { ProblemDetail } from '@/shared/api/types';
import { DEFAULT_LANGUAGES } from '@/shared/constants/editor';
import { loadLanguage, saveLanguage } from '@/web/features/editor/drafts';
import { useCodeDraft } from '@/web/features/editor/use-code-draft';
import { useSubmitFlow } from '@/web/features/submissions/use-submit-flow';
import { useLanguages } from './api';

/**
 * State of the problem page's editor side: offered languages, the chosen one, its code (draft or
 * template) and the submit flow. Lives in the route so a layout switch (split ↔ stacked) keeps it.
 */
export function useCodeWorkspace(problemId: string, detail: ProblemDetail | undefined, disabled: boolean) {
  const { data: allLanguages } = useLanguages();
  const languages = useMemo<readonly string[]>(
    () => (detail?.languages?.length ? detail.languages : DEFAULT_LANGUAGES),
    [detail],
  );
  const [language, setLanguageState] = useState<string | null>(null);
  useEffect(() => setLanguageState(loadLanguage(problemId, languages)), [problemId, languages]);

  const info = allLanguages?.find((l) => l.name === language);
  const template = (language && detail?.codeTemplate?.[language]) || info?.template || '';
  const [code, setCode] = useCodeDraft(problemId, language, template);
  const flow = useSubmitFlow();

  return {
    languages,
    language,
    contentType: info?.contentType,
    code,
    setCode,
    setLanguage(next: string) {
      setLanguageState(next);
      saveLanguage(problemId, next);
    },
    resetToTemplate: () => setCode(template),
    flow,
    canSubmit: !disabled && !!detail && !!language && !flow.busy,
    submit() {
      if (disabled || !detail || !language) return;
      flow.submit({ pid: detail.problem.problemId, language, code, cid: 0 });
    },
  };
}

export type CodeWorkspace = ReturnType<typeof useCodeWorkspace>;
