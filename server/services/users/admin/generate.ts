/**
 * HOJ POST /api/admin/user/generate-user: accounts prefix + n + suffix with random passwords,
 * and the key under which their list waits 30 minutes for its download by the same admin.
 */
import { randomInt } from 'node:crypto';
import type { GeneratedUsers } from '../../../../shared/api/user-admin-types';
import {
  type GenerateUsersParams,
  generatedUsername,
  USER_ADMIN_LIMITS,
} from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { assertCanAdministerUsers, takeQuota } from './access';
import { createAccounts, type NewAccount } from './accounts';
import { type GeneratedAccountVault, newDownloadKey, storeGenerated } from './vault';

/** Letters and digits a reader cannot mistake for each other: no 0/O/o, 1/l/I. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * A password from the system's cryptographic source, each character drawn without bias; drawn
 * again until it holds a letter and a digit, as the site asks of a password a user chooses.
 */
export function randomAccountPassword(length: number): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/\d/.test(out) && /[A-Za-z]/.test(out)) return out;
  }
}

export async function generateUsers(
  deps: { db: Db; vault: GeneratedAccountVault },
  user: CurrentUser,
  params: GenerateUsersParams,
): Promise<GeneratedUsers> {
  assertCanAdministerUsers(user);
  await takeQuota(deps.db, 'generate', user, USER_ADMIN_LIMITS.quota.generate);
  const accounts: NewAccount[] = [];
  for (let n = params.number_from; n <= params.number_to; n++) {
    accounts.push({
      username: generatedUsername(params.prefix, n, params.suffix),
      password: randomAccountPassword(params.password_length),
      email: null,
      realname: params.realnames?.[n - params.number_from] ?? null,
      gender: null,
      nickname: null,
      school: null,
    });
  }
  const key = newDownloadKey();
  await createAccounts(deps.db, accounts, (trx) =>
    storeGenerated(trx, deps.vault, {
      key,
      uid: user.uid,
      accounts: accounts.map((a) => ({ username: a.username, password: a.password, realname: a.realname })),
    }),
  );
  return { key, created: accounts.length };
}
