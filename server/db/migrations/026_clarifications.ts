import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Contest clarifications, kept as the ICPC Contest API and DOMjudge keep them: one row per message.
 * - contest_clarification: a question of a participant (`from_jury` 0, `uid` the asker), or a message of
 *   the jury (`from_jury` 1, `uid` the contest admin who wrote it): an answer (`reply_to_id` the question),
 *   private (`to_uid` the asker) or to everyone (`to_uid` null), or a clarification nobody asked for
 *   (no `reply_to_id`, to everyone). `cpid` is the contest problem it is about (null: general). A
 *   question records whether, by whom and when it was answered.
 * - contest_clarification_read: a jury message a user has seen, one row per (message, user).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('contest_clarification')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('cpid', 'integer')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('from_jury', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_uid', 'varchar(36)')
    .addColumn('reply_to_id', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_by', 'varchar(36)')
    .addColumn('answered_at', 'varchar(32)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  // the jury's queue (a contest's questions, unanswered first) and a participant's own questions
  await db.schema
    .createIndex('contest_clarification_queue')
    .on('contest_clarification')
    .columns(['cid', 'from_jury', 'answered', 'id'])
    .execute();
  await db.schema
    .createIndex('contest_clarification_asker')
    .on('contest_clarification')
    .columns(['cid', 'uid'])
    .execute();
  await db.schema
    .createIndex('contest_clarification_reply')
    .on('contest_clarification')
    .column('reply_to_id')
    .execute();

  await withId('contest_clarification_read')
    .addColumn('clarification_id', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_clarification_read_once')
    .unique()
    .on('contest_clarification_read')
    .columns(['clarification_id', 'uid'])
    .execute();
}
