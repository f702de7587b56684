// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/plugins/log-redact';
import { arithmetic } from '../../server/services/auth/captcha';
import { randomDigits, SecretHasher } from '../../server/services/auth/codes';
import { emailAllowed } from '../../server/services/auth/email-rules';
import { drawPuzzle, PIECE_WIDTH } from '../../server/services/auth/puzzle-image';
import { createMailer, mailFileName } from '../../server/services/mail/mailer';
import { registerCodeMail, resetPasswordMail } from '../../server/services/mail/templates';
import { createSiteI18n } from '../../shared/i18n/site-messages';
import { solvePuzzle } from '../helpers/accounts';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('slide puzzle images', () => {
  it('are 325 x 100 with a piece as tall, and the cut-out is found from the pixels alone', () => {
    for (let i = 0; i < 10; i++) {
      const p = drawPuzzle();
      const bg = PNG.sync.read(p.background);
      const piece = PNG.sync.read(p.piece);
      expect([bg.width, bg.height]).toEqual([325, 100]);
      expect([piece.width, piece.height]).toEqual([PIECE_WIDTH, 100]);
      expect(p.x).toBeGreaterThan(PIECE_WIDTH);
      expect(p.x + PIECE_WIDTH).toBeLessThanOrEqual(325);
      const found = solvePuzzle({
        puzzleKey: '',
        background: dataUrl(p.background),
        piece: dataUrl(p.piece),
        width: 325,
        height: 100,
        pieceWidth: PIECE_WIDTH,
        expire: 120,
      });
      expect(found).toBe(p.x);
    }
  });
});

describe('account secrets', () => {
  it('are HMACs bound to purpose and subject', () => {
    const h = new SecretHasher('secret-a');
    const stored = h.hash('register', 'a@b.co', '123456');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(h.matches(stored, 'register', 'a@b.co', '123456')).toBe(true);
    expect(h.matches(stored, 'register', 'c@b.co', '123456')).toBe(false);
    expect(h.matches(stored, 'reset', 'a@b.co', '123456')).toBe(false);
    expect(new SecretHasher('secret-b').matches(stored, 'register', 'a@b.co', '123456')).toBe(false);
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('captcha questions have short non-negative answers', () => {
    for (let i = 0; i < 200; i++) {
      const { question, answer } = arithmetic();
      expect(question).toMatch(/^\d+[+x-]\d+=\?$/);
      expect(Number(answer)).toBeGreaterThanOrEqual(0);
      expect(answer.length).toBeLessThanOrEqual(8);
    }
  });

  it('never log the reset code of a link', () => {
    expect(redactUrl('/reset-password?username=bob&code=0123abcd')).toBe(
      '/reset-password?username=bob&code=***',
    );
    expect(redactUrl('/x?code=1&token=t&password=p')).toBe('/x?code=***&token=***&password=***');
    expect(redactUrl('/api/get-register-code?email=a%40b.co')).toBe('/api/get-register-code?email=a%40b.co');
  });

  it('never log a contest password or the download key of generated accounts', () => {
    expect(redactUrl('/api/file/generate-user-excel?key=ab12')).toBe('/api/file/generate-user-excel?key=***');
    expect(redactUrl('/x?pwd=secret&keyword=k&monkey=m')).toBe('/x?pwd=***&keyword=k&monkey=m');
  });
});

describe('registration e-mail suffix rules', () => {
  it('admit by the allow list, refuse by the deny list, subdomains included', () => {
    const none = { allow: [], deny: [] };
    expect(emailAllowed('a@anything.com', none)).toBe(true);
    expect(emailAllowed('a@spam.test', { allow: [], deny: ['spam.test'] })).toBe(false);
    expect(emailAllowed('a@x.spam.test', { allow: [], deny: ['@spam.test'] })).toBe(false);
    expect(emailAllowed('a@notspam.test', { allow: [], deny: ['spam.test'] })).toBe(true);
    expect(emailAllowed('a@cs.uni.edu', { allow: ['.uni.edu'], deny: [] })).toBe(true);
    expect(emailAllowed('a@gmail.com', { allow: ['uni.edu'], deny: [] })).toBe(false);
  });
});

describe('mail without SMTP', () => {
  it('is written to DATA_DIR/mail as .eml files, newest last, readable by the server only', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'verdict-mail-')), 'mail');
    const mailer = createMailer({ smtpUrl: null, from: 'Verdict <no-reply@localhost>', dir });
    expect(mailer.localFiles).toBe(true);
    const en = createSiteI18n('en-US');
    const t = (k: string, p?: Record<string, string | number>) => en.t(k, p);
    await mailer.send({
      to: 'a@b.co',
      ...registerCodeMail(t, { site: 'Verdict', code: '123456', minutes: 10 }),
    });
    await mailer.send({
      to: 'c@d.co',
      ...resetPasswordMail(t, {
        site: 'Verdict',
        username: 'u',
        link: 'http://x/reset-password?code=1',
        minutes: 10,
      }),
    });
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const [first, second] = [...files].sort();
    expect(readFileSync(join(dir, first), 'utf8')).toContain('To: a@b.co');
    expect(readFileSync(join(dir, second), 'utf8')).toContain('To: c@d.co');
    expect(statSync(join(dir, second)).mode & 0o777).toBe(0o600);
    mailer.close();
  });

  it('names files so that they sort by time', () => {
    const a = mailFileName(new Date('2025-01-01T00:00:00.999Z'));
    const b = mailFileName(new Date('2025-01-01T00:00:01.000Z'));
    expect(a < b).toBe(true);
    expect(a).toMatch(/^20250101T000000999Z-\d{6}-[0-9a-f]{8}\.eml$/);
  });
});
