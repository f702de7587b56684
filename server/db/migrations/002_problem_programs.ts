import type { Kysely } from 'kysely';

/**
 * Special judges and interactors (HOJ: spj_code/spj_language; judge_extra_file as
 * {name: content}), the checker protocol (testlib, hoj, kattis) and Kattis validator flags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('problem')
    .addColumn('spj_protocol', 'varchar(16)', (c) => c.notNull().defaultTo('testlib'))
    .execute();
  await db.schema.alterTable('problem').addColumn('spj_language', 'varchar(64)').execute();
  await db.schema.alterTable('problem').addColumn('spj_code', 'text').execute();
  await db.schema.alterTable('problem').addColumn('judge_extra_file', 'text').execute();
  await db.schema.alterTable('problem').addColumn('validator_flags', 'varchar(255)').execute();
}
