/**
 * Runs a change of a cache at most once per `everyMs` for each key: the first change after a quiet
 * spell runs at once (`now`), and the changes that follow within `everyMs` of it collapse into one
 * run (`later`) when that time is up. Under a burst of writes a cache is then reloaded about once
 * per `everyMs` instead of once per write, and a lone write still shows at once.
 */
export class AtMostEvery {
  private readonly lastRun = new Map<string, number>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(private readonly everyMs: number) {}

  run(key: string, now: () => void, later: () => void = now): void {
    if (this.pending.has(key)) return;
    const wait = (this.lastRun.get(key) ?? Number.NEGATIVE_INFINITY) + this.everyMs - Date.now();
    if (wait <= 0) {
      this.ranAt(key);
      now();
      return;
    }
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.ranAt(key);
      later();
    }, wait);
    timer.unref();
    this.pending.set(key, timer);
  }

  /** Forgets every key, cancelling what waits (for tests and shutdown). */
  clear(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.lastRun.clear();
  }

  private ranAt(key: string): void {
    const now = Date.now();
    // keys that last ran longer ago than everyMs decide nothing any more
    if (this.lastRun.size >= 1000) {
      for (const [k, at] of this.lastRun) if (now - at >= this.everyMs) this.lastRun.delete(k);
    }
    this.lastRun.set(key, now);
  }
}
