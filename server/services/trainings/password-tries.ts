import { TRAINING_PASSWORD_GUARD as G } from '../../../shared/constants/trainings';
import type { Db } from '../../db/database';
import { AppError } from '../errors';

/**
 * Wrong training passwords per training and user (rows of `training_password_try`, so replicas
 * share them), counted as wrong contest passwords are: the first `freeTries` cost nothing, then
 * each wrong one makes the next try wait, twice as long each time up to `maxWaitSeconds`; while a
 * wait runs no password is compared at all. A try is counted before the comparison (a
 * compare-and-set on the row, retried when another request changed it first), so parallel guesses
 * take turns.
 */
const ATTEMPTS = 50;

/** Seconds the next try must wait after `failures` wrong passwords. */
export function trainingWaitAfter(failures: number): number {
  if (failures < G.freeTries) return 0;
  return Math.min(G.maxWaitSeconds, G.firstWaitSeconds * 2 ** (failures - G.freeTries));
}

const secondsUntil = (iso: string, now: number) => Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
const tooFast = (seconds: number) => new AppError(429, 'training.passwordTooFast', { seconds }, { seconds });

/**
 * Counts one password try of the user for the training, or refuses it (429) while a wait runs.
 * @returns the seconds the next try will wait if this one is wrong (0: none)
 */
export async function countTrainingPasswordTry(db: Db, tid: number, uid: string): Promise<number> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const now = Date.now();
    const nowText = new Date(now).toISOString();
    const row = await db.kysely
      .selectFrom('training_password_try')
      .selectAll()
      .where('tid', '=', tid)
      .where('uid', '=', uid)
      .executeTakeFirst();
    const live = row && row.expires_at > nowText ? row : undefined;
    if (live && live.retry_at > nowText) throw tooFast(secondsUntil(live.retry_at, now));
    const failures = (live?.failures ?? 0) + 1;
    const wait = trainingWaitAfter(failures);
    const values = {
      failures,
      retry_at: new Date(now + wait * 1000).toISOString(),
      expires_at: new Date(now + G.forgetAfterSeconds * 1000).toISOString(),
    };
    if (!row) {
      const inserted = await db.kysely
        .insertInto('training_password_try')
        .values({ tid, uid, ...values })
        .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing())
        .returning('tid')
        .executeTakeFirst();
      if (inserted) return wait;
      continue;
    }
    const updated = await db.kysely
      .updateTable('training_password_try')
      .set(values)
      .where('tid', '=', tid)
      .where('uid', '=', uid)
      .where('failures', '=', row.failures)
      .where('retry_at', '=', row.retry_at)
      .where('expires_at', '=', row.expires_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return wait;
  }
  // the row changed under this request every time: someone is hammering it; this try waits too
  throw tooFast(1);
}

/** The right password: the user starts afresh, and expired rows of anyone go on the way. */
export async function forgetTrainingPasswordTries(db: Db, tid: number, uid: string): Promise<void> {
  await db.kysely.deleteFrom('training_password_try').where('tid', '=', tid).where('uid', '=', uid).execute();
  await db.kysely
    .deleteFrom('training_password_try')
    .where('expires_at', '<', new Date().toISOString())
    .execute();
}
