import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Problem page: tag classifications for the list's tag filter, and HOJ's discussion
 * table, which the problem page's Explain tab reads (solutions and discussions of one problem).
 * The discussion screens, not built yet, will write to the same table.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  // HOJ tag_classification; `type` is the kind of tag: 1 algorithm, 2 source, 3 time
  await withId('tag_classification')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('oj', 'varchar(64)', (c) => c.notNull().defaultTo('ME'))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();

  // the list's tag filter looks problems up by tag
  await db.schema.createIndex('problem_tag_tid').on('problem_tag').columns(['tid', 'pid']).execute();
  await db.schema.createIndex('problem_tag_pid').on('problem_tag').columns(['pid', 'tid']).execute();

  // HOJ discussion: pid is the problem's display id (null for general discussions)
  await withId('discussion')
    .addColumn('category_id', 'integer')
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('pid', 'varchar(255)')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('author', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(255)')
    .addColumn('role', 'varchar(32)', (c) => c.notNull().defaultTo('user'))
    .addColumn('view_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_priority', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 visible, 1 hidden by an admin, 2 under review (HOJ)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discussion_pid').on('discussion').columns(['pid', 'status']).execute();
}
