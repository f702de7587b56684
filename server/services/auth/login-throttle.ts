import { sql } from 'kysely';
import { ACCOUNT } from '../../../shared/constants/accounts';
import type { Db } from '../../db/database';
import { isoAfter, nowIso } from '../clock';

/**
 * Failed logins per username + IP (HOJ's try-login-num, in the database so replicas share it).
 * An attempt is counted before the password is checked, in one atomic upsert, so parallel
 * requests cannot all slip under the puzzle threshold; a correct password deletes the row.
 */
export const failureKey = (username: string, ip: string) => `${ip}|${username}`;
/** The same account from every address (no IP is `*`, so the keys never meet). */
export const accountFailureKey = (username: string) => `*|${username}`;

/** How many failures lock a key, and for how long after the last one. */
export interface FailureRule {
  lockAfter: number;
  windowMs: number;
}

export const PER_ADDRESS: FailureRule = {
  lockAfter: ACCOUNT.lockAfterFailures,
  windowMs: ACCOUNT.failureWindowMinutes * 60_000,
};
export const PER_ACCOUNT: FailureRule = {
  lockAfter: ACCOUNT.accountLockAfterFailures,
  windowMs: ACCOUNT.accountFailureWindowMinutes * 60_000,
};

/** Minutes left on a lock (the rule's failures within its window), or 0. */
export async function lockedMinutes(db: Db, key: string, rule: FailureRule): Promise<number> {
  const row = await db.kysely
    .selectFrom('login_failure')
    .select(['failures', 'expires_at'])
    .where('fail_key', '=', key)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!row || row.failures < rule.lockAfter) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.expires_at) - Date.now()) / 60_000));
}

/** Counts one attempt; returns how many there are now, this one included. */
export async function countAttempt(
  db: Db,
  key: string,
  username: string,
  rule: FailureRule,
): Promise<number> {
  const now = nowIso();
  const expires = isoAfter(rule.windowMs);
  const row = await db.kysely
    .insertInto('login_failure')
    .values({ fail_key: key, username, failures: 1, expires_at: expires })
    .onConflict((oc) =>
      oc.column('fail_key').doUpdateSet({
        failures: sql<number>`case when login_failure.expires_at <= ${now} then 1 else login_failure.failures + 1 end`,
        expires_at: expires,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Takes back an attempt that never reached the password check (no or a wrong puzzle). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable('login_failure')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('fail_key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** A correct password: this key starts afresh, and forgotten rows of anyone are dropped on the way. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('login_failure').where('fail_key', '=', key).execute();
  await db.kysely.deleteFrom('login_failure').where('expires_at', '<', nowIso()).execute();
}

/** After a password reset the user starts afresh from every address. */
export async function clearFailuresOfUser(db: Db, username: string): Promise<void> {
  await db.kysely.deleteFrom('login_failure').where('username', '=', username).execute();
}
