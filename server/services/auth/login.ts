import { sql } from 'kysely';
import type { LoginRefusal } from '../../../shared/api/account-types';
import type { UserInfo } from '../../../shared/api/types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import type { LoginBody } from '../../../shared/schemas/forms';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';
import { AppError, forbidden } from '../errors';
import { recordLogin } from './login-sessions';
import {
  accountFailureKey,
  clearFailures,
  countAttempt,
  failureKey,
  lockedMinutes,
  PER_ACCOUNT,
  PER_ADDRESS,
  uncountAttempt,
} from './login-throttle';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { solveLoginPuzzle } from './puzzle';
import { sessionChanged } from './sessions';
import type { TokenService } from './tokens';
import { findUserByUsername, roleIdsOf, toUserInfo } from './users';

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** Checked against when the user does not exist, so both cases take as long. */
let dummyHash: Promise<string> | null = null;

const refuse = (status: 400 | 429, key: string, needPuzzle: boolean, params?: Record<string, number>) =>
  new AppError(status, key, params, { needPuzzle } satisfies LoginRefusal);

/**
 * HOJ's /api/login with the limits enforced here: from the 6th attempt after 5 failures of this
 * username from this IP a solved slide puzzle must come with the password; after 20 failures within
 * 30 minutes every attempt is refused for 30 minutes. Across every address, 50 failures of one
 * account within an hour refuse its logins for an hour (docs/security.md, Accounts and passwords). A
 * correct password forgets the failures, and a hash made with older parameters is replaced.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  form: Pick<LoginBody, 'puzzleKey' | 'puzzleX'> & { username: string; password: string },
  ip: string,
  /** the User-Agent header, kept with the login record (the admin dashboard shows it) */
  userAgent?: string,
): Promise<LoginResult> {
  const key = failureKey(form.username, ip);
  const accountKey = accountFailureKey(form.username);
  const accountLocked = await lockedMinutes(db, accountKey, PER_ACCOUNT);
  if (accountLocked > 0) throw refuse(429, 'server.accountLoginLocked', true, { minutes: accountLocked });
  const locked = await lockedMinutes(db, key, PER_ADDRESS);
  if (locked > 0) throw refuse(429, 'server.tooManyLoginFailures', true, { minutes: locked });

  const attempt = await countAttempt(db, key, form.username, PER_ADDRESS);
  const accountAttempt = await countAttempt(db, accountKey, form.username, PER_ACCOUNT);
  const takeBack = async () => {
    await uncountAttempt(db, key);
    await uncountAttempt(db, accountKey);
  };
  if (attempt > ACCOUNT.lockAfterFailures) {
    throw refuse(429, 'server.tooManyLoginFailures', true, { minutes: ACCOUNT.failureWindowMinutes });
  }
  if (accountAttempt > ACCOUNT.accountLockAfterFailures) {
    throw refuse(429, 'server.accountLoginLocked', true, { minutes: ACCOUNT.accountFailureWindowMinutes });
  }
  if (attempt > ACCOUNT.puzzleAfterFailures) {
    if (!form.puzzleKey || form.puzzleX === undefined || form.puzzleX === null) {
      await takeBack();
      throw refuse(400, 'server.puzzleRequired', true);
    }
    if (!(await solveLoginPuzzle(db, form.puzzleKey, Number(form.puzzleX)))) {
      await takeBack();
      throw refuse(400, 'server.puzzleFailed', true);
    }
  }

  const user = await findUserByUsername(db, form.username);
  dummyHash ??= hashPassword('not a password 1');
  const stored = user?.password ?? (await dummyHash);
  // The same answer, in the same time, for an unknown user and a wrong password: no username oracle.
  if (!(await verifyPassword(form.password, stored)) || !user) {
    throw refuse(400, 'server.loginFailed', attempt >= ACCOUNT.puzzleAfterFailures);
  }
  await clearFailures(db, key);
  await clearFailures(db, accountKey);
  if (needsRehash(user.password)) {
    // only while the password is in hand: the older hash is replaced by one at today's cost
    await db.kysely
      .updateTable('user_info')
      .set({ password: await hashPassword(form.password) })
      .where('uuid', '=', user.uuid)
      .where('password', '=', user.password)
      .execute();
  }
  if (user.status === 1) throw forbidden('server.accountBanned');
  // the user home shows when the user was last seen
  await db.kysely
    .updateTable('user_info')
    .set({ last_login_time: nowIso() })
    .where('uuid', '=', user.uuid)
    .execute();
  await recordLogin(db, user.uuid, ip, userAgent);
  const roleIds = await roleIdsOf(db, user.uuid);
  return { token: await tokens.issue(user.uuid, user.token_version), userInfo: toUserInfo(user, roleIds) };
}

/** Logout revokes every token of the user, on every device (HOJ semantics). */
export async function revokeTokens(db: Db, uid: string): Promise<void> {
  await db.kysely
    .updateTable('user_info')
    .set({ token_version: sql<number>`token_version + 1` })
    .where('uuid', '=', uid)
    .execute();
  sessionChanged(uid);
}
