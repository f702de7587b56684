/**
 * Wakes whoever waits for work in this process (in-process workers, long-polling remote judges)
 * when work is queued here. Work queued by another API replica is found by polling.
 *
 * One piece of work wakes one waiter, the longest waiting of those that can take it, not all of
 * them: with sixteen idle claim loops every submission used to send sixteen claims to the database,
 * fifteen of which found nothing (docs/scaling.md, The judge queue). A waiter that claims work wakes
 * the next one in turn (`notify()` without a kind), so a batch queued at once (a rejudge) still
 * spreads over every idle waiter, one claim after another.
 */

/** What was queued, as far as the waker knows it: a submission's or test run's language. */
export interface QueuedWork {
  language?: string;
  test?: boolean;
}

/** What a waiter can take: the languages it judges (absent: any), and whether it runs test runs. */
export interface WaiterFilter {
  languages?: readonly string[];
  testRuns?: boolean;
}

interface Waiter {
  filter: WaiterFilter;
  wake(): void;
}

const accepts = (filter: WaiterFilter, work: QueuedWork): boolean =>
  !(work.test && filter.testRuns === false) &&
  !(work.language !== undefined && filter.languages && !filter.languages.includes(work.language));

export class QueueSignal {
  /** oldest first */
  private waiters: Waiter[] = [];

  /** Wakes the longest-waiting waiter that can take `work` (any waiter when nothing is known of it). */
  notify(work: QueuedWork = {}): void {
    const i = this.waiters.findIndex((w) => accepts(w.filter, work));
    if (i < 0) return;
    const [waiter] = this.waiters.splice(i, 1);
    waiter?.wake();
  }

  /** How many wait now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves when woken by notify(), after ms, or when signal aborts, whichever comes first. */
  wait(ms: number, signal?: AbortSignal, filter: WaiterFilter = {}): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const waiter: Waiter = { filter, wake: () => done() };
      const done = () => {
        clearTimeout(timer);
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.push(waiter);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
