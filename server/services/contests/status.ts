import { type RawBuilder, sql } from 'kysely';
import { ContestStatus, type ContestStatusValue } from '../../../shared/constants/contests';

/** A contest's state from the clock: scheduled before the start, running until the end, then ended. */
export function contestStatus(
  contest: { start_time: string; end_time: string },
  now: string,
): ContestStatusValue {
  if (now < contest.start_time) return ContestStatus.SCHEDULED;
  if (now < contest.end_time) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** The same state as an SQL expression over the `contest` table (times are sortable ISO strings). */
export function contestStatusSql(now: string): RawBuilder<number> {
  return sql<number>`case when ${sql.ref('contest.start_time')} > ${now} then -1 when ${sql.ref(
    'contest.end_time',
  )} > ${now} then 0 else 1 end`;
}
