import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

/** An auto-increment primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Discussions (docs/architecture.md, Discussions): the `discussion` table itself came with the
 * problem page (migration 010); this adds HOJ's other discussion tables.
 * - `category` (HOJ's name): the categories a discussion is filed under, seeded with HOJ's five.
 * - `discussion_like`: one row per (discussion, user), so a like counts once however often it is sent.
 * - `discussion_report`: a user's report; `reporter` is the username as HOJ keeps it, `uid` the
 *   account (a renamed reporter stays findable); `status` 0 new, 1 handled.
 * - indexes for the list (newest and pinned first), "mine", and a category's discussions.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('category'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  // HOJ's seed categories (hoj-data.sql), in both interface languages since names are plain data
  const names = ['闲聊 Chat', '题解 Solutions', '求助 Help', '建议 Suggestions', '记录 Notes'];
  await (db as Kysely<{ category: { name: string; gmt_create: string; gmt_modified: string } }>)
    .insertInto('category')
    .values(names.map((name) => ({ name, gmt_create: now, gmt_modified: now })))
    .execute();

  await withId(db.schema.createTable('discussion_like'), dialect)
    .addColumn('did', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discussion_like_did_uid')
    .unique()
    .on('discussion_like')
    .columns(['did', 'uid'])
    .execute();
  await db.schema.createIndex('discussion_like_uid').on('discussion_like').column('uid').execute();

  await withId(db.schema.createTable('discussion_report'), dialect)
    .addColumn('did', 'integer', (c) => c.notNull())
    .addColumn('reporter', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('content', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discussion_report_did')
    .on('discussion_report')
    .columns(['did', 'uid'])
    .execute();
  await db.schema
    .createIndex('discussion_report_status')
    .on('discussion_report')
    .columns(['status', 'gmt_create'])
    .execute();

  await db.schema
    .createIndex('discussion_list')
    .on('discussion')
    .columns(['status', 'top_priority', 'gmt_create'])
    .execute();
  await db.schema.createIndex('discussion_uid').on('discussion').columns(['uid', 'gmt_create']).execute();
  await db.schema.createIndex('discussion_category').on('discussion').column('category_id').execute();
  // a discussion's comments are counted for its comment_num (comment_discussion covers comment.did)
}
