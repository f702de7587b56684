import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/services/cache/read-cache';

/** ReadCache.expireAll (the ranks' caches): stale answers at once, never a load that predates it kept fresh. */
describe('ReadCache.expireAll', () => {
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('answers the old value at once after it, and the reloaded one next', async () => {
    const cache = new ReadCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    let n = 0;
    const load = async () => ({ n: ++n });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    cache.expireAll();
    await tick();
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    await tick();
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });

  it('keeps a load that was running when it came already stale, so the next read loads again', async () => {
    const cache = new ReadCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    let n = 0;
    let release: () => void = () => {};
    const slow = () =>
      new Promise<{ n: number }>((resolve) => {
        const value = { n: ++n };
        release = () => resolve(value);
      });
    const first = cache.get('k', slow);
    cache.expireAll();
    release();
    expect(await first).toEqual({ n: 1 });
    await tick();
    // the first value is answered while the second load runs, then the second is kept
    const second = cache.get('k', slow);
    release();
    expect(await second).toEqual({ n: 1 });
    await tick();
    expect(await cache.get('k', slow)).toEqual({ n: 2 });
  });
});

describe('ReadCache.expireWhere', () => {
  it('makes only the matching entries stale', async () => {
    const cache = new ReadCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    let n = 0;
    const load = async () => ({ n: ++n });
    await cache.get('1|a', load);
    await cache.get('2|a', load);
    cache.expireWhere((key) => key.startsWith('1|'));
    await new Promise((r) => setTimeout(r, 5));
    // the stale one answers its old value once while it reloads; the other was never touched
    expect(await cache.get('1|a', load)).toEqual({ n: 1 });
    expect(await cache.get('2|a', load)).toEqual({ n: 2 });
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('1|a', load)).toEqual({ n: 3 });
  });
});
