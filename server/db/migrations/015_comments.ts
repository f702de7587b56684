import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Comments and replies (HOJ's comment, reply and comment_like tables).
 * - comment belongs to a contest (cid) or a discussion (did); from_* keep the author's name, avatar
 *   and role (root | admin | user) as they were when written; like_num counts comment_like rows.
 * - reply belongs to a comment; to_* name the user it answers (the comment's or a quoted reply's author).
 * - comment_like: one row per (comment, user); `cid` is the comment id, as in HOJ.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('comment')
    .addColumn('cid', 'integer')
    .addColumn('did', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('from_uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('from_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_avatar', 'varchar(512)')
    .addColumn('from_role', 'varchar(32)', (c) => c.notNull())
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  // a contest's or a discussion's comments, most liked then newest first
  await db.schema
    .createIndex('comment_contest')
    .on('comment')
    .columns(['cid', 'like_num', 'gmt_create'])
    .execute();
  await db.schema
    .createIndex('comment_discussion')
    .on('comment')
    .columns(['did', 'like_num', 'gmt_create'])
    .execute();

  await withId('reply')
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('from_uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('from_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_avatar', 'varchar(512)')
    .addColumn('from_role', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('to_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('to_avatar', 'varchar(512)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_comment').on('reply').columns(['comment_id', 'gmt_create']).execute();

  await withId('comment_like')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  // one like per user and comment (a second like is a no-op, not a second count)
  await db.schema
    .createIndex('comment_like_once')
    .unique()
    .on('comment_like')
    .columns(['cid', 'uid'])
    .execute();
  await db.schema.createIndex('comment_like_user').on('comment_like').columns(['uid', 'cid']).execute();
}
