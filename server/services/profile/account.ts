import { sql } from 'kysely';
import type { RegisterCodeSent } from '../../../shared/api/account-types';
import type { ChangeAccountResult } from '../../../shared/api/profile-types';
import type { UserInfo } from '../../../shared/api/types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import { PROFILE } from '../../../shared/constants/profile';
import { M } from '../../../shared/schemas/forms';
import type { UserInfoUpdate } from '../../../shared/schemas/profile';
import type { Db } from '../../db/database';
import type { AccountDeps } from '../auth/account-deps';
import { checkCode, consumeCode, deleteCode, randomDigits, saveCode } from '../auth/codes';
import { emailAllowed } from '../auth/email-rules';
import { clearFailuresOfUser } from '../auth/login-throttle';
import { hashPassword } from '../auth/passwords';
import { sessionChanged } from '../auth/sessions';
import { findUserByEmail, findUserByUid, isUniqueViolation, roleIdsOf, toUserInfo } from '../auth/users';
import { nowIso } from '../clock';
import { AppError, badRequest, unauthorized } from '../errors';
import { sendPersonalNotice } from '../messages/notices';
import { takeRateLock } from '../site/rate-lock';
import { loadSettings } from '../site/settings';
import { checkAccountPassword } from './password-check';

/** The user's login info as login returns it (the web keeps it as `userInfo`). */
export async function currentUserInfo(db: Db, uid: string): Promise<UserInfo> {
  const row = await findUserByUid(db, uid);
  if (!row) throw unauthorized('server.loginExpired');
  return toUserInfo(row, await roleIdsOf(db, uid));
}

/**
 * POST /api/change-userInfo: the fields sent change (blank clears one), the others stay. The
 * username, e-mail and roles never change here (the schema drops them).
 */
export async function updateUserInfo(db: Db, uid: string, form: UserInfoUpdate): Promise<UserInfo> {
  const changes = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    await db.kysely
      .updateTable('user_info')
      .set({ ...changes, gmt_modified: nowIso() })
      .where('uuid', '=', uid)
      .execute();
  }
  return currentUserInfo(db, uid);
}

/**
 * POST /api/change-password: the old password (counted, see password-check), then the new one.
 * Every token of the user dies (token version), so the client logs in again, and the user gets a
 * notice in their message box saying when it happened.
 */
export async function changePassword(
  deps: Pick<AccountDeps, 'db' | 't'> & { onNoticeError?: (error: unknown) => void },
  uid: string,
  form: { oldPassword: string; newPassword: string },
): Promise<ChangeAccountResult> {
  const { db, t } = deps;
  const user = await checkAccountPassword(db, uid, form.oldPassword);
  const now = nowIso();
  await db.kysely
    .updateTable('user_info')
    .set({
      password: await hashPassword(form.newPassword),
      token_version: sql<number>`token_version + 1`,
      gmt_modified: now,
    })
    .where('uuid', '=', uid)
    .execute();
  sessionChanged(uid);
  await clearFailuresOfUser(db, user.username);
  try {
    await sendPersonalNotice(db, {
      recipientUid: uid,
      title: t('profile.notice.passwordChangedTitle'),
      content: t('profile.notice.passwordChangedBody', { time: now }),
    });
  } catch (error) {
    // the password has changed all the same: say so, and log why the notice is missing
    deps.onNoticeError?.(error);
  }
  return { code: 200, msg: t('profile.server.passwordChanged'), userInfo: null };
}

function checkSuffix(settings: Awaited<ReturnType<typeof loadSettings>>, email: string) {
  const { emailSuffixAllow: allow, emailSuffixDeny: deny } = settings.switches;
  if (!emailAllowed(email, { allow, deny })) throw badRequest('server.emailSuffixRefused');
}

async function checkNewEmail(db: Db, uid: string, email: string) {
  const owner = await findUserByEmail(db, email);
  if (owner?.uuid === uid) throw badRequest('profile.server.emailUnchanged');
  if (owner) throw badRequest(M.emailExists);
}

const codeSubject = (uid: string, email: string) => `${uid}|${email}`;
const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * GET /api/get-change-email-code: mails a 6-digit code (10 minutes, kept as an HMAC, bound to the
 * user and the new address) to an address the site's suffix rules allow and nobody uses; one
 * request per user every 60 s.
 */
export async function sendChangeEmailCode(
  deps: AccountDeps,
  uid: string,
  email: string,
): Promise<RegisterCodeSent> {
  const { db } = deps;
  const settings = await loadSettings(db);
  checkSuffix(settings, email);
  await checkNewEmail(db, uid, email);
  const lockKey = `change-email-code:${uid}`;
  const wait = await takeRateLock(db, lockKey, PROFILE.emailCodeResendSeconds);
  if (wait > 0) throw new AppError(429, 'server.codeSendTooFast', { seconds: wait }, { seconds: wait });

  const code = randomDigits(ACCOUNT.registerCodeLength);
  const subject = codeSubject(uid, email);
  await saveCode(db, deps.hasher, 'change-email', subject, code, ACCOUNT.registerCodeTtlSeconds);
  const mail = {
    subject: deps.t('profile.mail.changeEmailSubject', { site: settings.web.shortName }),
    text: deps.t('profile.mail.changeEmailBody', {
      site: settings.web.shortName,
      code,
      minutes: minutes(ACCOUNT.registerCodeTtlSeconds),
    }),
  };
  try {
    await deps.mail.send({ to: email, ...mail });
  } catch (error) {
    deps.onMailError?.(error);
    await deleteCode(db.kysely, 'change-email', subject);
    await db.kysely.deleteFrom('rate_lock').where('key', '=', lockKey).execute();
    throw new AppError(500, 'server.mailFailed');
  }
  const msg = deps.t('server.registerCodeSent', { email, minutes: minutes(ACCOUNT.registerCodeTtlSeconds) });
  return { email, expire: ACCOUNT.registerCodeTtlSeconds, msg };
}

/**
 * POST /api/change-email: the password (counted with change-password's), then the mailed code of
 * this user and address (5 wrong codes drop it), then the address, which must still be free.
 */
export async function changeEmail(
  deps: AccountDeps,
  uid: string,
  form: { password: string; newEmail: string; code: string },
): Promise<ChangeAccountResult> {
  const { db } = deps;
  await checkAccountPassword(db, uid, form.password);
  checkSuffix(await loadSettings(db), form.newEmail);
  await checkNewEmail(db, uid, form.newEmail);
  const subject = codeSubject(uid, form.newEmail);
  const check = await checkCode(
    db,
    deps.hasher,
    'change-email',
    subject,
    form.code,
    ACCOUNT.registerCodeMaxAttempts,
  );
  if (check === 'missing') throw badRequest('server.registerCodeMissing');
  if (check === 'wrong') throw badRequest('server.registerCodeWrong');
  try {
    await db.kysely.transaction().execute(async (trx) => {
      if (!(await consumeCode(trx, deps.hasher, 'change-email', subject, form.code))) {
        throw badRequest('server.registerCodeMissing');
      }
      await trx
        .updateTable('user_info')
        .set({ email: form.newEmail, gmt_modified: nowIso() })
        .where('uuid', '=', uid)
        .execute();
    });
  } catch (error) {
    // another account took the address meanwhile
    if (isUniqueViolation(error)) throw badRequest(M.emailExists);
    throw error;
  }
  return {
    code: 200,
    msg: deps.t('profile.server.emailChanged', { email: form.newEmail }),
    userInfo: await currentUserInfo(db, uid),
  };
}
