import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isoAfter, nowIso } from '../clock';

/**
 * Short-lived secrets of the account flows (register codes, reset codes, captcha answers) are kept
 * only as HMACs under a key derived from the server secret, so a copy of the database alone does
 * not reveal them (a 6-digit code would fall to a plain hash at once).
 */
export class SecretHasher {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('verdict/account-codes/v1').digest();
  }

  hash(purpose: string, subject: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${subject}\n${value}`).digest('hex');
  }

  matches(stored: string, purpose: string, subject: string, value: string): boolean {
    const a = Buffer.from(stored, 'hex');
    const b = Buffer.from(this.hash(purpose, subject, value), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** 128 random bits as 32 hex characters (reset codes, captcha and puzzle keys). */
export const randomToken = (): string => randomBytes(16).toString('hex');

/** 'change-email' (subject: `<uid>|<new e-mail>`) is the settings page's code (services/profile). */
export type CodePurpose = 'register' | 'reset' | 'change-email';

/** Keeps a new code for the subject, replacing any older one. */
export async function saveCode(
  db: Db,
  hasher: SecretHasher,
  purpose: CodePurpose,
  subject: string,
  code: string,
  ttlSeconds: number,
): Promise<void> {
  const values = {
    code_hash: hasher.hash(purpose, subject, code),
    attempts: 0,
    expires_at: isoAfter(ttlSeconds * 1000),
    gmt_create: nowIso(),
  };
  await db.kysely
    .insertInto('account_code')
    .values({ purpose, subject, ...values })
    .onConflict((oc) => oc.columns(['purpose', 'subject']).doUpdateSet(values))
    .execute();
  // Expired rows of anyone are dropped on the way (indexed by expires_at).
  await db.kysely.deleteFrom('account_code').where('expires_at', '<', nowIso()).execute();
}

export type CodeCheck = 'ok' | 'missing' | 'wrong';

/**
 * Compares a code without using it up. A wrong code counts against the subject; after maxAttempts
 * wrong codes the code is dropped and a new one must be requested.
 */
export async function checkCode(
  db: Db,
  hasher: SecretHasher,
  purpose: CodePurpose,
  subject: string,
  code: string,
  maxAttempts: number,
): Promise<CodeCheck> {
  const row = await db.kysely
    .selectFrom('account_code')
    .select(['code_hash', 'attempts'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!row) return 'missing';
  if (hasher.matches(row.code_hash, purpose, subject, code)) return 'ok';
  if (row.attempts + 1 >= maxAttempts) await deleteCode(db.kysely, purpose, subject);
  else
    await db.kysely
      .updateTable('account_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .execute();
  return 'wrong';
}

/**
 * Uses the code up if it is still valid: true for exactly one caller. Takes a transaction so the
 * code comes back when what it paid for fails.
 */
export async function consumeCode(
  executor: Kysely<Database>,
  hasher: SecretHasher,
  purpose: CodePurpose,
  subject: string,
  code: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('account_code')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('code_hash', '=', hasher.hash(purpose, subject, code))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteCode(executor: Kysely<Database>, purpose: CodePurpose, subject: string) {
  await executor
    .deleteFrom('account_code')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .execute();
}
