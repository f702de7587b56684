import { sql } from 'kysely';
import type { CalendarHeatmap, HeatmapDay } from '../../../shared/api/profile-types';
import { PROFILE } from '../../../shared/constants/profile';
import type { Db } from '../../db/database';
import { findHomeUser } from './home';

const DAY_MS = 24 * 3600_000;

/** YYYY-MM-DD of an instant in a time zone. */
function dayIn(timeZone: string): (instant: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (instant) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

/** The calendar day `days` before a YYYY-MM-DD day. */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * GET /api/get-user-calendar-heatmap: the user's submissions per day over the last year (today
 * and the 365 days before it), in the caller's time zone (UTC unless given). The database groups
 * by UTC hour on the judge_uid_time index (at most ~8,800 rows a year however many submissions);
 * the hours are then put on local days. A zone off UTC by a half hour puts submissions of the
 * half hour around midnight on the neighbouring day.
 */
export async function getCalendarHeatmap(
  db: Db,
  query: { uid?: string; username?: string; timeZone?: string },
  now = new Date(),
): Promise<CalendarHeatmap> {
  const user = await findHomeUser(db, query);
  const localDay = dayIn(query.timeZone ?? 'UTC');
  const endDate = localDay(now);
  const startDate = daysBefore(endDate, PROFILE.heatmapDays);
  // two days of margin: no zone is more than 14 hours off UTC
  const since = new Date(Date.parse(`${startDate}T00:00:00Z`) - 2 * DAY_MS).toISOString();
  const hour = sql<string>`substr(submit_time, 1, 13)`;
  const rows = await db.kysely
    .selectFrom('judge')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('uid', '=', user.uuid)
    .where('submit_time', '>=', since)
    .groupBy(hour)
    .execute();
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const day = localDay(new Date(`${row.hour}:00:00Z`));
    if (day < startDate || day > endDate) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + Number(row.n));
  }
  const dataList: HeatmapDay[] = [...perDay]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, count]) => ({ date, count }));
  return { uid: user.uuid, endDate, dataList };
}
