import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CodePanel } from '@/web/features/problems/components/code-panel';
import {
  LoadFailed,
  ProblemSplit,
  StatementSkeleton,
  useDesktopSplit,
} from '@/web/features/problems/components/problem-split';
import { ProblemStatement } from '@/web/features/problems/components/problem-statement';
import { useCodeWorkspace } from '@/web/features/problems/use-code-workspace';
import { useAuth } from '@/web/lib/auth';
import { contestKeys, useContestProblemDetail } from '../api';
import { useContestContext } from '../contest-context';
import { canSubmitNow } from '../lib/contest-access';

/**
 * A contest problem (spec §2 Problem tab): the statement under its display title beside the editor.
 * Submissions go to the contest by display id; submitting follows spec §4 (ended, scheduled, logged out).
 */
export function Component() {
  const { t } = useTranslation();
  const { problemID = '' } = useParams();
  const { contest, base, status, isAdmin, access } = useContestContext();
  const loggedIn = !!useAuth((s) => s.token);
  const query = useContestProblemDetail(contest.id, problemID);
  const desktop = useDesktopSplit();
  const target = useMemo(
    // a verdict changes the problem's counts, the caller's marks and the contest's lists: reload them all
    () => ({
      cid: contest.id,
      displayId: problemID,
      detailKey: contestKeys.contest(contest.id),
      detailPath: (id: number) => `${base}/problem/${encodeURIComponent(problemID)}/submission-detail/${id}`,
    }),
    [contest.id, problemID, base],
  );
  const submitOpen = access && canSubmitNow(contest, status, loggedIn, isAdmin);
  const workspace = useCodeWorkspace(
    `c${contest.id}-${problemID}`,
    query.data,
    query.isError || !submitOpen,
    target,
  );

  const statement = (
    <div className={desktop ? 'h-full overflow-y-auto pr-4 pb-6' : 'pb-5'}>
      <Link
        to={`${base}/problems`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        data-testid="contest-problem-back"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('contestPage.tabs.problems')}
      </Link>
      {query.isPending && <StatementSkeleton />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && (
        <ProblemStatement
          detail={{ ...query.data, problem: { ...query.data.problem, problemId: problemID } }}
        />
      )}
    </div>
  );
  const editor = (
    <div
      className={
        desktop ? 'flex h-full flex-col gap-2 [&>*:last-child]:min-h-0 [&>*:last-child]:flex-1' : 'grid gap-2'
      }
    >
      {!submitOpen && (
        <p
          className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground"
          data-testid="contest-submit-closed"
        >
          {t('contestPage.problem.submitClosed')}
        </p>
      )}
      <CodePanel workspace={workspace} fill={desktop} />
    </div>
  );
  return (
    <ProblemSplit
      statement={statement}
      editor={editor}
      desktop={desktop}
      className="h-[calc(100dvh-14rem)] min-h-[36rem]"
    />
  );
}
