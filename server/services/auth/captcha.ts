import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CaptchaImage } from '../../../shared/api/account-types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import type { Db } from '../../db/database';
import { isoAfter, nowIso } from '../clock';
import { enforceQuota } from '../site/rate-window';
import { randomToken, type SecretHasher } from './codes';

type DrawText = (text: string, options: Record<string, unknown>) => string;
// svg-captcha's callable default export (draws a given text) is not in its type declarations.
const drawText = createRequire(import.meta.url)('svg-captcha') as DrawText;

/** An arithmetic question with a non-negative answer: a + b, a - b or a × b. */
export function arithmetic(): { question: string; answer: string } {
  const op = randomInt(3);
  if (op === 2) {
    const a = randomInt(2, 10);
    const b = randomInt(2, 10);
    return { question: `${a}x${b}=?`, answer: String(a * b) };
  }
  const a = randomInt(1, 21);
  const b = randomInt(1, 21);
  if (op === 1) {
    const [big, small] = a >= b ? [a, b] : [b, a];
    return { question: `${big}-${small}=?`, answer: String(big - small) };
  }
  return { question: `${a}+${b}=?`, answer: String(a + b) };
}

/** HOJ's GET /api/captcha: an arithmetic captcha kept 30 minutes for one use. */
export async function createCaptcha(db: Db, hasher: SecretHasher, ip: string): Promise<CaptchaImage> {
  await enforceQuota(db, `ip:captcha:${ip}`, ACCOUNT.ipQuota.captcha);
  const { question, answer } = arithmetic();
  // dark grey glyphs on a transparent ground: readable on the form's light and dark themes' field colour
  const svg = drawText(question, { width: 120, height: 40, fontSize: 40, noise: 2, color: false });
  const captchaKey = randomToken();
  await db.kysely.deleteFrom('captcha').where('expires_at', '<', nowIso()).execute();
  await db.kysely
    .insertInto('captcha')
    .values({
      captcha_key: captchaKey,
      answer_hash: hasher.hash('captcha', captchaKey, answer),
      expires_at: isoAfter(ACCOUNT.captchaTtlSeconds * 1000),
    })
    .execute();
  return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, captchaKey };
}

/** Uses the captcha up, right or wrong (one try per image); true when the answer was right. */
export async function consumeCaptcha(
  db: Db,
  hasher: SecretHasher,
  captchaKey: string,
  answer: string,
): Promise<boolean> {
  const row = await db.kysely
    .deleteFrom('captcha')
    .where('captcha_key', '=', captchaKey)
    .where('expires_at', '>', nowIso())
    .returning('answer_hash')
    .executeTakeFirst();
  return !!row && hasher.matches(row.answer_hash, 'captcha', captchaKey, answer.trim().toLowerCase());
}
