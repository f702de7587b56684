import { sql } from 'kysely';
import type { SubmissionStatistics } from '../../../shared/api/home-types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { HOME_LIMITS } from '../../../shared/constants/ranks';
import type { Db } from '../../db/database';
import type { HomeCaches } from './home-cache';

/** MM-dd of a local date (HOJ's labels). */
const label = (d: Date) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The midnights (server time) starting each of the last `days` days, oldest first, and the one
 * after today: the edges of the chart's buckets.
 */
function dayEdges(days: number, now = new Date()): Date[] {
  return Array.from(
    { length: days + 1 },
    (_, i) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1) + i),
  );
}

/**
 * Counts of every submission (contests included, as HOJ) in each of the days: one range scan of
 * the `judge (submit_time, status)` index, bucketed by the day edges.
 */
async function countWeek(db: Db): Promise<SubmissionStatistics> {
  const edges = dayEdges(HOME_LIMITS.chartDays);
  const iso = edges.map((d) => d.toISOString());
  const bucket = sql<number>`case ${sql.join(
    iso.slice(1, -1).map((edge, i) => sql`when submit_time < ${edge} then ${i}`),
    sql` `,
  )} else ${iso.length - 2} end`;
  const days = db.kysely
    .selectFrom('judge')
    .select([bucket.as('day'), 'status'])
    .where('submit_time', '>=', iso[0] ?? '')
    .where('submit_time', '<', iso[iso.length - 1] ?? '')
    .as('d');
  const rows = await db.kysely
    .selectFrom(days)
    .select([
      'd.day',
      (eb) => eb.fn.countAll<number | string>().as('total'),
      sql<number | string>`sum(case when d.status = ${JudgeStatus.ACCEPTED} then 1 else 0 end)`.as('ac'),
    ])
    .groupBy('d.day')
    .execute();
  const ac = new Array<number>(HOME_LIMITS.chartDays).fill(0);
  const total = new Array<number>(HOME_LIMITS.chartDays).fill(0);
  for (const r of rows) {
    ac[Number(r.day)] = Number(r.ac);
    total[Number(r.day)] = Number(r.total);
  }
  return { dateStrList: edges.slice(0, -1).map(label), acCountList: ac, totalCountList: total };
}

/**
 * HOJ GET /api/get-last-week-submission-statistics: today and the six days before it, oldest
 * first. `fresh` (root's forceRefresh, as HOJ) counts again and keeps the new counts.
 */
export async function getSubmissionStatistics(
  db: Db,
  caches: HomeCaches,
  fresh: boolean,
): Promise<SubmissionStatistics> {
  if (fresh) caches.statistics.clear();
  return caches.statistics.get('week', () => countWeek(db));
}
