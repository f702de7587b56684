import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isoAfter } from '../clock';
import { AppError } from '../errors';

export interface Quota {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window and returns the count so far and the seconds
 * until the window ends. One atomic upsert (SQLite and PostgreSQL): replicas share the counters.
 */
export async function countRequest(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetSeconds: number }> {
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const expired = sql<boolean>`rate_window.window_end <= ${nowText}`;
  const row = await db.kysely
    .insertInto('rate_window')
    .values({ key, count: 1, window_end: isoAfter(windowSeconds * 1000, now) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb.case().when(expired).then(1).else(sql<number>`rate_window.count + 1`).end(),
        window_end: eb
          .case()
          .when(expired)
          .then(eb.ref('excluded.window_end'))
          .else(eb.ref('rate_window.window_end'))
          .end(),
      })),
    )
    .returning(['count', 'window_end'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // a window just (re)started: drop the windows of other keys that ended, so the table stays small
  if (count === 1) await db.kysely.deleteFrom('rate_window').where('window_end', '<', nowText).execute();
  // a request that read the clock before a concurrent one started the window sees it end a little
  // more than a window away: never said as more than the window itself
  const left = Math.ceil((Date.parse(row.window_end) - now) / 1000);
  return { count, resetSeconds: Math.min(windowSeconds, Math.max(1, left)) };
}

/** Throws 429 with the minutes to wait once `key` has been used more than quota.max times in its window. */
export async function enforceQuota(db: Db, key: string, quota: Quota): Promise<void> {
  const { count, resetSeconds } = await countRequest(db, key, quota.windowSeconds);
  if (count > quota.max) {
    const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
    throw new AppError(429, 'server.tooManyFromAddress', { minutes }, { seconds: resetSeconds });
  }
}
