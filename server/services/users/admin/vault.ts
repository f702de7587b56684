/**
 * Generated passwords waiting for their download (docs/security.md, Users in the admin console).
 * HOJ keeps them in Redis for 30 minutes in plain text; here a batch is one row of
 * `generated_account`, sealed with AES-256-GCM under a key derived from the server secret with its
 * own label (as the account codes' HMAC key is, with another), bound to its key and its admin, so
 * neither a copy of the database nor a row moved to another admin reveals or opens it.
 */
import { randomBytes } from 'node:crypto';
import { USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import { SecretBox } from '../../auth/secret-box';
import { isoAfter, nowIso } from '../../clock';

export interface GeneratedAccount {
  username: string;
  password: string;
  realname: string | null;
}

export class GeneratedAccountVault {
  private readonly box: SecretBox;

  constructor(serverSecret: string) {
    this.box = new SecretBox(serverSecret, 'verdict/generated-accounts/v1');
  }

  seal(binding: string, accounts: readonly GeneratedAccount[]): string {
    return this.box.seal(binding, JSON.stringify(accounts));
  }

  /** The accounts, or null when the payload was not sealed for this binding under this key. */
  open(binding: string, payload: string): GeneratedAccount[] | null {
    const text = this.box.open(binding, payload);
    if (text === null) return null;
    try {
      return JSON.parse(text) as GeneratedAccount[];
    } catch {
      return null;
    }
  }
}

/** What a sealed batch is bound to: its key and the admin who generated it. */
const bindingOf = (key: string, uid: string) => `${key}\n${uid}`;

/** A new random download key: 192 bits, hex (never a path or anything the client chose). */
export const newDownloadKey = (): string => randomBytes(24).toString('hex');

export async function dropExpired(executor: Db['kysely']): Promise<void> {
  await executor.deleteFrom('generated_account').where('expires_at', '<=', nowIso()).execute();
}

/** Keeps a batch for its download; takes the transaction that creates the accounts. */
export async function storeGenerated(
  executor: Db['kysely'],
  vault: GeneratedAccountVault,
  row: { key: string; uid: string; accounts: readonly GeneratedAccount[] },
): Promise<void> {
  await dropExpired(executor);
  await executor
    .insertInto('generated_account')
    .values({
      key: row.key,
      uid: row.uid,
      payload: vault.seal(bindingOf(row.key, row.uid), row.accounts),
      expires_at: isoAfter(USER_ADMIN_LIMITS.generatedKeepSeconds * 1000),
      gmt_create: nowIso(),
    })
    .execute();
}

/** The batch under `key` if this admin generated it and it has not expired; null otherwise. */
export async function readGenerated(
  db: Db,
  vault: GeneratedAccountVault,
  key: string,
  uid: string,
): Promise<GeneratedAccount[] | null> {
  await dropExpired(db.kysely);
  const row = await db.kysely
    .selectFrom('generated_account')
    .select('payload')
    .where('key', '=', key)
    .where('uid', '=', uid)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row ? vault.open(bindingOf(key, uid), row.payload) : null;
}
