import type { Kysely } from 'kysely';

/**
 * Judge operations: queue priority on `judge` (0 contest, 1 new submission, 2 rejudge:
 * fresh work is judged before rejudges), test runs (`test_judge`, claimed from the same queue and
 * before any submission), and one case row per (submission, attempt, seq) so a retried progress
 * report cannot duplicate a case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('judge')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('judge_queue')
    .on('judge')
    .columns(['status', 'priority', 'submit_id'])
    .execute();

  await db.schema
    .createTable('test_judge')
    .addColumn('test_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_input', 'text', (c) => c.notNull())
    .addColumn('expected_output', 'text')
    .addColumn('judge_mode', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('stderr', 'text')
    .addColumn('user_output', 'text')
    .addColumn('judger', 'varchar(255)')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(255)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('test_judge_queue')
    .on('test_judge')
    .columns(['status', 'gmt_create'])
    .execute();
  await db.schema.createIndex('test_judge_expiry').on('test_judge').column('expires_at').execute();

  await db.schema
    .createIndex('judge_case_attempt_seq')
    .on('judge_case')
    .columns(['submit_id', 'attempt', 'seq'])
    .unique()
    .execute();
}
