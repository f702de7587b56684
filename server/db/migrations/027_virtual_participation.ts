import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Virtual participation in ended contests.
 * - contest_virtual: one user's virtual run of one contest, from `start_time` for the contest's length
 *   (`end_time` kept so the window is read without the contest). One run per user and contest (unique).
 * - judge.virtual_id: the run a submission was made in, null for every other submission. The contest's
 *   boards, lists and exports read only rows where it is null, so a virtual submission never counts
 *   in the contest's real results. Nullable, so replicas of the previous release keep writing judge rows.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table =
    dialect === 'postgres'
      ? db.schema.createTable('contest_virtual').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema
          .createTable('contest_virtual')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_virtual_once')
    .unique()
    .on('contest_virtual')
    .columns(['cid', 'uid'])
    .execute();

  await db.schema.alterTable('judge').addColumn('virtual_id', 'integer').execute();
  await db.schema.createIndex('judge_virtual').on('judge').column('virtual_id').execute();
}
