import type { Kysely } from 'kysely';

/**
 * Fixed-window request counters (per-IP quotas on issuing register codes, captchas and login
 * puzzles): one row per key, counted with one atomic upsert so API replicas share them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_window')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_end', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_window_end').on('rate_window').column('window_end').execute();
}
