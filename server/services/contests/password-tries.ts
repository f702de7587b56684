import { CONTEST_GUARDS } from '../../../shared/constants/contests';
import type { Db } from '../../db/database';
import { countPasswordTry as countTry, type TryStore } from '../site/password-tries';

/** Wrong contest passwords per contest and user (`contest_password_try`; the rule: site/password-tries.ts). */
function contestTries(db: Db, cid: number, uid: string): TryStore {
  return {
    read: () =>
      db.kysely
        .selectFrom('contest_password_try')
        .select(['failures', 'retry_at', 'expires_at'])
        .where('cid', '=', cid)
        .where('uid', '=', uid)
        .executeTakeFirst(),
    insert: async (values) =>
      !!(await db.kysely
        .insertInto('contest_password_try')
        .values({ cid, uid, ...values })
        .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
        .returning('cid')
        .executeTakeFirst()),
    replace: async (previous, values) => {
      const updated = await db.kysely
        .updateTable('contest_password_try')
        .set(values)
        .where('cid', '=', cid)
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
 * Counts one password try of the user for the contest, or refuses it (429) while a wait runs.
 * @returns the seconds the next try will have to wait if this one is wrong (0: none)
 */
export const countPasswordTry = (db: Db, cid: number, uid: string): Promise<number> =>
  countTry(contestTries(db, cid, uid), CONTEST_GUARDS.password, 'contestLimits.passwordTooFast');

/** The right password: this user starts afresh in this contest, and forgotten rows of anyone go on the way. */
export async function forgetPasswordTries(db: Db, cid: number, uid: string): Promise<void> {
  await db.kysely.deleteFrom('contest_password_try').where('cid', '=', cid).where('uid', '=', uid).execute();
  await db.kysely
    .deleteFrom('contest_password_try')
    .where('expires_at', '<', new Date().toISOString())
    .execute();
}
