import { ContestStatus } from '../../../shared/constants/contests';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { loadReadableContest } from '../contests/access';
import { loadAdministeredContest } from '../contests/admin-contests';
import type { ContestRow } from '../contests/contest-store';
import { contestStatus } from '../contests/status';
import { AppError, badRequest, forbidden, notFound } from '../errors';

/**
 * Who takes part in a contest's clarifications. A participant is anyone who may read the contest's
 * problems (contests/access.ts: not before the start, a private contest only with its password, a
 * group's contest only for its members). The jury is whoever administers the contest from inside it
 * (contests/admin-contests.ts, scope `contest`: the contest's admins as authz isContestAdmin says).
 */

/** The contest, if the caller may ask about it now: readable, and not over (for its admins neither). */
export async function loadAskableContest(db: Db, user: CurrentUser, cid: number): Promise<ContestRow> {
  const contest = await loadReadableContest(db, user, cid);
  if (contestStatus(contest, nowIso()) === ContestStatus.ENDED)
    throw badRequest('clarification.contestEnded');
  return contest;
}

/** The contest, if the caller answers for its jury; anyone else is told that only its admins answer. */
export async function loadJuryContest(db: Db, user: CurrentUser, cid: number): Promise<ContestRow> {
  try {
    return await loadAdministeredContest(db, user, cid, 'contest');
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw forbidden('clarification.juryOnly');
    throw error;
  }
}

/** The contest problem a clarification is about, by display id (null: the contest in general). */
export async function contestProblemId(
  db: Db,
  cid: number,
  displayId: string | null,
): Promise<number | null> {
  if (displayId === null) return null;
  const row = await db.kysely
    .selectFrom('contest_problem')
    .select('id')
    .where('cid', '=', cid)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
  if (!row) throw notFound('contest.contestProblemNotFound');
  return row.id;
}
