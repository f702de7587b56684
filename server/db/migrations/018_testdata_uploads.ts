import type { Kysely } from 'kysely';

/**
 * Test data uploaded from the admin console (docs/problem-formats.md, Test data uploads):
 * - problem_case.input_name / output_name: the file names the cases came with (1.in, 1.out), shown
 *   and used again in a download; null for cases written before (shown as <seq>.in / <seq>.out).
 * - testdata_upload: an upload waiting for its problem to be saved. The case files are already in
 *   the content-addressed store; the row keeps their names and hashes as JSON under an id the
 *   server made, so a client names an upload without ever naming a path. Rows older than a day
 *   are dropped on the next upload.
 * - problem_code_template: a problem's own starting code for a language (HOJ's code_template; by
 *   language name, as problem_language), shown in the editor instead of the judge's template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('problem_case').addColumn('input_name', 'varchar(255)').execute();
  await db.schema.alterTable('problem_case').addColumn('output_name', 'varchar(255)').execute();
  await db.schema
    .createTable('testdata_upload')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('cases', 'text', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('problem_code_template')
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_code_template_pk', ['pid', 'language'])
    .execute();
}
