import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestVO } from '@/shared/api/contest-types';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { cn } from '@/shared/lib/utils';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import {
  CodePanel,
  type CodeWorkspace,
  LoadFailed,
  ProblemStatement,
  StatementSkeleton,
  useCodeWorkspace,
} from '@/web/features/problems';
import { useContestProblemDetail, verdictChanges } from '../api';

/**
 * A contest problem's statement and editor state: the detail by display id, and a workspace whose
 * submissions go to the contest (a verdict reloads the contest's queries; the new submission's detail
 * opens under `base`). Drafts are kept per contest and display id, the same on every page showing it.
 */
export function useContestProblem(
  contest: ContestVO,
  problemID: string,
  base: string,
  submitOpen: boolean,
  hidden: boolean,
) {
  const query = useContestProblemDetail(contest.id, problemID);
  const [confirming, setConfirming] = useState(false);
  const target = useMemo(
    () => ({
      cid: contest.id,
      displayId: problemID,
      reload: verdictChanges(contest.id),
      detailPath: (id: number) => `${base}/problem/${encodeURIComponent(problemID)}/submission-detail/${id}`,
    }),
    [contest.id, problemID, base],
  );
  const inner = useCodeWorkspace(
    `c${contest.id}-${problemID}`,
    query.data,
    query.isError || !submitOpen,
    target,
  );
  // with results hidden (a sealed OI board) a new submission replaces the earlier one: ask first
  const earlier = !!query.data && query.data.myStatus !== JudgeStatus.NOT_SUBMITTED;
  const workspace: CodeWorkspace = {
    ...inner,
    submit: () => (hidden && earlier ? setConfirming(true) : inner.submit()),
  };
  const confirm = {
    open: confirming,
    setOpen: setConfirming,
    accept: () => {
      setConfirming(false);
      inner.submit();
    },
  };
  return { query, workspace, confirm };
}

export type OverwriteConfirm = ReturnType<typeof useContestProblem>['confirm'];

type ContestProblemQuery = ReturnType<typeof useContestProblem>['query'];

/** The statement under its display id (skeleton while loading, a retry when it failed). */
export function ContestProblemStatement({
  query,
  problemID,
  contestTitle,
}: {
  query: ContestProblemQuery;
  problemID: string;
  contestTitle: string;
}) {
  return (
    <>
      {query.isPending && <StatementSkeleton />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && (
        <ProblemStatement
          detail={{ ...query.data, problem: { ...query.data.problem, problemId: problemID } }}
          contestTitle={contestTitle}
        />
      )}
    </>
  );
}

/** The editor side; when submitting is closed (submitOpen false) a note says why above it. */
export function ContestProblemEditor({
  workspace,
  submitOpen,
  desktop,
  noteClassName,
  confirm,
}: {
  workspace: CodeWorkspace;
  submitOpen: boolean;
  desktop: boolean;
  noteClassName?: string;
  confirm: OverwriteConfirm;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={
        desktop ? 'flex h-full flex-col gap-2 [&>*:last-child]:min-h-0 [&>*:last-child]:flex-1' : 'grid gap-2'
      }
    >
      {!submitOpen && (
        <p
          className={cn(
            'rounded-md border border-dashed px-3 py-2 text-muted-foreground text-sm',
            noteClassName,
          )}
          data-testid="contest-submit-closed"
        >
          {t('contestPage.problem.submitClosed')}
        </p>
      )}
      <CodePanel workspace={workspace} fill={desktop} />
      <ConfirmDialog
        open={confirm.open}
        onOpenChange={confirm.setOpen}
        title={t('contestPage.problem.overwriteTitle')}
        description={t('contestPage.problem.overwriteText')}
        confirmLabel={t('contestPage.problem.overwriteConfirm')}
        onConfirm={confirm.accept}
        testId="contest-overwrite"
      />
    </div>
  );
}
