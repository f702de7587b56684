import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminContestVO } from '@/shared/api/contest-types';
import { apiErrorText } from '@/shared/api/error-message';
import type { Language } from '@/shared/api/types';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useJudgeLanguages } from '../problems/api';
import { ProblemEditorForm } from '../problems/components/problem-editor-form';
import { useContestEditorScope, useContestOnlyProblemSave, useContestProblems } from './api';
import { ContestScreen, Refused } from './components/contest-screen';
import { PlacementSection } from './components/placement-section';
import { newContestProblemValues } from './lib/contest-problem-values';
import { nextDisplayId } from './lib/display-id';

function Editor({
  contest,
  languages,
  taken,
}: {
  contest: AdminContestVO;
  languages: readonly Language[];
  taken: readonly string[];
}) {
  const { t } = useTranslation();
  const [initial] = useState(() => newContestProblemValues(languages, contest.type, nextDisplayId(taken)));
  const { save, created } = useContestOnlyProblemSave(contest.id, taken);
  const scope = useContestEditorScope();
  return (
    <ProblemEditorForm
      initial={initial}
      languages={languages}
      contest={{
        heading: t('admin.contest.newProblem'),
        backPath: scope.path(contest.id, 'problem'),
        section: <PlacementSection contestTitle={contest.title} madeAs={created?.problemId ?? null} />,
        save,
      }}
    />
  );
}

function Loader({ contest }: { contest: AdminContestVO }) {
  const { t } = useTranslation();
  const languages = useJudgeLanguages();
  const problems = useContestProblems(contest.id);
  const failure = languages.error ?? problems.error;
  if (failure) return <Refused text={apiErrorText(failure, t)} />;
  if (!languages.data || !problems.data) return <Skeleton className="h-96 w-full" />;
  const taken = Object.values(problems.data.contestProblemMap).map((p) => p.displayId);
  return <Editor contest={contest} languages={languages.data} taken={taken} />;
}

/**
 * /admin/contest/:cid/problem/create: the problem editor in contest mode. The problem is made
 * for this contest (kept for contests only) and placed in it; the editor then leads back to the
 * contest's problems.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.contest.newProblem'));
  return <ContestScreen active="problem">{(contest) => <Loader contest={contest} />}</ContestScreen>;
}
