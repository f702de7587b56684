import { sql } from 'kysely';
import { Role } from '../../../shared/constants/roles';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { groupRootUids } from '../groups/contests-access';
import { isSealedFor } from './access';
import type { ContestRow } from './contest-store';

/**
 * Which of a contest's submissions a caller's counts and lists take in: from the start, up to the
 * seal time when the board is sealed for the caller, otherwise up to the end, or without an end when
 * the contest allows after-contest submissions and the caller asks for them (containsEnd) on an
 * unsealed board. The seal: docs/architecture.md, Contests: access, visibility, boards.
 */
export interface ContestWindow {
  from: string;
  /** exclusive upper bound, null when after-contest submissions are included */
  until: string | null;
  sealed: boolean;
}

export function contestWindow(
  contest: ContestRow,
  user: CurrentUser | null,
  options: { forceRefresh: boolean; containsEnd: boolean },
): ContestWindow {
  const sealed = isSealedFor(contest, user, options.forceRefresh);
  if (sealed) return { from: contest.start_time, until: contest.seal_rank_time, sealed };
  const afterEnd = options.containsEnd && bool(contest.allow_end_submit);
  return { from: contest.start_time, until: afterEnd ? null : contest.end_time, sealed };
}

/**
 * Users whose submissions never enter a contest's board or counts: its creator and every super
 * admin (HOJ drops root users and the creator), and for a group's contest the group's roots (HOJ).
 */
export async function excludedFromBoard(db: Db, contest: ContestRow): Promise<string[]> {
  const [roots, groupRoots] = await Promise.all([
    db.kysely.selectFrom('user_role').select('uid').where('role_id', '=', Role.ROOT).execute(),
    contest.gid === null ? Promise.resolve([]) : groupRootUids(db, contest.gid),
  ]);
  return [...new Set([contest.uid, ...roots.map((r) => r.uid), ...groupRoots])];
}

/** `submit_time` inside the window, as a Kysely filter over the judge table. */
export function inWindow(window: ContestWindow) {
  return window.until === null
    ? sql<boolean>`judge.submit_time >= ${window.from}`
    : sql<boolean>`judge.submit_time >= ${window.from} and judge.submit_time < ${window.until}`;
}
