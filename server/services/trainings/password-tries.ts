import { TRAINING_PASSWORD_GUARD } from '../../../shared/constants/trainings';
import type { Db } from '../../db/database';
import { countPasswordTry, type TryStore } from '../site/password-tries';

/** Wrong training passwords per training and user (`training_password_try`; the rule: site/password-tries.ts). */
function trainingTries(db: Db, tid: number, uid: string): TryStore {
  return {
    read: () =>
      db.kysely
        .selectFrom('training_password_try')
        .select(['failures', 'retry_at', 'expires_at'])
        .where('tid', '=', tid)
        .where('uid', '=', uid)
        .executeTakeFirst(),
    insert: async (values) =>
      !!(await db.kysely
        .insertInto('training_password_try')
        .values({ tid, uid, ...values })
        .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing())
        .returning('tid')
        .executeTakeFirst()),
    replace: async (previous, values) => {
      const updated = await db.kysely
        .updateTable('training_password_try')
        .set(values)
        .where('tid', '=', tid)
        .where('uid', '=', uid)
        .where('failures', '=', previous.failures)
        .where('retry_at', '=', previous.retry_at)
        .where('expires_at', '=', previous.expires_at)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

/**
 * Counts one password try of the user for the training, or refuses it (429) while a wait runs.
 * @returns the seconds the next try will wait if this one is wrong (0: none)
 */
export const countTrainingPasswordTry = (db: Db, tid: number, uid: string): Promise<number> =>
  countPasswordTry(trainingTries(db, tid, uid), TRAINING_PASSWORD_GUARD, 'training.passwordTooFast');

/** The right password: the user starts afresh, and expired rows of anyone go on the way. */
export async function forgetTrainingPasswordTries(db: Db, tid: number, uid: string): Promise<void> {
  await db.kysely.deleteFrom('training_password_try').where('tid', '=', tid).where('uid', '=', uid).execute();
  await db.kysely
    .deleteFrom('training_password_try')
    .where('expires_at', '<', new Date().toISOString())
    .execute();
}
