import { sql } from 'kysely';
import { ACCOUNT } from '../../../shared/constants/accounts';
import { M } from '../../../shared/schemas/forms';
import { nowIso } from '../clock';
import { AppError, badRequest } from '../errors';
import { resetPasswordMail } from '../mail/templates';
import { mailLinkBase } from '../site/links';
import { takeRateLock } from '../site/rate-lock';
import { loadSettings } from '../site/settings';
import type { AccountDeps } from './account-deps';
import { consumeCaptcha } from './captcha';
import { consumeCode, deleteCode, randomToken, saveCode } from './codes';
import { clearFailuresOfUser } from './login-throttle';
import { hashPassword } from './passwords';
import { sessionChanged } from './sessions';
import { findUserByEmail, findUserByUsername } from './users';

const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * HOJ's apply-reset-password: the image captcha (one try), an existing e-mail, at most one
 * request per e-mail every 90 s; mails `<base>/reset-password?username=…&code=…` with a random
 * code kept as an HMAC for 10 minutes (a newer request replaces it).
 */
export async function applyResetPassword(
  deps: AccountDeps,
  form: { email: string; captcha: string; captchaKey: string },
  /** where links point: PUBLIC_URL, else the site setting baseUrl, else the address the server listens on */
  origin: { publicUrl: string | null; listenOrigin: string },
): Promise<string> {
  const { db } = deps;
  if (!(await consumeCaptcha(db, deps.hasher, form.captchaKey, form.captcha))) {
    throw badRequest('server.captchaWrong');
  }
  const user = await findUserByEmail(db, form.email);
  if (!user) throw badRequest(M.emailNotExist);
  const lockKey = `reset-password:${form.email}`;
  const wait = await takeRateLock(db, lockKey, ACCOUNT.resetResendSeconds);
  if (wait > 0) throw new AppError(429, 'server.resetTooFast', { seconds: wait }, { seconds: wait });

  const code = randomToken();
  await saveCode(db, deps.hasher, 'reset', user.uuid, code, ACCOUNT.resetCodeTtlSeconds);
  const query = new URLSearchParams({ username: user.username, code });
  const settings = await loadSettings(db);
  const base = mailLinkBase(origin.publicUrl, settings.web.baseUrl, origin.listenOrigin);
  const mail = resetPasswordMail(deps.t, {
    site: settings.web.shortName,
    username: user.username,
    link: `${base}/reset-password?${query}`,
    minutes: minutes(ACCOUNT.resetCodeTtlSeconds),
  });
  try {
    await deps.mail.send({ to: user.email ?? form.email, ...mail });
  } catch (error) {
    deps.onMailError?.(error);
    await deleteCode(db.kysely, 'reset', user.uuid);
    await db.kysely.deleteFrom('rate_lock').where('key', '=', lockKey).execute();
    throw new AppError(500, 'server.mailFailed');
  }
  return deps.t('server.resetMailSent', { email: form.email, minutes: minutes(ACCOUNT.resetCodeTtlSeconds) });
}

/**
 * Sets the new password when the mailed code is right (one use). Every token the user had is
 * revoked and their login failures are forgotten.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'hasher'>,
  form: { username: string; password: string; code: string },
): Promise<void> {
  const { db } = deps;
  const user = await findUserByUsername(db, form.username);
  if (!user) throw badRequest('server.resetCodeInvalid');
  const passwordHash = await hashPassword(form.password);
  const done = await db.kysely.transaction().execute(async (trx) => {
    if (!(await consumeCode(trx, deps.hasher, 'reset', user.uuid, form.code))) return false;
    await trx
      .updateTable('user_info')
      .set({
        password: passwordHash,
        token_version: sql<number>`token_version + 1`,
        gmt_modified: nowIso(),
      })
      .where('uuid', '=', user.uuid)
      .execute();
    return true;
  });
  if (!done) throw badRequest('server.resetCodeInvalid');
  sessionChanged(user.uuid);
  await clearFailuresOfUser(db, user.username);
}
