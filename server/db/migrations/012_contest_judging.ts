import type { Kysely } from 'kysely';

/**
 * Contest judging: the contest's penalty rule, and an index that finds a contest's
 * submissions changed since a moment (the rank cache applies only those).
 * penalty_mode: 'hoj-seconds' (HOJ, default) or 'icpc-minutes' (each accept time floored to the minute).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contest')
    .addColumn('penalty_mode', 'varchar(16)', (c) => c.notNull().defaultTo('hoj-seconds'))
    .execute();
  await db.schema
    .createIndex('judge_contest_modified')
    .on('judge')
    .columns(['cid', 'gmt_modified'])
    .execute();
}
