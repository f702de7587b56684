import type { Kysely } from 'kysely';

/**
 * Abuse limits of contests (docs/security.md):
 * - contest.submit_burst / submit_refill_seconds: each participant's submissions and test runs in
 *   the contest may come `submit_burst` at once, then one per `submit_refill_seconds` (a token bucket).
 * - contest_submit_bucket: that bucket, one row per (kind, contest, user) key, kept as the "theoretical
 *   arrival time" of the generic cell rate algorithm in epoch milliseconds (an integer, so one atomic
 *   upsert can do the arithmetic in both dialects; ISO strings cannot be added to).
 * - contest_password_try: wrong contest passwords per (contest, user): how many, when the next try is
 *   allowed, and when the count is forgotten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contest')
    .addColumn('submit_burst', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .alterTable('contest')
    .addColumn('submit_refill_seconds', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .createTable('contest_submit_bucket')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('tat_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_submit_bucket_tat')
    .on('contest_submit_bucket')
    .column('tat_ms')
    .execute();
  await db.schema
    .createTable('contest_password_try')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('retry_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contest_password_try_pk', ['cid', 'uid'])
    .execute();
  await db.schema
    .createIndex('contest_password_try_expiry')
    .on('contest_password_try')
    .column('expires_at')
    .execute();
}
