import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Contests imported from an ICPC Contest API event feed: the feed as it was uploaded, one per
 * contest. Such a contest is read-only; its scoreboard replays the stored feed.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table =
    dialect === 'postgres'
      ? db.schema.createTable('contest_event_feed').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema
          .createTable('contest_event_feed')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('cid', 'integer', (c) => c.notNull().unique())
    .addColumn('feed', 'text', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
}
