/**
 * The mail part of the admin console (HOJ's get-email-config, set-email-config, test-email): root
 * only. The password goes in and never comes out; the answer says which settings the mailer uses.
 */
import type { EmailConfig, TestEmailResult } from '../../../shared/api/admin-config-types';
import { SITE_ADMIN_LIMITS } from '../../../shared/constants/limits';
import type { EmailConfigChange } from '../../../shared/schemas/site-admin-config';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canAdminSite } from '../authz';
import { AppError, forbidden } from '../errors';
import { takeAdminQuota } from '../site/admin-quota';
import { loadSettings } from '../site/settings';
import { type MailSettingsStore, mailSource, type StoredMailSettings } from './mail-settings';
import type { Mailer } from './mailer';
import { type Translate, testMail } from './templates';

export interface MailAdminDeps {
  db: Db;
  store: MailSettingsStore;
  mail: Mailer;
  /** SMTP_URL: when set, it is what the mailer uses */
  smtpUrl: string | null;
}

/** The most of a mail server's error text that is shown. */
const ERROR_CHARS = 400;

export function assertCanAdminSite(user: CurrentUser): void {
  if (!canAdminSite(user)) throw forbidden('adminConfig.rootOnly');
}

function view(stored: StoredMailSettings, smtpUrl: string | null): EmailConfig {
  return {
    emailHost: stored.emailHost,
    emailPort: stored.emailPort,
    emailUsername: stored.emailUsername,
    emailSsl: stored.emailSsl,
    emailBGImg: stored.emailBGImg,
    emailPasswordSet: stored.sealedPassword !== null,
    source: mailSource(smtpUrl, stored),
  };
}

export async function getEmailConfig(deps: MailAdminDeps, user: CurrentUser): Promise<EmailConfig> {
  assertCanAdminSite(user);
  return view(await deps.store.read(), deps.smtpUrl);
}

export async function setEmailConfig(
  deps: MailAdminDeps,
  user: CurrentUser,
  change: EmailConfigChange,
): Promise<EmailConfig> {
  assertCanAdminSite(user);
  return view(await deps.store.save(change), deps.smtpUrl);
}

/** The secrets a mail server's error text could echo: they are cut out before it is shown. */
async function knownSecrets(deps: MailAdminDeps): Promise<string[]> {
  const secrets: string[] = [];
  const pass = (await deps.store.smtp())?.pass;
  if (pass) secrets.push(pass);
  if (deps.smtpUrl) {
    try {
      const url = new URL(deps.smtpUrl);
      if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
    } catch {
      // nodemailer reads forms of the URL that URL does not; nothing to cut then
    }
  }
  return secrets.filter((s) => s.length > 0);
}

function describeFailure(error: unknown, secrets: readonly string[]): string {
  const e = error as { message?: unknown; code?: unknown };
  let text = typeof e?.message === 'string' && e.message ? e.message : String(error);
  for (const secret of secrets) text = text.split(secret).join('***');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS)}…` : text;
}

/**
 * Sends the test mail through what the mailer uses now (SMTP_URL, the settings, or a file), in the
 * caller's language. A failure answers 400 with the mail server's own words. Counted before the
 * attempt: 5 per 10 minutes per admin, failures included.
 */
export async function sendTestEmail(
  deps: MailAdminDeps,
  user: CurrentUser,
  email: string,
  t: Translate,
): Promise<TestEmailResult> {
  assertCanAdminSite(user);
  await takeAdminQuota(deps.db, 'test-email', user, SITE_ADMIN_LIMITS.testEmail);
  const [settings, stored] = await Promise.all([loadSettings(deps.db), deps.store.read()]);
  const source = mailSource(deps.smtpUrl, stored);
  const mail = testMail(t, { site: settings.web.shortName, source: t(`adminConfig.source.${source}`) });
  try {
    await deps.mail.send({ to: email, ...mail });
  } catch (error) {
    throw new AppError(400, 'adminConfig.testEmailFailed', {
      error: describeFailure(error, await knownSecrets(deps)),
    });
  }
  return { source };
}
