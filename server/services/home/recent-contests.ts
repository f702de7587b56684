import type { ContestVO } from '../../../shared/api/contest-types';
import { HOME_LIMITS } from '../../../shared/constants/ranks';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';
import { registrationCounts } from '../contests/contest-store';
import { toContestVo } from '../contests/contest-vo';
import type { HomeCaches } from './home-cache';

/** The end of the day `days` days from today (server time): HOJ compares dates, not times. */
function endOfDayIn(days: number, now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days + 1).toISOString();
}

/**
 * HOJ GET /api/get-recent-contest: visible contests outside groups that have not ended and start
 * within 14 days, the latest start first (HOJ), with their participant counts.
 */
export async function getRecentContests(db: Db, caches: HomeCaches): Promise<ContestVO[]> {
  const rows = await caches.contests.get('recent', () =>
    db.kysely
      .selectFrom('contest')
      .selectAll()
      .where('visible', '=', 1)
      .where('gid', 'is', null)
      .where('start_time', '<', endOfDayIn(HOME_LIMITS.recentContestDays))
      .where('end_time', '>', nowIso())
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );
  const now = nowIso();
  const open = rows.filter((r) => r.end_time > now);
  const counts = await registrationCounts(
    db,
    open.map((r) => r.id),
  );
  return open.map((r) => toContestVo(r, now, counts.get(r.id) ?? 0));
}
