import type { RegisterCodeSent, UsernameOrEmailTaken } from '../../../shared/api/account-types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import { M } from '../../../shared/schemas/forms';
import { AppError, badRequest, forbidden } from '../errors';
import { registerCodeMail } from '../mail/templates';
import { takeRateLock } from '../site/rate-lock';
import { enforceQuota } from '../site/rate-window';
import { loadSettings, type SiteSettings } from '../site/settings';
import type { AccountDeps } from './account-deps';
import { checkCode, consumeCode, deleteCode, randomDigits, saveCode } from './codes';
import { emailAllowed } from './email-rules';
import { hashPassword } from './passwords';
import { findUserByEmail, insertUser, isUniqueViolation, usernameTaken } from './users';

function checkOpen(settings: SiteSettings, email: string) {
  if (!settings.web.register) throw forbidden('server.registerDisabled');
  const { emailSuffixAllow: allow, emailSuffixDeny: deny } = settings.switches;
  if (!emailAllowed(email, { allow, deny })) throw badRequest('server.emailSuffixRefused');
}

const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * Mails a 6-digit code (kept as an HMAC for 10 minutes, one per e-mail) to an address that may
 * register: registration open, suffix rules, not taken, at most one request per 60 s.
 */
export async function sendRegisterCode(
  deps: AccountDeps,
  email: string,
  ip: string,
): Promise<RegisterCodeSent> {
  const { db } = deps;
  await enforceQuota(db, `ip:register-code:${ip}`, ACCOUNT.ipQuota.registerCode);
  const settings = await loadSettings(db);
  checkOpen(settings, email);
  if (await findUserByEmail(db, email)) throw badRequest(M.emailExists);
  const lockKey = `register-code:${email}`;
  const wait = await takeRateLock(db, lockKey, ACCOUNT.registerCodeResendSeconds);
  if (wait > 0) throw new AppError(429, 'server.codeSendTooFast', { seconds: wait }, { seconds: wait });

  const code = randomDigits(ACCOUNT.registerCodeLength);
  await saveCode(db, deps.hasher, 'register', email, code, ACCOUNT.registerCodeTtlSeconds);
  const mail = registerCodeMail(deps.t, {
    site: settings.web.shortName,
    code,
    minutes: minutes(ACCOUNT.registerCodeTtlSeconds),
  });
  try {
    await deps.mail.send({ to: email, ...mail });
  } catch (error) {
    deps.onMailError?.(error);
    await deleteCode(db.kysely, 'register', email);
    await db.kysely.deleteFrom('rate_lock').where('key', '=', lockKey).execute();
    throw new AppError(500, 'server.mailFailed');
  }
  const msg = deps.t('server.registerCodeSent', {
    email,
    minutes: minutes(ACCOUNT.registerCodeTtlSeconds),
  });
  return { email, expire: ACCOUNT.registerCodeTtlSeconds, msg };
}

/** POST /api/check-username-or-email: true where the name or address is taken. */
export async function checkUsernameOrEmail(
  deps: Pick<AccountDeps, 'db'>,
  query: { username?: string | null; email?: string | null },
): Promise<UsernameOrEmailTaken> {
  return {
    username: query.username ? await usernameTaken(deps.db, query.username) : false,
    email: query.email ? !!(await findUserByEmail(deps.db, query.email)) : false,
  };
}

/**
 * Creates an ordinary user (role 1002) when the e-mail code is right. Taken names and addresses
 * are refused with their own messages (validation.usernameExists, emailExists), also when two
 * requests race for the same one (the database's unique keys decide, and the code is only used up
 * when the user is created).
 */
export async function register(
  deps: AccountDeps,
  form: { username: string; password: string; email: string; code: string },
): Promise<void> {
  const { db } = deps;
  checkOpen(await loadSettings(db), form.email);
  if (await usernameTaken(db, form.username)) throw badRequest(M.usernameExists);
  if (await findUserByEmail(db, form.email)) throw badRequest(M.emailExists);
  const check = await checkCode(
    db,
    deps.hasher,
    'register',
    form.email,
    form.code,
    ACCOUNT.registerCodeMaxAttempts,
  );
  if (check === 'missing') throw badRequest('server.registerCodeMissing');
  if (check === 'wrong') throw badRequest('server.registerCodeWrong');

  const passwordHash = await hashPassword(form.password);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      if (!(await consumeCode(trx, deps.hasher, 'register', form.email, form.code))) {
        throw badRequest('server.registerCodeMissing');
      }
      await insertUser(trx, { username: form.username, email: form.email, passwordHash });
    });
  } catch (error) {
    // Lost a race: another request took the name or the address (or used this very code for it).
    const codeGone = error instanceof AppError && error.key === 'server.registerCodeMissing';
    if (!isUniqueViolation(error) && !codeGone) throw error;
    if (await findUserByEmail(db, form.email)) throw badRequest(M.emailExists);
    if (codeGone) throw error;
    throw badRequest(M.usernameExists);
  }
}
