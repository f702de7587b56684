import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * The message centre (HOJ's msg_remind, admin_sys_notice and user_sys_notice).
 * - msg_remind: one row per comment / reply / like reminder for its recipient (state 0 unread, 1 read).
 * - admin_sys_notice: a notice's text, sent once: to all users (All), to the admins (Admin) or to one
 *   user (Single). admin_id is the admin who sent it; null for personal notices the site sends itself.
 * - user_sys_notice: a notice in one user's box (type Sys or Mine). Single and personal notices get their
 *   row when sent; broadcasts get theirs when the recipient next reads (services/messages/notices.ts).
 *   `deleted` keeps a cleaned broadcast from being delivered again.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = <T extends string>(name: T) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('msg_remind')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'integer')
    .addColumn('source_type', 'varchar(32)')
    .addColumn('source_content', 'text')
    .addColumn('quote_id', 'integer')
    .addColumn('quote_type', 'varchar(32)')
    .addColumn('url', 'varchar(512)')
    .addColumn('recipient_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  // unread counts per action, and one action's list newest first
  await db.schema
    .createIndex('msg_remind_unread')
    .on('msg_remind')
    .columns(['recipient_id', 'state', 'action'])
    .execute();
  await db.schema
    .createIndex('msg_remind_list')
    .on('msg_remind')
    .columns(['recipient_id', 'action', 'id'])
    .execute();

  await withId('admin_sys_notice')
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recipient_id', 'varchar(36)')
    .addColumn('admin_id', 'varchar(36)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  // broadcasts sent since a user registered
  await db.schema
    .createIndex('admin_sys_notice_type')
    .on('admin_sys_notice')
    .columns(['type', 'gmt_create'])
    .execute();

  await withId('user_sys_notice')
    .addColumn('sys_notice_id', 'integer', (c) => c.notNull())
    .addColumn('recipient_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();
  // one copy of a notice per user (the read-time delivery relies on it), and the per-user queries
  await db.schema
    .createIndex('user_sys_notice_once')
    .on('user_sys_notice')
    .columns(['recipient_id', 'sys_notice_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_sys_notice_unread')
    .on('user_sys_notice')
    .columns(['recipient_id', 'state', 'type'])
    .execute();
  await db.schema
    .createIndex('user_sys_notice_list')
    .on('user_sys_notice')
    .columns(['recipient_id', 'type', 'gmt_create'])
    .execute();
  await db.schema
    .createIndex('user_sys_notice_notice')
    .on('user_sys_notice')
    .column('sys_notice_id')
    .execute();
}
