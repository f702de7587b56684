import type { Kysely } from 'kysely';

/**
 * Wrong-case downloads: one counter per user and UTC day, raised with one atomic upsert
 * that refuses past the daily quota, so API replicas share the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wrong_case_download')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('wrong_case_download_pk', ['uid', 'day'])
    .execute();
}
