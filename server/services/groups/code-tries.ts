import { GROUP_CODE_GUARD } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import { countPasswordTry, type TryRow, type TryStore, waitAfter } from '../site/password-tries';

/**
 * Wrong invitation codes per group and user, limited exactly as contest passwords
 * (site/password-tries.ts; GROUP_CODE_GUARD). The count lives in a `rate_window` row (key, count,
 * window end), so groups need no table of their own: the count is the failures, the window's end
 * when the count is forgotten, and the time of the next allowed try follows from both (the last
 * failure was `forgetAfterSeconds` before the end, and the guard's wait runs from it).
 */
const keyOf = (gid: number, uid: string) => `group-code:${gid}:${uid}`;

function toTryRow(row: { count: number; window_end: string }): TryRow {
  const lastFailure = Date.parse(row.window_end) - GROUP_CODE_GUARD.forgetAfterSeconds * 1000;
  const failures = Number(row.count);
  return {
    failures,
    retry_at: new Date(lastFailure + waitAfter(GROUP_CODE_GUARD, failures) * 1000).toISOString(),
    expires_at: row.window_end,
  };
}

function codeTries(db: Db, key: string): TryStore {
  return {
    read: async () => {
      const row = await db.kysely
        .selectFrom('rate_window')
        .select(['count', 'window_end'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? toTryRow(row) : undefined;
    },
    insert: async (values) =>
      !!(await db.kysely
        .insertInto('rate_window')
        .values({ key, count: values.failures, window_end: values.expires_at })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst()),
    replace: async (previous, values) => {
      const updated = await db.kysely
        .updateTable('rate_window')
        .set({ count: values.failures, window_end: values.expires_at })
        .where('key', '=', key)
        .where('count', '=', previous.failures)
        .where('window_end', '=', previous.expires_at)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

/**
 * Counts one invitation-code try of the user for the group, or refuses it (429) while a wait runs.
 * @returns the seconds the next try will wait if this one is wrong (0: none)
 */
export const countGroupCodeTry = (db: Db, gid: number, uid: string): Promise<number> =>
  countPasswordTry(codeTries(db, keyOf(gid, uid)), GROUP_CODE_GUARD, 'group.codeTooFast');

/** The right code: the user starts afresh. */
export async function forgetGroupCodeTries(db: Db, gid: number, uid: string): Promise<void> {
  await db.kysely.deleteFrom('rate_window').where('key', '=', keyOf(gid, uid)).execute();
}
