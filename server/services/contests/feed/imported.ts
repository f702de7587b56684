import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/database';
import { badRequest } from '../../errors';
import { type ImportedFeed, readEventFeed } from './read-feed';

/** Parsed feeds per database (tests run several servers in one process), the few most recent contests. */
const parsedFeeds = new WeakMap<Db, LRUCache<string, Promise<ImportedFeed | null>>>();
const CACHED_FEEDS = 8;

function cacheOf(db: Db): LRUCache<string, Promise<ImportedFeed | null>> {
  let cache = parsedFeeds.get(db);
  if (!cache) {
    cache = new LRUCache({ max: CACHED_FEEDS });
    parsedFeeds.set(db, cache);
  }
  return cache;
}

/** Whether the contest was imported from an event feed (such a contest is read-only). */
export async function isImportedContest(db: Db, cid: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('contest_event_feed')
    .select('id')
    .where('cid', '=', cid)
    .executeTakeFirst();
  return !!row;
}

/** 400 when the contest was imported from an event feed: its problems and results come from the feed only. */
export async function assertNotImported(db: Db, cid: number): Promise<void> {
  if (await isImportedContest(db, cid)) throw badRequest('eventFeed.readOnly');
}

/** The NDJSON an imported contest was created from, as uploaded; null for an ordinary contest. */
export async function storedEventFeed(db: Db, cid: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('contest_event_feed')
    .select('feed')
    .where('cid', '=', cid)
    .executeTakeFirst();
  return row?.feed ?? null;
}

/**
 * The parsed feed of an imported contest (null for an ordinary contest), for the rank service:
 * `computeScoreboard(feedToRankingInput(feed, { sealed }))`. Parsing a World Finals feed takes a while, so parsed
 * feeds are kept in memory, keyed by contest and by the stored row (a feed is never changed once stored).
 * The result is shared: do not mutate it.
 */
export async function loadImportedFeed(db: Db, cid: number): Promise<ImportedFeed | null> {
  const row = await db.kysely
    .selectFrom('contest_event_feed')
    .select('id')
    .where('cid', '=', cid)
    .executeTakeFirst();
  if (!row) return null;
  const cache = cacheOf(db);
  const key = `${cid}:${row.id}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = (async () => {
      const feed = await storedEventFeed(db, cid);
      return feed === null ? null : readEventFeed(feed);
    })();
    cache.set(key, pending);
    // a contest deleted meanwhile, or a failure: nothing worth keeping
    pending.then(
      (feed) => feed === null && cache.delete(key),
      () => cache.delete(key),
    );
  }
  return pending;
}
