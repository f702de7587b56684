import type { SubmissionDetail } from '../../../shared/api/types';
import { ContestStatus, ContestType } from '../../../shared/constants/contests';
import { showsErrorText } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canSeeErrorMessage, isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { unauthorized } from '../errors';
import { type JudgeRow, toSubmission } from '../submissions/mapping';
import { isSealedFor, loadReadableContest } from './access';
import { contestStatus } from './status';
import { applyView, submissionView, viewContext } from './submission-visibility';
import { runningRun } from './virtual/runs';

/**
 * A contest submission's detail (HOJ get-submission-detail, contest branch): for those logged in
 * who may read the contest. Code only for its author and the contest's admins (contest
 * submissions are never shared); results withheld as submission-visibility.ts says, and a
 * submission the viewer could not list shows as "submitted" without its code.
 */
export async function contestSubmissionDetail(
  db: Db,
  row: JudgeRow,
  viewer: CurrentUser | null,
): Promise<SubmissionDetail> {
  if (!viewer) throw unauthorized();
  const contest = await loadReadableContest(db, viewer, row.cid);
  const display = await db.kysely
    .selectFrom('contest_problem')
    .select('display_title')
    .where('id', '=', row.cpid)
    .executeTakeFirst();
  const view = submissionView(viewContext(contest, viewer, true, await runningRun(db, contest, viewer)), row);
  const submission = applyView(
    toSubmission(row, display?.display_title),
    view === 'hidden' ? 'sealed' : view,
  );
  submission.displayId = row.display_pid;
  const mayReadCode = (view !== 'hidden' && viewer.uid === row.uid) || isContestAdmin(viewer, contest);
  if (!mayReadCode) submission.code = null;
  if (
    view === 'hidden' ||
    view === 'sealed' ||
    !showsErrorText(row.status) ||
    !canSeeErrorMessage(viewer, row.uid)
  ) {
    submission.errorMessage = null;
  }
  return { submission, codeShare: false };
}

/**
 * Per-case results of contest submissions: contest admins always; others need to read the
 * contest and wait for the end of an ACM contest, or for an OI board that is not sealed (HOJ).
 */
export async function contestCasesVisible(db: Db, cid: number, viewer: CurrentUser | null): Promise<boolean> {
  if (!viewer) throw unauthorized();
  const contest = await loadReadableContest(db, viewer, cid);
  if (isContestAdmin(viewer, contest)) return true;
  if (contest.type === ContestType.OI) return !isSealedFor(contest, viewer, false);
  return contestStatus(contest, nowIso()) === ContestStatus.ENDED;
}
