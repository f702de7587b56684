/**
 * The server's schedule for the file store's collector (gc.ts; docs/operations.md, Bounded disk):
 * once shortly after the start, then once a day. Replicas of one site share the database and
 * DATA_DIR, so one collection a day is enough and more would only compete: each replica asks for
 * a lease row in rate_lock (as the per-user limits do) and only the one that gets it collects.
 * A restart within the lease collects nothing either.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FILE_STORE_GC } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import { takeRateLock } from '../site/rate-lock';
import { collectFiles } from './gc';
import type { FileStore } from './store';

/** The rate_lock row of the day's collection. */
export const DAILY_LEASE_KEY = 'files-gc:daily';

export interface FilesGcTimer {
  /** clears the timers and waits for a collection under way */
  stop(): Promise<void>;
}

export function startFilesGcTimer(
  deps: { db: Db; files: FileStore; log: FastifyBaseLogger },
  options: { firstDelayMs: number; intervalMs?: number },
): FilesGcTimer {
  const intervalMs = options.intervalMs ?? FILE_STORE_GC.intervalMs;
  // a little shorter than the interval: the replica that collected today may collect tomorrow
  // although its timer fires a moment earlier than today's lease was taken
  const leaseSeconds = Math.max(1, Math.floor((intervalMs * 0.9) / 1000));
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      const leaseLeft = await takeRateLock(deps.db, DAILY_LEASE_KEY, leaseSeconds);
      if (leaseLeft > 0) {
        deps.log.debug(
          { leaseLeftSeconds: leaseLeft },
          'file store collection: today’s is done or under way',
        );
        return;
      }
      const outcome = await collectFiles(deps);
      if (!outcome.ran) {
        deps.log.info(
          { busySeconds: outcome.busySeconds },
          'file store collection skipped: another one runs',
        );
        return;
      }
      deps.log.info({ filesGc: outcome.report }, 'file store collected');
    })()
      // a failed collection removes nothing more; the next day's tries again
      .catch((err: unknown) => deps.log.error({ err }, 'file store collection failed'))
      .finally(() => {
        running = null;
      });
  };

  const first = setTimeout(tick, options.firstDelayMs);
  const daily = setInterval(tick, intervalMs);
  first.unref();
  daily.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
