import type { UserProblemStatus } from '../../../shared/api/types';
import { ContestType } from '../../../shared/constants/contests';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isSealedFor } from './access';
import type { ContestRow } from './contest-store';
import { runningRun, sealedAtElapsed } from './virtual/runs';

/**
 * The caller's status per problem inside a contest (HOJ get-user-problem-status with
 * isContestProblemList): ACM takes an accepted submission if any, else the latest; OI the
 * latest, hidden as "submitted" (-5, no score) while the board is sealed for the caller, even for
 * contest admins. Submissions after the end count only with containsEnd where allowed. Every
 * entry carries a score (null for ACM).
 */
export async function contestUserStatuses(
  db: Db,
  contest: ContestRow,
  user: CurrentUser | null,
  pids: readonly number[],
  containsEnd: boolean,
): Promise<Record<string, UserProblemStatus>> {
  const out: Record<string, UserProblemStatus> = {};
  for (const pid of pids) out[String(pid)] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
  if (!user || pids.length === 0) return out;
  // during a virtual run the caller's statuses are those of the run; otherwise virtual ones stay out
  const run = await runningRun(db, contest, user);
  // the seal does not cut this list: a sealed OI result shows as "submitted" below
  const until = run || (containsEnd && bool(contest.allow_end_submit)) ? null : contest.end_time;
  let q = db.kysely
    .selectFrom('judge')
    .select(['pid', 'status', 'score'])
    .where('cid', '=', contest.id)
    .where('uid', '=', user.uid)
    .where('pid', 'in', [...pids]);
  q = run ? q.where('virtual_id', '=', run.id) : q.where('virtual_id', 'is', null);
  if (until !== null) q = q.where('submit_time', '<', until);
  const rows = await q.orderBy('submit_id').execute();
  const oi = contest.type === ContestType.OI;
  const sealed = oi && (run ? sealedAtElapsed(contest, run) : isSealedFor(contest, user, false));
  for (const r of rows) {
    const key = String(r.pid);
    const current = out[key];
    if (!oi && current?.status === JudgeStatus.ACCEPTED) continue;
    out[key] = sealed
      ? { status: JudgeStatus.SUBMITTED_UNKNOWN, score: null }
      : { status: r.status, score: oi ? r.score : null };
  }
  return out;
}
