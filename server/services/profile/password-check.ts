import type { PasswordRefusal } from '../../../shared/api/profile-types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import { PROFILE } from '../../../shared/constants/profile';
import type { Db } from '../../db/database';
import { clearFailures, countAttempt, type FailureRule, lockedMinutes } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import { findUserByUid } from '../auth/users';
import { AppError, unauthorized } from '../errors';

/**
 * The password check of the account settings (HOJ counts failed password and e-mail changes and
 * locks them for a while). One counter per user covers change-password and change-email, since
 * both guess the same password: rows of `login_failure` under `account-password|<uid>`, counted
 * before the password is checked (one atomic upsert, like the login's), so parallel guesses cannot
 * all slip under the limit. After 5 wrong passwords both changes are refused for 30 minutes
 * (ACCOUNT.failureWindowMinutes, the login lock's length); a right password forgets the failures.
 */
const keyOf = (uid: string) => `account-password|${uid}`;
const LIMIT = PROFILE.passwordFailuresBeforeLock;
const RULE: FailureRule = { lockAfter: LIMIT, windowMs: ACCOUNT.failureWindowMinutes * 60_000 };

const lockedError = (minutes: number) =>
  new AppError(429, 'profile.server.passwordLocked', { minutes }, {
    code: 429,
    minutes,
  } satisfies PasswordRefusal);

/**
 * Checks the user's current password for an account change; returns the user's row. A wrong one
 * is refused (400, with the tries left) and counted; the 5th locks (429).
 */
export async function checkAccountPassword(db: Db, uid: string, password: string) {
  const key = keyOf(uid);
  const locked = await lockedMinutes(db, key, RULE);
  if (locked > 0) throw lockedError(locked);
  const user = await findUserByUid(db, uid);
  if (!user) throw unauthorized('server.loginExpired');

  const attempt = await countAttempt(db, key, user.username, RULE);
  if (attempt > LIMIT) throw lockedError(ACCOUNT.failureWindowMinutes);
  if (!(await verifyPassword(password, user.password))) {
    if (attempt >= LIMIT) throw lockedError(ACCOUNT.failureWindowMinutes);
    const triesLeft = LIMIT - attempt;
    throw new AppError(400, 'profile.server.passwordWrong', { triesLeft }, {
      code: 400,
      triesLeft,
    } satisfies PasswordRefusal);
  }
  await clearFailures(db, key);
  return user;
}
