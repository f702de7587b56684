import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContestTable } from '../../db/schema';
import { ReadCache } from '../cache/read-cache';

/**
 * Contest rows kept for a second (docs/architecture.md, Caches of hot reads): every call inside a
 * contest reads its row, and a contest of a thousand contestants makes about a thousand such calls
 * a second. Writes in this process drop the row at once (`contestRowChanged`); other replicas see a
 * change within the second. Kept per database, so servers sharing a process never mix their rows.
 */
const caches = new WeakMap<Db, ReadCache<{ row: Selectable<ContestTable> }>>();
const TTL_MS = 1000;

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache({ max: 1000, ttlMs: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The contest's row, at most a second old, as a copy the caller may change; undefined when there is none. */
export async function cachedContestRow(db: Db, cid: number): Promise<Selectable<ContestTable> | undefined> {
  try {
    const { row } = await cacheOf(db).get(String(cid), async () => {
      const row = await db.kysely.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirst();
      // a contest made a moment later must be found: no row is not kept
      if (!row) throw NONE;
      return { row };
    });
    return { ...row };
  } catch (err) {
    if (err === NONE) return undefined;
    throw err;
  }
}

const NONE = new Error('no such contest');

/** A write changed the contest (or, without an id, any number of contests): read it afresh next time. */
export function contestRowChanged(db: Db, cid?: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (cid === undefined) cache.clear();
  else cache.delete(String(cid));
}
