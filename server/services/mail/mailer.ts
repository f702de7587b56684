import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { FILE_MODES } from '../../../shared/constants/security';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** true when mail is written to files instead of being sent (no SMTP_URL) */
  readonly localFiles: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (nodemailer syntax); null writes .eml files */
  smtpUrl: string | null;
  from: string;
  /** where .eml files go without SMTP (DATA_DIR/mail) */
  dir: string;
}

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

/**
 * The site's mail: nodemailer over SMTP_URL, or without it each message as an RFC 822 file in
 * DATA_DIR/mail (readable by the server's user only: it holds codes and reset links).
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
