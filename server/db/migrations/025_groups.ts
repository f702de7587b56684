import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

/** An auto-increment primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Groups (docs/architecture.md, Groups): HOJ's `group` and `group_member` tables with HOJ's
 * columns. The group table is named `group_info` because GROUP is an SQL keyword in both dialects.
 * - `group_info`: `auth` 1 public, 2 protected, 3 private; `code` the invitation code; `status` 1
 *   banned; `owner` the owner's username as HOJ keeps it and `uid` their account.
 * - `group_member`: one row per (group, user); `auth` 1 applied, 2 refused, 3 member, 4 admin, 5 root.
 * - The content a group owns carries its `gid` (problem, contest, training, discussion and judge
 *   have it already); announcements and tags gain one here, problems HOJ's
 *   `apply_public_progress` (a group problem asking to join the public list).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('group_info'), dialect)
    .addColumn('avatar', 'varchar(255)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('brief', 'varchar(255)')
    .addColumn('description', 'text')
    .addColumn('owner', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(16)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_info_name').unique().on('group_info').column('name').execute();
  await db.schema
    .createIndex('group_info_short_name')
    .unique()
    .on('group_info')
    .column('short_name')
    .execute();

  await withId(db.schema.createTable('group_member'), dialect)
    .addColumn('gid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_member_gid_uid')
    .unique()
    .on('group_member')
    .columns(['gid', 'uid'])
    .execute();
  await db.schema.createIndex('group_member_uid').on('group_member').columns(['uid', 'auth']).execute();

  await db.schema.alterTable('announcement').addColumn('gid', 'integer').execute();
  await db.schema.alterTable('tag').addColumn('gid', 'integer').execute();
  await db.schema.alterTable('problem').addColumn('apply_public_progress', 'integer').execute();
  await db.schema.createIndex('problem_gid').on('problem').column('gid').execute();
  await db.schema.createIndex('contest_gid').on('contest').column('gid').execute();
  await db.schema.createIndex('training_gid').on('training').column('gid').execute();
  await db.schema.createIndex('announcement_gid').on('announcement').column('gid').execute();
}
