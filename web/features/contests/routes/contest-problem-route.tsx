import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProblemSplit, useDesktopSplit } from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import {
  ContestProblemEditor,
  ContestProblemStatement,
  useContestProblem,
} from '../components/contest-problem-parts';
import { useContestContext, useServerNow } from '../contest-context';
import { canSubmitNow, resultsHidden } from '../lib/contest-access';

/**
 * A contest problem (Problem tab): the statement under its display title beside the editor. Submissions go
 * to the contest by display id; canSubmitNow closes submitting (ended, scheduled, logged out).
 */
export function Component() {
  const { t } = useTranslation();
  const { problemID = '' } = useParams();
  const { contest, base, status, isAdmin, access, offsetMs } = useContestContext();
  const now = useServerNow(offsetMs, 5000);
  const loggedIn = !!useAuth((s) => s.token);
  const desktop = useDesktopSplit();
  const submitOpen = access && canSubmitNow(contest, status, loggedIn, isAdmin);
  const { query, workspace, confirm } = useContestProblem(
    contest,
    problemID,
    base,
    submitOpen,
    resultsHidden(contest, now, isAdmin),
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
      <ContestProblemStatement query={query} problemID={problemID} contestTitle={contest.title} />
    </div>
  );
  return (
    <ProblemSplit
      statement={statement}
      editor={
        <ContestProblemEditor
          workspace={workspace}
          submitOpen={submitOpen}
          desktop={desktop}
          confirm={confirm}
        />
      }
      desktop={desktop}
      className="h-[calc(100dvh-14rem)] min-h-[36rem]"
    />
  );
}
