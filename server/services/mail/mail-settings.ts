/**
 * The site's SMTP settings as root sets them in the admin console (HOJ's email config), kept in
 * `site_config` under the key `mail` as JSON. The password is stored sealed (AES-256-GCM under a
 * key derived from the server secret with its own label) and is never sent back or logged. The
 * SMTP_URL environment variable, when set, wins over all of it (docs/security.md, Site settings in
 * the admin console).
 */
import type { EmailConfigChange } from '../../../shared/schemas/site-admin-config';
import type { Db } from '../../db/database';
import { SecretBox } from '../auth/secret-box';
import type { SmtpSettings } from './mailer';

const KEY = 'mail';
const PASSWORD_LABEL = 'verdict/smtp-password/v1';
const PASSWORD_BINDING = 'site-config/mail/password';
/** How long the mailer's reading stays fresh; a save in this process is seen at once. */
const CACHE_MS = 5000;

export interface StoredMailSettings {
  emailHost: string;
  emailPort: number;
  emailUsername: string;
  emailSsl: boolean;
  emailBGImg: string;
  /** the sealed password; null: none */
  sealedPassword: string | null;
}

export type MailSource = 'environment' | 'database' | 'files';

const DEFAULTS: StoredMailSettings = {
  emailHost: '',
  emailPort: 587,
  emailUsername: '',
  emailSsl: false,
  emailBGImg: '',
  sealedPassword: null,
};

/** Bumped by every save in this process, so every store here reads the new settings at once. */
let generation = 0;

function fromJson(text: string): StoredMailSettings {
  let value: Partial<StoredMailSettings> = {};
  try {
    value = JSON.parse(text) as Partial<StoredMailSettings>;
  } catch {
    // a row no one can read is as good as none
  }
  return {
    emailHost: typeof value.emailHost === 'string' ? value.emailHost : DEFAULTS.emailHost,
    emailPort: typeof value.emailPort === 'number' ? value.emailPort : DEFAULTS.emailPort,
    emailUsername: typeof value.emailUsername === 'string' ? value.emailUsername : DEFAULTS.emailUsername,
    emailSsl: typeof value.emailSsl === 'boolean' ? value.emailSsl : DEFAULTS.emailSsl,
    emailBGImg: typeof value.emailBGImg === 'string' ? value.emailBGImg : DEFAULTS.emailBGImg,
    sealedPassword: typeof value.sealedPassword === 'string' ? value.sealedPassword : null,
  };
}

/** Which settings the mailer uses: SMTP_URL, else these when a host is set, else files. */
export function mailSource(smtpUrl: string | null, stored: StoredMailSettings): MailSource {
  if (smtpUrl) return 'environment';
  return stored.emailHost ? 'database' : 'files';
}

export class MailSettingsStore {
  private readonly box: SecretBox;
  private cached: { at: number; generation: number; smtp: SmtpSettings | null } | null = null;

  constructor(
    private readonly db: Db,
    serverSecret: string,
  ) {
    this.box = new SecretBox(serverSecret, PASSWORD_LABEL);
  }

  async read(): Promise<StoredMailSettings> {
    const row = await this.db.kysely
      .selectFrom('site_config')
      .select('value')
      .where('key', '=', KEY)
      .executeTakeFirst();
    return row ? fromJson(row.value) : { ...DEFAULTS };
  }

  /**
   * Applies a change: a field not sent keeps its value; a blank host turns the site's SMTP off; a
   * blank username drops the password with it; a blank or absent password keeps the stored one.
   */
  async save(change: EmailConfigChange): Promise<StoredMailSettings> {
    const current = await this.read();
    const next: StoredMailSettings = { ...current };
    if (change.emailHost !== undefined) next.emailHost = change.emailHost ?? '';
    if (change.emailPort !== undefined) next.emailPort = change.emailPort;
    if (change.emailSsl !== undefined) next.emailSsl = change.emailSsl;
    if (change.emailBGImg !== undefined) next.emailBGImg = change.emailBGImg ?? '';
    if (change.emailUsername !== undefined) next.emailUsername = change.emailUsername ?? '';
    if (change.emailPassword) next.sealedPassword = this.box.seal(PASSWORD_BINDING, change.emailPassword);
    if (!next.emailUsername) next.sealedPassword = null;
    const json = JSON.stringify(next);
    await this.db.kysely
      .insertInto('site_config')
      .values({ key: KEY, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
      .execute();
    generation++;
    this.cached = null;
    return next;
  }

  /**
   * What the mailer connects with when there is no SMTP_URL; null without a host. Read again
   * after a few seconds, so another replica's change applies too. A password sealed under another
   * server secret does not open: the mail is then sent without it (and the server refuses it).
   */
  async smtp(): Promise<SmtpSettings | null> {
    const now = Date.now();
    if (this.cached && this.cached.generation === generation && now - this.cached.at < CACHE_MS)
      return this.cached.smtp;
    const stored = await this.read();
    const smtp: SmtpSettings | null = stored.emailHost
      ? {
          host: stored.emailHost,
          port: stored.emailPort,
          secure: stored.emailSsl,
          user: stored.emailUsername || null,
          pass: stored.sealedPassword ? this.box.open(PASSWORD_BINDING, stored.sealedPassword) : null,
        }
      : null;
    this.cached = { at: now, generation, smtp };
    return smtp;
  }
}
