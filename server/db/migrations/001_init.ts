import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type AnyDb = Kysely<unknown>;

/** An auto-increment primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName, name = 'id') {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('user_info')
    .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', notNull)
    .addColumn('nickname', 'varchar(255)')
    .addColumn('school', 'varchar(255)')
    .addColumn('realname', 'varchar(255)')
    .addColumn('email', 'varchar(255)', (c) => c.unique())
    .addColumn('avatar', 'varchar(255)')
    .addColumn('signature', 'text')
    .addColumn('gender', 'varchar(16)')
    .addColumn('title_name', 'varchar(255)')
    .addColumn('title_color', 'varchar(32)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', notNull)
    .addColumn('gmt_modified', 'varchar(32)', notNull)
    .execute();

  await withId(db.schema.createTable('user_role'), dialect)
    .addColumn('uid', 'varchar(36)', notNull)
    .addColumn('role_id', 'integer', notNull)
    .execute();
  await db.schema.createIndex('user_role_uid').on('user_role').column('uid').execute();

  await withId(db.schema.createTable('problem'), dialect)
    .addColumn('problem_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('author', 'varchar(255)', notNull)
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('judge_mode', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
    .addColumn('judge_case_mode', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
    .addColumn('time_limit', 'integer', notNull)
    .addColumn('memory_limit', 'integer', notNull)
    .addColumn('stack_limit', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('input', 'text', notNull)
    .addColumn('output', 'text', notNull)
    .addColumn('examples', 'text', notNull)
    .addColumn('hint', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('difficulty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('io_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('code_share', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_remove_end_blank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_case_result', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_file_io', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('io_read_file_name', 'varchar(255)')
    .addColumn('io_write_file_name', 'varchar(255)')
    .addColumn('is_remote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer')
    .addColumn('user_extra_file', 'text')
    .addColumn('case_version', 'varchar(64)', notNull)
    .addColumn('gmt_create', 'varchar(32)', notNull)
    .addColumn('gmt_modified', 'varchar(32)', notNull)
    .execute();

  await withId(db.schema.createTable('problem_case'), dialect)
    .addColumn('pid', 'integer', notNull)
    .addColumn('seq', 'integer', notNull)
    .addColumn('input_hash', 'varchar(64)', notNull)
    .addColumn('output_hash', 'varchar(64)', notNull)
    .addColumn('input_size', 'integer', notNull)
    .addColumn('output_size', 'integer', notNull)
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_num', 'integer')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('problem_case_pid').on('problem_case').columns(['pid', 'seq']).execute();

  await withId(db.schema.createTable('tag'), dialect)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('color', 'varchar(32)')
    .addColumn('tcid', 'integer')
    .execute();
  await withId(db.schema.createTable('problem_tag'), dialect)
    .addColumn('pid', 'integer', notNull)
    .addColumn('tid', 'integer', notNull)
    .execute();
  await withId(db.schema.createTable('problem_language'), dialect)
    .addColumn('pid', 'integer', notNull)
    .addColumn('language', 'varchar(64)', notNull)
    .execute();

  await withId(db.schema.createTable('judge'), dialect, 'submit_id')
    .addColumn('pid', 'integer', notNull)
    .addColumn('display_pid', 'varchar(255)', notNull)
    .addColumn('uid', 'varchar(36)', notNull)
    .addColumn('username', 'varchar(64)', notNull)
    .addColumn('submit_time', 'varchar(32)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('share', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('score', 'integer')
    .addColumn('length', 'integer', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('language', 'varchar(64)', notNull)
    .addColumn('cid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cpid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer')
    .addColumn('judger', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('oi_rank_score', 'integer')
    .addColumn('is_manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(255)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('gmt_modified', 'varchar(32)', notNull)
    .execute();
  await db.schema.createIndex('judge_status').on('judge').columns(['status', 'submit_id']).execute();
  await db.schema.createIndex('judge_uid').on('judge').columns(['uid', 'submit_id']).execute();
  await db.schema.createIndex('judge_pid').on('judge').columns(['pid', 'status']).execute();

  await withId(db.schema.createTable('judge_case'), dialect)
    .addColumn('submit_id', 'integer', notNull)
    .addColumn('attempt', 'integer', notNull)
    .addColumn('pid', 'integer', notNull)
    .addColumn('uid', 'varchar(36)', notNull)
    .addColumn('case_id', 'integer', notNull)
    .addColumn('seq', 'integer', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('score', 'integer')
    .addColumn('user_output', 'text')
    .addColumn('group_num', 'integer')
    .addColumn('mode', 'varchar(32)', notNull)
    .execute();
  await db.schema.createIndex('judge_case_submit').on('judge_case').columns(['submit_id', 'seq']).execute();

  await db.schema
    .createTable('site_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
  await db.schema
    .createTable('rate_lock')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', notNull)
    .execute();
}
