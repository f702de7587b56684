import type { AcmRankItem, OiRankItem, WeekLeader } from '../../../shared/api/rank-types';
import type { Page } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import { AtMostEvery } from '../cache/at-most-every';
import { ReadCache } from '../cache/read-cache';
import { RankStatsKeeper } from './keeper';

/**
 * How old a rank page or the week's leaders may be: HOJ keeps a rank page 60 s. A change of the
 * records in this process makes them stale, at most once per `dropEveryMs`: the next request still
 * answers at once and refreshes them in the background, so a busy judge never makes a visitor wait
 * for the query (other replicas catch up within the minute).
 */
export const RANK_CACHE = { ttlMs: 60_000, dropEveryMs: 1_000 } as const;

/** The rank pages and the week's leaders, with the keeper of the records they are read from. */
export class RankCaches {
  readonly pages = new ReadCache<Page<AcmRankItem> | Page<OiRankItem>>({ max: 500, ttlMs: RANK_CACHE.ttlMs });
  readonly leaders = new ReadCache<WeekLeader[]>({ max: 1, ttlMs: RANK_CACHE.ttlMs });
  readonly keeper: RankStatsKeeper;
  private readonly expiry = new AtMostEvery(RANK_CACHE.dropEveryMs);

  constructor(db: Db, onError: (err: unknown) => void) {
    this.keeper = new RankStatsKeeper(db, { changed: () => this.recordsChanged(), failed: onError });
  }

  /** Makes the cached pages stale now, or once the last time is `dropEveryMs` old. */
  recordsChanged(): void {
    this.expiry.run('ranks', () => {
      this.pages.expireAll();
      this.leaders.expireAll();
    });
  }
}
