import type { LastAcCode } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { loadReadableContest } from '../contests/access';
import { ownResultsHiddenFrom } from '../contests/submission-visibility';
import { forbidden, notFound } from '../errors';
import { assertCanOpenProblem } from '../problems/visibility';

/**
 * HOJ /api/get-last-ac-code: the caller's latest Accepted code for a problem, outside contests
 * (cid 0) or in the contest given. HOJ answers an empty code when there is none and leaves the refusal to its client; here
 * the server refuses (403, workspace.notPassed: "You haven't passed the problem…"), so every client says
 * the same.
 */
export async function getLastAcCode(
  db: Db,
  user: CurrentUser,
  pid: number,
  cid: number | undefined,
): Promise<LastAcCode> {
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['id', 'auth', 'gid', 'apply_public_progress'])
    .where('id', '=', pid)
    .executeTakeFirst();
  if (!problem) throw notFound('server.problemNotFound');
  let hiddenFrom: string | null = null;
  if (cid) {
    // in a contest: the caller's own accepted code of that contest, for those who may read it; results
    // the contest still hides from them do not count, or an answer would tell an accept from a failure
    const contest = await loadReadableContest(db, user, cid);
    hiddenFrom = ownResultsHiddenFrom(contest, user);
  } else {
    // a group's problem: its members (read now, so one who left the group gets nothing)
    await assertCanOpenProblem(db, problem, user);
  }
  let query = db.kysely
    .selectFrom('judge')
    .select(['submit_id', 'code', 'language'])
    .where('uid', '=', user.uid)
    .where('pid', '=', pid)
    .where('cid', '=', cid ?? 0)
    .where('status', '=', JudgeStatus.ACCEPTED);
  if (hiddenFrom) query = query.where('submit_time', '<', hiddenFrom);
  const row = await query.orderBy('submit_id', 'desc').limit(1).executeTakeFirst();
  if (!row) throw forbidden('workspace.notPassed');
  return { submitId: row.submit_id, code: row.code, language: row.language };
}
