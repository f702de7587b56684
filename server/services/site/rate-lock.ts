import type { Db } from '../../db/database';
import { isoAfter, nowIso } from '../clock';

/**
 * A lock that expires (HOJ keeps these in Redis; here they are rows, so API replicas share them).
 * One atomic upsert: returns 0 when taken, or the seconds left on a lock someone holds.
 */
export async function takeRateLock(db: Db, key: string, seconds: number): Promise<number> {
  if (seconds <= 0) return 0;
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const taken = await db.kysely
    .insertInto('rate_lock')
    .values({ key, expires_at: isoAfter(seconds * 1000, now) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
        .where('rate_lock.expires_at', '<=', nowText),
    )
    .returning('key')
    .executeTakeFirst();
  if (taken) {
    // expired locks of other keys would otherwise stay forever: one small delete per lock taken
    await sweepRateLocks(db);
    return 0;
  }
  const row = await db.kysely
    .selectFrom('rate_lock')
    .select('expires_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Math.max(1, Math.ceil((Date.parse(row.expires_at) - now) / 1000)) : 0;
}

export async function sweepRateLocks(db: Db): Promise<void> {
  await db.kysely.deleteFrom('rate_lock').where('expires_at', '<', nowIso()).execute();
}
