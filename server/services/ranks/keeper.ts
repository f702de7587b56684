import type { Db } from '../../db/database';
import { rebuildRankStats, refreshProblemStats, refreshUserStats } from './stats';

/**
 * Keeps the rank records current as judging work changes (subscribed where the app is assembled,
 * services/cache/judge-listeners.ts). Verdicts arrive in bursts: the work is queued per user, so one
 * user's refreshes never run at once in this process and a burst of verdicts for one user costs
 * one refresh of the problems they touched. A problem's change of visibility is queued apart, one
 * at a time. A failed refresh is logged; the user's next verdict writes the truth again.
 */
export class RankStatsKeeper {
  private readonly pending = new Map<string, Set<number>>();
  private readonly running = new Map<string, Promise<void>>();
  private problems: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly hooks: {
      /** the records of some users changed: caches built from them are out of date */
      changed(): void;
      failed(err: unknown): void;
    },
  ) {}

  /** A submission outside contests was made, judged, requeued or cancelled. */
  submissionChanged(uid: string, pid: number): void {
    const pids = this.pending.get(uid) ?? new Set<number>();
    pids.add(pid);
    this.pending.set(uid, pids);
    if (!this.running.has(uid)) this.run(uid);
  }

  /** Who may see a problem changed (`problemId`, its display id; every problem when absent). */
  problemChanged(problemId: string | undefined): void {
    this.problems = this.problems
      .then(() =>
        problemId === undefined ? rebuildRankStats(this.db) : refreshProblemStats(this.db, problemId),
      )
      .then(() => this.hooks.changed())
      .catch((err) => this.hooks.failed(err));
  }

  /** Resolves once the work queued so far is done (closing the server; tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
    await this.problems;
  }

  private run(uid: string): void {
    const work = (async () => {
      for (let pids = this.take(uid); pids; pids = this.take(uid)) {
        try {
          await refreshUserStats(this.db, uid, [...pids]);
          this.hooks.changed();
        } catch (err) {
          this.hooks.failed(err);
        }
      }
    })().finally(() => {
      this.running.delete(uid);
      // work that arrived after the loop's last look starts its own run
      if (this.pending.has(uid)) this.run(uid);
    });
    this.running.set(uid, work);
  }

  private take(uid: string): Set<number> | undefined {
    const pids = this.pending.get(uid);
    this.pending.delete(uid);
    return pids;
  }
}
