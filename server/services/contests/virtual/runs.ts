import type { VirtualState } from '../../../../shared/api/virtual-types';
import { ContestAuth, ContestStatus } from '../../../../shared/constants/contests';
import { VIRTUAL_LIMITS } from '../../../../shared/constants/virtual-participation';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { isContestAdmin } from '../../authz';
import { nowIso } from '../../clock';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { countRequest } from '../../site/rate-window';
import { loadVisibleContest } from '../access';
import { type ContestRow, isRegistered } from '../contest-store';
import { loadImportedFeed } from '../feed/imported';
import { contestStatus } from '../status';

/** A user's virtual run of a contest (contest_virtual). */
export interface VirtualRunRow {
  id: number;
  cid: number;
  uid: string;
  start_time: string;
  end_time: string;
}

/** The caller's run of this contest, running or over, or null. */
export async function findRun(db: Db, cid: number, uid: string): Promise<VirtualRunRow | null> {
  const row = await db.kysely
    .selectFrom('contest_virtual')
    .select(['id', 'cid', 'uid', 'start_time', 'end_time'])
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ?? null;
}

export const isRunning = (run: VirtualRunRow, now: string): boolean =>
  now >= run.start_time && now < run.end_time;

/**
 * Whether the contest's board was sealed at the run's elapsed time: the seal is set and the run is as far
 * from its start as the seal was from the contest's.
 */
export function sealedAtElapsed(contest: ContestRow, run: VirtualRunRow, now: string = nowIso()): boolean {
  if (!bool(contest.seal_rank) || !contest.seal_rank_time) return false;
  const sealOffset = Date.parse(contest.seal_rank_time) - Date.parse(contest.start_time);
  return Date.parse(now) - Date.parse(run.start_time) >= sealOffset;
}

/**
 * The instant of the real contest as far after its start as the run now is after its own (never past
 * the contest's end): what the virtual participant's board and counts read up to.
 */
export function elapsedCutoff(contest: ContestRow, run: VirtualRunRow, now: string): string {
  const startMs = Date.parse(contest.start_time);
  const elapsed = Math.max(0, Date.parse(now) - Date.parse(run.start_time));
  return new Date(Math.min(startMs + elapsed, Date.parse(contest.end_time) - 1)).toISOString();
}

/** The caller's run of this contest when its clock is going now, else null. */
export async function runningRun(
  db: Db,
  contest: ContestRow,
  user: CurrentUser | null,
  now: string = nowIso(),
): Promise<VirtualRunRow | null> {
  if (!user || contestStatus(contest, now) !== ContestStatus.ENDED) return null;
  const run = await findRun(db, contest.id, user.uid);
  return run && isRunning(run, now) ? run : null;
}

/**
 * Why this user may not take part virtually in this contest, or null when they may: only an ended
 * contest (an imported event feed has nothing to submit to), and only those who could have taken part
 * in it: its admins, anyone in a public one, the registered in a private or protected one.
 */
async function refusal(
  db: Db,
  user: CurrentUser,
  contest: ContestRow,
  now: string,
): Promise<AppError | null> {
  if (contestStatus(contest, now) !== ContestStatus.ENDED) return badRequest('virtual.notEnded');
  if (await loadImportedFeed(db, contest.id)) return badRequest('virtual.importedFeed');
  if (isContestAdmin(user, contest)) return null;
  if (contest.auth !== ContestAuth.PUBLIC && !(await isRegistered(db, contest.id, user.uid))) {
    return forbidden('virtual.notAllowedIn');
  }
  return null;
}

function stateOf(cid: number, now: string, canStart: boolean, run: VirtualRunRow | null): VirtualState {
  return {
    cid,
    now,
    canStart,
    run: run && {
      id: run.id,
      cid: run.cid,
      startTime: run.start_time,
      endTime: run.end_time,
      running: isRunning(run, now),
    },
  };
}

/** GET /api/contest/virtual: the caller's run of the contest and whether they may start one. */
export async function virtualState(db: Db, user: CurrentUser | null, cid: number): Promise<VirtualState> {
  if (!user) throw unauthorized();
  const contest = await loadVisibleContest(db, user, cid);
  const now = nowIso();
  const run = await findRun(db, cid, user.uid);
  const canStart = !run && (await refusal(db, user, contest, now)) === null;
  return stateOf(cid, now, canStart, run);
}

/**
 * POST /api/contest/virtual: starts the caller's virtual run now, for the contest's length. One run per
 * user and contest (VIRTUAL_LIMITS.runsPerContest, the unique index settles two starts at once), and
 * VIRTUAL_LIMITS.start starts per user per window, counted last so a refused start costs nothing.
 */
export async function startVirtual(db: Db, user: CurrentUser | null, cid: number): Promise<VirtualState> {
  if (!user) throw unauthorized();
  const contest = await loadVisibleContest(db, user, cid);
  const now = nowIso();
  const refused = await refusal(db, user, contest, now);
  if (refused) throw refused;
  const existing = await findRun(db, cid, user.uid);
  if (existing) throw alreadyTaken(existing, now);
  const quota = VIRTUAL_LIMITS.start;
  const used = await countRequest(db, `virtual-start:${user.uid}`, quota.windowSeconds);
  if (used.count > quota.max) {
    const minutes = Math.max(1, Math.ceil(used.resetSeconds / 60));
    throw new AppError(
      429,
      'virtual.tooManyStarts',
      { max: quota.max, windowMinutes: quota.windowSeconds / 60, minutes },
      { seconds: used.resetSeconds },
    );
  }
  const lengthMs = Date.parse(contest.end_time) - Date.parse(contest.start_time);
  const end = new Date(Date.parse(now) + lengthMs).toISOString();
  try {
    await db.kysely
      .insertInto('contest_virtual')
      .values({ cid, uid: user.uid, start_time: now, end_time: end, gmt_create: now })
      .execute();
  } catch (e) {
    // a start of the same user at the same moment won the unique index
    const raced = await findRun(db, cid, user.uid);
    if (raced) throw alreadyTaken(raced, now);
    throw e;
  }
  return stateOf(cid, now, false, await findRun(db, cid, user.uid));
}

function alreadyTaken(run: VirtualRunRow, now: string): AppError {
  return isRunning(run, now)
    ? new AppError(409, 'virtual.alreadyRunning')
    : new AppError(409, 'virtual.alreadyDone');
}
