import type { Kysely } from 'kysely';

/**
 * Accounts. Short-lived secrets are rows, not process memory, so API replicas share
 * them (HOJ keeps them in Redis):
 * - `account_code`: the register e-mail code (purpose 'register', subject = e-mail) and the reset
 *   link code (purpose 'reset', subject = user uuid), stored as HMACs, one per subject, with
 *   their expiry and the wrong tries so far;
 * - `captcha`: image captcha answers (HMAC), one use;
 * - `login_puzzle`: the solution of each issued slide puzzle, one use;
 * - `login_failure`: failed logins per username + IP, forgotten 30 minutes after the last one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_code')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_code_pk', ['purpose', 'subject'])
    .execute();
  await db.schema.createIndex('account_code_expiry').on('account_code').column('expires_at').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_expiry').on('captcha').column('expires_at').execute();

  await db.schema
    .createTable('login_puzzle')
    .addColumn('puzzle_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('solution_x', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_puzzle_expiry').on('login_puzzle').column('expires_at').execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('fail_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_username').on('login_failure').column('username').execute();
  await db.schema.createIndex('login_failure_expiry').on('login_failure').column('expires_at').execute();
}
