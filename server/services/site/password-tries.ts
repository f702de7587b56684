import { AppError } from '../errors';

/**
 * Wrong passwords per place (a contest, a training) and user, kept in a table of the place's own
 * so replicas share them. The first `freeTries` wrong passwords cost nothing; from then on each
 * wrong one makes the next try wait, `firstWaitSeconds` after the last free one and twice as long
 * after each further one, up to `maxWaitSeconds`. While a wait runs no password is checked at all,
 * so nothing can be learnt from trying. The count is forgotten `forgetAfterSeconds` after the last
 * wrong password, and at once after the right one.
 *
 * A try is counted before the password is compared (a compare-and-set on the row, retried when
 * another request changed it first), with the wait it would start if it turns out wrong: parallel
 * guesses therefore take turns, and exactly `freeTries` of a burst are checked before the wait starts.
 */
export interface PasswordGuard {
  freeTries: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  forgetAfterSeconds: number;
}

export interface TryRow {
  failures: number;
  retry_at: string;
  expires_at: string;
}

/** The row of one place and user, in the place's own table. */
export interface TryStore {
  read(): Promise<TryRow | undefined>;
  /** false when another request inserted it first */
  insert(values: TryRow): Promise<boolean>;
  /** false when the row is no longer `previous` */
  replace(previous: TryRow, values: TryRow): Promise<boolean>;
}

const ATTEMPTS = 50;

/** Seconds the next try must wait after `failures` wrong passwords. */
export function waitAfter(guard: PasswordGuard, failures: number): number {
  if (failures < guard.freeTries) return 0;
  return Math.min(guard.maxWaitSeconds, guard.firstWaitSeconds * 2 ** (failures - guard.freeTries));
}

const secondsUntil = (iso: string, now: number) => Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));

/**
 * Counts one password try, or refuses it (429 with `tooFastKey` and the seconds left) while a wait runs.
 * @returns the seconds the next try will have to wait if this one is wrong (0: none)
 */
export async function countPasswordTry(
  store: TryStore,
  guard: PasswordGuard,
  tooFastKey: string,
): Promise<number> {
  const tooFast = (seconds: number) => new AppError(429, tooFastKey, { seconds }, { seconds });
  for (let i = 0; i < ATTEMPTS; i++) {
    const row = await store.read();
    // the clock is read after the row: a try written while this read waited is never "in the future"
    const now = Date.now();
    const nowText = new Date(now).toISOString();
    const live = row && row.expires_at > nowText ? row : undefined;
    // only a row past its free tries holds a wait; the others' retry_at is merely when they were written,
    // which another replica's clock (or this one's, a moment on) may put after this request's now
    const waiting = live && waitAfter(guard, live.failures) > 0 && live.retry_at > nowText;
    if (waiting) throw tooFast(secondsUntil(live.retry_at, now));
    const failures = (live?.failures ?? 0) + 1;
    const wait = waitAfter(guard, failures);
    const values = {
      failures,
      retry_at: new Date(now + wait * 1000).toISOString(),
      expires_at: new Date(now + guard.forgetAfterSeconds * 1000).toISOString(),
    };
    if (row ? await store.replace(row, values) : await store.insert(values)) return wait;
  }
  // the row changed under this request every time: someone is hammering it; this try waits too
  throw tooFast(1);
}
