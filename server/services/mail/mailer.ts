import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { FILE_MODES } from '../../../shared/constants/security';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** true when mail is written to files instead of being sent (no SMTP_URL, no SMTP settings) */
  readonly localFiles: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The site's own SMTP server, as root set it in the admin console (services/mail/mail-settings.ts). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it */
  secure: boolean;
  /** null: send without logging in */
  user: string | null;
  pass: string | null;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (nodemailer syntax); null: the database settings, else .eml files */
  smtpUrl: string | null;
  from: string;
  /** where .eml files go without SMTP (DATA_DIR/mail) */
  dir: string;
  /**
   * The SMTP settings kept in the database, read when there is no smtpUrl (null: none, mail goes
   * to files). Asked before every mail, so a change applies without a restart; keep it cheap.
   */
  settings?: () => Promise<SmtpSettings | null>;
}

/** How long `localFiles` trusts what it last learnt from the database settings. */
const LOCAL_FILES_RECHECK_MS = 5000;

/** Gives up on an unreachable mail server within seconds, not nodemailer's two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

let sequence = 0;

/**
 * A file name that sorts by time, newest last: `20250101T120000123Z-000001-<random>.eml`
 * (the sequence keeps order within one millisecond of one process).
 */
export function mailFileName(now = new Date()): string {
  const time = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${time}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

/** The display name of `Name <address>`, or null. */
function displayName(from: string): string | null {
  return /^\s*"?([^"<]*?)"?\s*<[^>]*>\s*$/.exec(from)?.[1]?.trim() || null;
}

/** Each message as an RFC 822 file in DATA_DIR/mail (readable by the server's user only). */
function fileMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    localFiles: true,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.dir, { recursive: true, mode: FILE_MODES.privateDir });
      const name = mailFileName();
      const partial = join(options.dir, `.${name}.partial`);
      // Written whole, then renamed: a reader never sees half a message.
      writeFileSync(partial, info.message as Buffer, { mode: FILE_MODES.privateFile });
      renameSync(partial, join(options.dir, name));
    },
    close: () => transport.close(),
  };
}

/**
 * Mail through the SMTP settings root keeps in the database, read again before each message (the
 * reader caches them for a few seconds), or to files while there are none. One transport is kept
 * per set of settings and replaced when they change.
 */
function databaseMailer(options: MailerOptions, settings: () => Promise<SmtpSettings | null>): Mailer {
  const files = fileMailer(options);
  let current: { key: string; transport: Transporter } | null = null;
  let localFiles = true;
  let checkedAt = 0;

  const resolve = async () => {
    const smtp = await settings();
    localFiles = !smtp;
    checkedAt = Date.now();
    return smtp;
  };
  const transportFor = (smtp: SmtpSettings): Transporter => {
    const key = JSON.stringify(smtp);
    if (current?.key === key) return current.transport;
    current?.transport.close();
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      ...SMTP_TIMEOUTS,
    });
    current = { key, transport };
    return transport;
  };
  // what get-website-config reports before the first mail
  resolve().catch(() => {});

  return {
    get localFiles() {
      if (Date.now() - checkedAt > LOCAL_FILES_RECHECK_MS) resolve().catch(() => {});
      return localFiles;
    },
    async send(mail) {
      const smtp = await resolve();
      if (!smtp) return files.send(mail);
      // HOJ sends from the account it logs in with; mail servers often refuse any other sender
      const from =
        smtp.user?.includes('@') && !smtp.user.includes('<')
          ? { name: displayName(options.from) ?? '', address: smtp.user }
          : options.from;
      await transportFor(smtp).sendMail({ ...mail, from });
    },
    close() {
      current?.transport.close();
      current = null;
      files.close();
    },
  };
}

/**
 * The site's mail: nodemailer over SMTP_URL; without it the SMTP server root set in the admin
 * console; without that each message as an RFC 822 file in DATA_DIR/mail (readable by the
 * server's user only: it holds codes and reset links).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      localFiles: false,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return options.settings ? databaseMailer(options, options.settings) : fileMailer(options);
}
