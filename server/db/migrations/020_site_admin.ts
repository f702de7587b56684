import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

/** An auto-increment primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * The site and judges pages of the admin console (docs/security.md, Site settings in the admin
 * console; docs/scaling.md, The judge list):
 * - `user_session` (HOJ's `session`): one row per successful login, the newest 20 per user; a
 *   deleted account takes its rows with it (foreign key, on delete cascade).
 * - `judge_server` (HOJ has one): every judge that has talked to the server, the in-process pool
 *   (`kind` local) and each remote daemon (remote), one row per name and kind, with when it was
 *   last seen and how many submissions it finished.
 * - `home_carousel` (HOJ keeps these in its `file` table): the home page's images; the bytes are in
 *   the file store and listed in `public_image`, so they are served as avatars are.
 * - an index on `judge.submit_time`: the dashboard counts today's submissions from it alone.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('user_session'), dialect)
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().references('user_info.uuid').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_session_uid').on('user_session').columns(['uid', 'gmt_create']).execute();
  await db.schema.createIndex('user_session_time').on('user_session').column('gmt_create').execute();

  await withId(db.schema.createTable('judge_server'), dialect)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('workers', 'integer')
    .addColumn('languages', 'text')
    .addColumn('cases_judged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('judge_server_name')
    .unique()
    .on('judge_server')
    .columns(['name', 'kind'])
    .execute();

  await withId(db.schema.createTable('home_carousel'), dialect)
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('judge_submit_time').on('judge').column('submit_time').execute();
}
