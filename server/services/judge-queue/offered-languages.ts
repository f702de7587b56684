/**
 * Keeps the language registry's knowledge of the judges current (docs/scaling.md, Remote judges:
 * their languages) the way the other caches of hot reads are kept (docs/architecture.md, Caches of
 * hot reads): what this process hears from a judge (hello, claims, progress) is told to the
 * registry at once, in memory; what other replicas heard is read from judge_server every few
 * seconds, one small query per replica, never per request.
 */
import type { Db } from '../../db/database';
import type { LanguageRegistry } from '../languages';
import { judgeRegistry } from './judge-registry';

/** Languages announced to another replica are offered here within this time. */
export const LANGUAGE_REFRESH_MS = 5000;

export interface LanguageKeeper {
  /** reads judge_server now (tests; a replica's start) */
  refresh(): Promise<void>;
  stop(): void;
}

export async function keepLanguagesCurrent(
  db: Db,
  languages: LanguageRegistry,
  options: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): Promise<LanguageKeeper> {
  const registry = judgeRegistry(db);
  const unsubscribe = registry.onSeen((key, told) => languages.judgeSeen(key, told));
  let running: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    running ??= registry
      .announced(languages.onlineMs)
      .then((rows) => languages.merge(rows))
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => {
        running = null;
      });
    return running;
  };
  // a replica started after a judge said hello offers its languages from its first request
  await refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs ?? LANGUAGE_REFRESH_MS);
  timer.unref();
  return {
    refresh,
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
