/**
 * Creating many accounts at once (batch import and generation): names and addresses checked
 * against each other and the site, ignoring case as registration does; passwords hashed as
 * registration hashes them; every account written in one transaction, so a refusal creates none.
 */
import { sql } from 'kysely';
import { USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import { hashPassword } from '../../auth/passwords';
import { insertUser, isUniqueViolation } from '../../auth/users';
import { badRequest } from '../../errors';

export interface NewAccount {
  username: string;
  password: string;
  email: string | null;
  realname: string | null;
  gender: string | null;
  nickname: string | null;
  school: string | null;
}

const CHUNK = 500;

/** Values that occur more than once, ignoring case (the first spelling of each). */
function repeated(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out = new Map<string, string>();
  for (const v of values) {
    const key = v.toLowerCase();
    if (seen.has(key) && !out.has(key)) out.set(key, v);
    seen.add(key);
  }
  return [...out.values()];
}

/** The values of `column` already on the site, compared in lower case, in the order given. */
async function existing(db: Db, column: 'username' | 'email', values: readonly string[]): Promise<string[]> {
  const keys = [...new Set(values.map((v) => v.toLowerCase()))];
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom('user_info')
      .select(sql<string>`lower(${sql.ref(column)})`.as('v'))
      .where(sql`lower(${sql.ref(column)})`, 'in', keys.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(r.v);
  }
  return values.filter((v) => found.has(v.toLowerCase()));
}

/** A list of names for a message: the first few, then "…". */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, USER_ADMIN_LIMITS.namesShown).join(', ');
  return names.length > USER_ADMIN_LIMITS.namesShown ? `${shown}, …` : shown;
}

/** Refuses (400, naming them) usernames or e-mails repeated in the list or taken on the site. */
export async function assertAllNew(db: Db, accounts: readonly NewAccount[]): Promise<void> {
  const names = accounts.map((a) => a.username);
  const takenNames = [...new Set([...repeated(names), ...(await existing(db, 'username', names))])];
  if (takenNames.length > 0) throw badRequest('userAdmin.usernamesTaken', { names: listed(takenNames) });
  const emails = accounts.flatMap((a) => (a.email ? [a.email] : []));
  const takenEmails = [...new Set([...repeated(emails), ...(await existing(db, 'email', emails))])];
  if (takenEmails.length > 0) throw badRequest('userAdmin.emailsTaken', { emails: listed(takenEmails) });
}

/**
 * argon2id hashes, two at a time: each takes about 75 ms of a core and 64 MiB, and logins on the
 * same server must keep getting their turn while a thousand accounts are made.
 */
async function hashAll(passwords: readonly string[]): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i] ?? '');
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/**
 * Writes the accounts (role default_user) in one transaction, with `more` run inside it too.
 * Hashing happens before, outside the transaction: it must never hold SQLite's one connection. A
 * name or address taken meanwhile by a registration rolls everything back and is named.
 */
export async function createAccounts(
  db: Db,
  accounts: readonly NewAccount[],
  more?: (trx: Db['kysely']) => Promise<void>,
): Promise<string[]> {
  await assertAllNew(db, accounts);
  const hashes = await hashAll(accounts.map((a) => a.password));
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const uids: string[] = [];
      for (const [i, a] of accounts.entries()) {
        const uid = await insertUser(trx, {
          username: a.username,
          email: a.email,
          nickname: a.nickname,
          school: a.school,
          passwordHash: hashes[i] ?? '',
        });
        if (a.realname !== null || a.gender !== null)
          await trx
            .updateTable('user_info')
            .set({ realname: a.realname, gender: a.gender })
            .where('uuid', '=', uid)
            .execute();
        uids.push(uid);
      }
      await more?.(trx);
      return uids;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // lost a race with a registration: say which
    await assertAllNew(db, accounts);
    throw error;
  }
}
