import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AtMostEvery } from '../../server/services/cache/at-most-every';

/** The throttle of cache changes: a lone change at once, a burst collapsed into one run a period later. */
describe('AtMostEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a lone change at once, and a burst after it once, when the period is up', () => {
    const runs: string[] = [];
    const every = new AtMostEvery(1000);
    const change = () =>
      every.run(
        '7',
        () => runs.push('now'),
        () => runs.push('later'),
      );
    change();
    expect(runs).toEqual(['now']);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(10);
      change();
    }
    expect(runs).toEqual(['now']);
    vi.advanceTimersByTime(500);
    expect(runs).toEqual(['now', 'later']);
    // changes keep coming: still one run per period, each a 'later'
    change();
    vi.advanceTimersByTime(999);
    expect(runs).toEqual(['now', 'later']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['now', 'later', 'later']);
    // a quiet period, then a lone change runs at once again
    vi.advanceTimersByTime(5000);
    change();
    expect(runs).toEqual(['now', 'later', 'later', 'now']);
  });

  it('keeps keys apart', () => {
    const runs: string[] = [];
    const every = new AtMostEvery(1000);
    every.run('1', () => runs.push('1'));
    every.run('2', () => runs.push('2'));
    every.run('1', () => runs.push('1 again'));
    expect(runs).toEqual(['1', '2']);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual(['1', '2', '1 again']);
  });

  it('clear cancels what waits', () => {
    const runs: string[] = [];
    const every = new AtMostEvery(1000);
    every.run('1', () => runs.push('now'));
    every.run('1', () => runs.push('later'));
    every.clear();
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual(['now']);
  });
});
