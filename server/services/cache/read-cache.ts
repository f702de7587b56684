import { LRUCache } from 'lru-cache';

/**
 * A small read-through cache for hot, public reads (problem details, list totals): entries live
 * `ttlMs`; a stale entry is answered at once while one background load refreshes it, and
 * concurrent misses of one key share a single load. Values are whatever the loader returns;
 * a loader that throws caches nothing.
 *
 * Replicas each keep their own: what is cached must be fine to be `ttlMs` old (counts, totals,
 * statements that root edits rarely); writes in this process call `delete`/`clear` too.
 */
export class ReadCache<V extends object> {
  private readonly cache: LRUCache<string, V, () => Promise<V>>;
  /** counts expireAll calls: a load that started before one must not come back fresh */
  private generation = 0;

  constructor(options: { max: number; ttlMs: number }) {
    this.cache = new LRUCache<string, V, () => Promise<V>>({
      max: options.max,
      ttl: options.ttlMs,
      allowStale: true,
      // A write that drops (or expires) a key while it loads cancels that load; the reads waiting
      // on it then get the value from before the write, as they began before it, or, when there
      // was none, load afresh (`get`), instead of failing with the cancellation.
      allowStaleOnFetchAbort: true,
      fetchMethod: async (_key, _stale, { context, options }) => {
        const generation = this.generation;
        const value = await context();
        // expired while it loaded: kept already stale, so the next read loads it again
        if (generation !== this.generation) options.ttl = 1;
        return value;
      },
    });
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const value = await this.cache.fetch(key, { context: load });
    return value ?? load();
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  /** drops every entry whose key passes the test */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.cache.keys()]) if (test(key)) this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * Makes every entry stale without dropping it: the next read of each answers the old value at
   * once and refreshes it in the background (for reads whose first load is too slow to wait for).
   */
  expireAll(): void {
    this.expireWhere(() => true);
  }

  /** `expireAll` for the entries whose key passes the test. */
  expireWhere(test: (key: string) => boolean): void {
    this.generation++;
    for (const [key, value] of [...this.cache.entries()])
      if (test(key)) this.cache.set(key, value, { ttl: 1 });
  }
}
