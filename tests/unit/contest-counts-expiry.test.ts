// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  contestCountsChanged,
  contestCountsKey,
  createProblemCaches,
} from '@/server/services/problems/queries';
import type { ProblemCounts } from '@/shared/api/types';

/**
 * A contest's counts under its verdicts (docs/architecture.md, Caches of hot reads): a lone verdict
 * shows at the next read; a burst of verdicts makes the next reads answer the counts from before
 * (no reader waits for the group-by), and the counts show the burst within the second after it.
 */
describe("a contest's counts after verdicts", () => {
  const window = { from: '2026-01-01T00:00:00.000Z', until: null };
  const counts = (total: number) => new Map<number, ProblemCounts>([[1, { total } as ProblemCounts]]);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('reloads at once after a lone verdict, and once a second under many', async () => {
    const caches = createProblemCaches();
    const key = contestCountsKey(7, window);
    let loads = 0;
    let total = 0;
    const read = async () =>
      (
        await caches.contestCounts.get(key, async () => {
          loads++;
          return counts(total);
        })
      ).get(1)?.total;
    expect(await read()).toBe(0);
    const other = contestCountsKey(8, window);
    let otherLoads = 0;
    const readOther = () =>
      caches.contestCounts.get(other, async () => {
        otherLoads++;
        return counts(5);
      });
    await readOther();
    // a lone verdict: the next read loads the new counts
    total = 1;
    contestCountsChanged(caches, 7);
    expect(await read()).toBe(1);
    expect(loads).toBe(2);
    // a burst within the second after it: reads keep answering without loading
    for (let i = 0; i < 20; i++) {
      total++;
      contestCountsChanged(caches, 7);
      expect(await read()).toBe(1);
    }
    expect(loads).toBe(2);
    // when the second is over the counts are made stale: one read answers the old ones while one
    // load fetches the new, and the next read has them
    await sleep(1100);
    await read();
    await sleep(10);
    expect(await read()).toBe(21);
    expect(loads).toBe(3);
    // another contest's counts were never dropped
    await readOther();
    expect(otherLoads).toBe(1);
    caches.contestCountsExpiry.clear();
  });
});
