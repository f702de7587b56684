import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail the server wrote to DATA_DIR/mail (no SMTP_URL), decoded enough for tests. */
export interface TestMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const src = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Parses a single-part text mail as nodemailer writes it. */
export function parseMail(file: string): TestMail {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) =>
    head
      .split('\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { file, to: header('To'), subject: decodeWords(header('Subject')), text };
}

/** The .eml files in name order: oldest first, newest last. */
export function mailFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'mail'))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => join(dataDir, 'mail', f));
  } catch {
    return [];
  }
}

/** The newest mail to the address (fails the test when there is none). */
export function lastMailTo(dataDir: string, to: string): TestMail {
  const mails = mailFiles(dataDir).map(parseMail);
  const mail = mails.reverse().find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
  if (!mail) throw new Error(`no mail to ${to} in ${dataDir}/mail`);
  return mail;
}

export function registerCodeIn(mail: TestMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`);
  return code;
}

export function resetLinkIn(mail: TestMail): URL {
  const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(link);
}
