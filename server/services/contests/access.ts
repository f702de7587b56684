import { ContestAuth, ContestStatus } from '../../../shared/constants/contests';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound, unauthorized } from '../errors';
import { groupContentRefusal } from '../groups/contests-access';
import { type ContestRow, isRegistered, loadContest } from './contest-store';
import { contestStatus } from './status';

/**
 * Whether this caller sees the contest's board frozen (HOJ ContestValidator#isSealRank): the contest
 * seals its rank, the caller is not a contest admin asking for live data (`forceRefresh`), and now is
 * between the seal time and the end, or after the end when the rank is not unsealed automatically.
 * Seeing the board live ("real-time permission") is the negation.
 */
export function isSealedFor(
  contest: ContestRow,
  user: CurrentUser | null,
  forceRefresh: boolean,
  now: string = nowIso(),
): boolean {
  if (!bool(contest.seal_rank) || !contest.seal_rank_time) return false;
  if (forceRefresh && isContestAdmin(user, contest)) return false;
  if (now < contest.seal_rank_time) return false;
  if (now < contest.end_time) return true;
  return !bool(contest.auto_real_rank);
}

/**
 * The contest, if the caller may know of it: hidden contests exist only for their admins; a group's
 * contest only for the group's members (and the site's root), read afresh on every call.
 */
export async function loadVisibleContest(db: Db, user: CurrentUser | null, cid: number): Promise<ContestRow> {
  const contest = await loadContest(db, cid, user);
  const refusal = groupContentRefusal(contest, user, 'contest.notFound', 'groupContent.contestMembersOnly');
  if (refusal) throw refusal;
  if (!bool(contest.visible) && !isContestAdmin(user, contest)) throw notFound('contest.notFound');
  return contest;
}

/**
 * HOJ validateContestAuth, used by every call inside a contest (problems, submissions, rank,
 * announcements, prints): contest admins pass; a scheduled contest is closed to everyone else; a
 * private contest is open only to those registered with its password. Public and protected
 * contests are readable by anyone logged in.
 */
export async function assertContestReadable(
  db: Db,
  user: CurrentUser | null,
  contest: ContestRow,
): Promise<void> {
  if (isContestAdmin(user, contest)) return;
  if (!user) throw unauthorized();
  if (contestStatus(contest, nowIso()) === ContestStatus.SCHEDULED) throw forbidden('contest.notStarted');
  if (contest.auth === ContestAuth.PRIVATE && !(await isRegistered(db, contest.id, user.uid))) {
    throw forbidden('contest.registerFirst');
  }
}

/** A visible contest the caller may read (see assertContestReadable). */
export async function loadReadableContest(
  db: Db,
  user: CurrentUser | null,
  cid: number,
): Promise<ContestRow> {
  const contest = await loadVisibleContest(db, user, cid);
  await assertContestReadable(db, user, contest);
  return contest;
}

/**
 * May the caller submit to this contest now? Contest admins always; others when it has started,
 * has not ended (or allows submissions after the end), and, unless it is public, when they
 * registered with the password (protected contests are readable without, but not submittable).
 */
export async function assertCanSubmitToContest(
  db: Db,
  user: CurrentUser,
  contest: ContestRow,
): Promise<void> {
  if (isContestAdmin(user, contest)) return;
  const status = contestStatus(contest, nowIso());
  if (status === ContestStatus.SCHEDULED) throw forbidden('contest.notStarted');
  if (status === ContestStatus.ENDED && !bool(contest.allow_end_submit))
    throw forbidden('contest.endedNoSubmit');
  if (contest.auth !== ContestAuth.PUBLIC && !(await isRegistered(db, contest.id, user.uid))) {
    throw forbidden('contest.registerFirst');
  }
}
