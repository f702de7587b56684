import type { Kysely } from 'kysely';

/**
 * Accounts generated in the admin console, kept for their download (docs/security.md, Users in
 * the admin console): one row per batch, its username/password/real-name list sealed with
 * AES-256-GCM under a key derived from the server secret, so a copy of the database alone does not
 * reveal the passwords. `key` is a random id the server made; `uid` is the admin who generated the
 * batch and the only one who may read it. Rows past `expires_at` (30 minutes) are deleted when the
 * next batch is generated or downloaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generated_account')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('generated_account_expiry')
    .on('generated_account')
    .column('expires_at')
    .execute();
}
