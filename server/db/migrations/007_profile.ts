import type { Kysely } from 'kysely';

/**
 * User home and account settings:
 * - `user_info` gains HOJ's github and blog links and the time of the last login;
 * - `public_image`: the uploaded images that may be served under /api/public/img/ (avatars). The
 *   bytes live in the content-addressed file store beside the test data, so only a hash listed
 *   here is ever served, with the type detected from its bytes at upload;
 * - judge indexes so a user's counts, solved and tried problems and heatmap are read from an
 *   index alone, however many submissions there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_info').addColumn('github', 'varchar(255)').execute();
  await db.schema.alterTable('user_info').addColumn('blog', 'varchar(255)').execute();
  await db.schema.alterTable('user_info').addColumn('last_login_time', 'varchar(32)').execute();

  await db.schema
    .createTable('public_image')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('judge_uid_problem')
    .on('judge')
    .columns(['uid', 'cid', 'pid', 'status'])
    .execute();
  await db.schema.createIndex('judge_uid_time').on('judge').columns(['uid', 'submit_time']).execute();
}
