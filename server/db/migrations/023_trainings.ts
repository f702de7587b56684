import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

/** An auto-increment primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Trainings (docs/architecture.md, Trainings): HOJ's training tables, with HOJ's names.
 * - `training`: `auth` 'Public' | 'Private', `private_pwd` the password of a private one (kept as
 *   HOJ keeps it, since its admins read it back to hand it out), `rank` the list's order, `status`
 *   1 visible; `uid` (not in HOJ) is the creator's account, so a renamed author keeps their trainings.
 * - `training_category` and `mapping_training_category` (one category per training, as HOJ's console sets).
 * - `training_problem`: the training's problems, ordered by `rank` ascending.
 * - `training_register`: who entered a private training with its password; `status` 0 banned.
 * - `training_record`: which submissions count in a private training's rank (HOJ), one per
 *   (training, submission).
 * - `training_password_try`: wrong passwords per training and user, as `contest_password_try`.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('training'), dialect)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('auth', 'varchar(16)', (c) => c.notNull())
    .addColumn('private_pwd', 'varchar(255)')
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('training_list').on('training').columns(['status', 'rank']).execute();

  await withId(db.schema.createTable('training_category'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('color', 'varchar(32)')
    .addColumn('gid', 'integer')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_category_name')
    .unique()
    .on('training_category')
    .column('name')
    .execute();

  await withId(db.schema.createTable('mapping_training_category'), dialect)
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mapping_training_category_tid')
    .unique()
    .on('mapping_training_category')
    .column('tid')
    .execute();
  await db.schema
    .createIndex('mapping_training_category_cid')
    .on('mapping_training_category')
    .column('cid')
    .execute();

  await withId(db.schema.createTable('training_problem'), dialect)
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_problem_tid_pid')
    .unique()
    .on('training_problem')
    .columns(['tid', 'pid'])
    .execute();
  await db.schema.createIndex('training_problem_pid').on('training_problem').column('pid').execute();

  await withId(db.schema.createTable('training_register'), dialect)
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_register_tid_uid')
    .unique()
    .on('training_register')
    .columns(['tid', 'uid'])
    .execute();
  await db.schema.createIndex('training_register_uid').on('training_register').column('uid').execute();

  await withId(db.schema.createTable('training_record'), dialect)
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('tpid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_record_tid_submit')
    .unique()
    .on('training_record')
    .columns(['tid', 'submit_id'])
    .execute();

  await db.schema
    .createTable('training_password_try')
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('retry_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('training_password_try_pk', ['tid', 'uid'])
    .execute();
}
