import type { UserProblemStatus } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { UserProblemStatusParams } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { loadReadableContest } from '../contests/access';
import { contestUserStatuses } from '../contests/user-status';
import { notFound } from '../errors';
import { requireGroupMember } from '../groups/problem-access';

/**
 * HOJ POST /api/get-user-problem-status (inside a contest: contestUserStatuses). Outside contests: for each listed problem id the
 * caller's status from their non-contest submissions outside groups, or with `gid` those in that
 * group (HOJ; its members only): an
 * accepted submission wins, otherwise the latest one (tried), and -10 when there is none. The
 * score is that submission's (OI problems), null otherwise.
 */
export async function userProblemStatuses(
  db: Db,
  user: CurrentUser,
  params: UserProblemStatusParams,
): Promise<Record<string, UserProblemStatus>> {
  if (params.isContestProblemList) {
    if (!params.cid) throw notFound('contest.notFound');
    const contest = await loadReadableContest(db, user, params.cid);
    return contestUserStatuses(db, contest, user, [...new Set(params.pidList)], !!params.containsEnd);
  }
  // a group's list asks with its gid: for its members only (read now: one removed gets 403)
  if (params.gid) await requireGroupMember(db, params.gid, user);
  const pids = [...new Set(params.pidList)];
  const result: Record<string, UserProblemStatus> = {};
  for (const pid of pids) result[String(pid)] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
  if (pids.length === 0) return result;

  let scope = db.kysely
    .selectFrom('judge')
    .where('uid', '=', user.uid)
    .where('cid', '=', 0)
    .where('pid', 'in', pids);
  scope = params.gid ? scope.where('gid', '=', params.gid) : scope.where('gid', 'is', null);
  // per problem: the newest submission, and the newest accepted one
  const picks = await scope
    .select((eb) => [
      'pid',
      eb.fn.max('submit_id').as('latest'),
      eb.fn
        .max(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(eb.ref('submit_id')).end())
        .as('accepted'),
    ])
    .groupBy('pid')
    .execute();
  const chosen = picks.map((p) => Number(p.accepted ?? p.latest));
  if (chosen.length === 0) return result;
  const rows = await db.kysely
    .selectFrom('judge')
    .select(['pid', 'status', 'score'])
    .where('submit_id', 'in', chosen)
    .execute();
  for (const row of rows) result[String(row.pid)] = { status: row.status, score: row.score };
  return result;
}
