import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * Contests (HOJ's contest, contest_problem and contest_register tables).
 * The status is not stored: it follows from the times and the clock. Contest ids start at 1000.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const idColumn = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await idColumn('contest')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('author', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pwd', 'varchar(64)')
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('seal_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seal_rank_time', 'varchar(32)')
    .addColumn('auto_real_rank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_print', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_end_submit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank_show_name', 'varchar(16)', (c) => c.notNull().defaultTo('username'))
    .addColumn('star_account', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('oi_rank_score_type', 'varchar(16)', (c) => c.notNull().defaultTo('Recent'))
    .addColumn('award_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('award_config', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('informed_title', 'varchar(255)')
    .addColumn('informed', 'text')
    .addColumn('short_name', 'varchar(16)')
    .addColumn('subheading', 'varchar(255)')
    .addColumn('sponsor', 'varchar(255)')
    .addColumn('co_organizer', 'varchar(255)')
    .addColumn('organizer', 'varchar(255)')
    .addColumn('background_image', 'varchar(255)')
    .addColumn('gid', 'integer')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contest_short_name').unique().on('contest').column('short_name').execute();
  await db.schema.createIndex('contest_start').on('contest').columns(['start_time', 'end_time']).execute();
  if (dialect === 'postgres') await sql`alter sequence contest_id_seq restart with 1000`.execute(db);
  else await sql`insert into sqlite_sequence (name, seq) values ('contest', 999)`.execute(db);

  await idColumn('contest_problem')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('display_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('display_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('color', 'varchar(32)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_problem_display')
    .unique()
    .on('contest_problem')
    .columns(['cid', 'display_id'])
    .execute();
  await db.schema
    .createIndex('contest_problem_pid')
    .unique()
    .on('contest_problem')
    .columns(['cid', 'pid'])
    .execute();

  await idColumn('contest_register')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_register_user')
    .unique()
    .on('contest_register')
    .columns(['cid', 'uid'])
    .execute();
}
