import { CONTEST_GUARDS } from '../../../shared/constants/contests';
import type { Db } from '../../db/database';
import { AppError } from '../errors';

/**
 * Wrong contest passwords per contest and user (rows of `contest_password_try`, so replicas share them).
 * The first `freeTries` wrong passwords cost nothing; from then on each wrong one makes the next try wait,
 * `firstWaitSeconds` after the last free one and twice as long after each further one, up to
 * `maxWaitSeconds`. While a wait runs no password is checked at all, so nothing can be learnt from trying.
 * The count is forgotten `forgetAfterSeconds` after the last wrong password, and at once after the right one.
 *
 * A try is counted before the password is compared (a compare-and-set on the row, retried when another
 * request changed it first), with the wait it would start if it turns out wrong: parallel guesses therefore
 * take turns, and exactly `freeTries` of a burst are checked before the wait starts.
 */
const G = CONTEST_GUARDS.password;
const ATTEMPTS = 50;

/** Seconds the next try must wait after `failures` wrong passwords. */
export function waitAfter(failures: number): number {
  if (failures < G.freeTries) return 0;
  return Math.min(G.maxWaitSeconds, G.firstWaitSeconds * 2 ** (failures - G.freeTries));
}

const secondsUntil = (iso: string, now: number) => Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
const tooFast = (seconds: number) =>
  new AppError(429, 'contestLimits.passwordTooFast', { seconds }, { seconds });

/**
 * Counts one password try of the user for the contest, or refuses it (429) while a wait runs.
 * @returns the seconds the next try will have to wait if this one is wrong (0: none)
 */
export async function countPasswordTry(db: Db, cid: number, uid: string): Promise<number> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const now = Date.now();
    const nowText = new Date(now).toISOString();
    const row = await db.kysely
      .selectFrom('contest_password_try')
      .selectAll()
      .where('cid', '=', cid)
      .where('uid', '=', uid)
      .executeTakeFirst();
    const live = row && row.expires_at > nowText ? row : undefined;
    if (live && live.retry_at > nowText) throw tooFast(secondsUntil(live.retry_at, now));
    const failures = (live?.failures ?? 0) + 1;
    const wait = waitAfter(failures);
    const values = {
      failures,
      retry_at: new Date(now + wait * 1000).toISOString(),
      expires_at: new Date(now + G.forgetAfterSeconds * 1000).toISOString(),
    };
    if (!row) {
      const inserted = await db.kysely
        .insertInto('contest_password_try')
        .values({ cid, uid, ...values })
        .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
        .returning('cid')
        .executeTakeFirst();
      if (inserted) return wait;
      continue;
    }
    const updated = await db.kysely
      .updateTable('contest_password_try')
      .set(values)
      .where('cid', '=', cid)
      .where('uid', '=', uid)
      .where('failures', '=', row.failures)
      .where('retry_at', '=', row.retry_at)
      .where('expires_at', '=', row.expires_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return wait;
  }
  // a row changed under this request every time: someone is hammering it; this try waits too
  throw tooFast(1);
}

/** The right password: this user starts afresh in this contest, and forgotten rows of anyone go on the way. */
export async function forgetPasswordTries(db: Db, cid: number, uid: string): Promise<void> {
  await db.kysely.deleteFrom('contest_password_try').where('cid', '=', cid).where('uid', '=', uid).execute();
  await db.kysely
    .deleteFrom('contest_password_try')
    .where('expires_at', '<', new Date().toISOString())
    .execute();
}
