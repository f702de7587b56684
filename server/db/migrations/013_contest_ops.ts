import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Contest operations (HOJ's contest_announcement and contest_print tables):
 * - contest_announcement links a row of `announcement` to one contest (a linked announcement is a
 *   contest's, never a site announcement);
 * - contest_print holds a participant's print request (status 0 waiting, 1 printed);
 * - contest_balloon keeps the "balloon delivered" flag of a first accept (HOJ's contest_record.checked),
 *   one row per (contest, submission).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const idColumn = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await idColumn('contest_announcement')
    .addColumn('aid', 'integer', (c) => c.notNull())
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_announcement_aid')
    .unique()
    .on('contest_announcement')
    .column('aid')
    .execute();
  await db.schema
    .createIndex('contest_announcement_cid')
    .on('contest_announcement')
    .columns(['cid', 'aid'])
    .execute();

  await idColumn('contest_print')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('realname', 'varchar(255)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_print_list')
    .on('contest_print')
    .columns(['cid', 'status', 'gmt_create'])
    .execute();

  await idColumn('contest_balloon')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_balloon_submission')
    .unique()
    .on('contest_balloon')
    .columns(['cid', 'submit_id'])
    .execute();
}
