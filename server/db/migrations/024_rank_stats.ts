import { type Kysely, sql } from 'kysely';

/**
 * Ranks and the home page (docs/architecture.md, Ranks and home page): counting a million
 * submissions per rank page is too slow (the OI rank took 4 s on SQLite), so two small tables are
 * kept current as verdicts arrive (server/services/ranks/stats.ts) and filled here from the
 * submissions a site already has.
 * - `user_problem_stat` (HOJ's user_acproblem, widened): per user and problem, outside contests and
 *   groups: submissions made, solved or not, when first accepted (the week's leaders count these),
 *   and the best OI rank score.
 * - `user_rank_stat`: per user, the sums over public problems: problems solved (`ac`), submissions
 *   (`total`) and the OI score; a user without submissions has no row.
 * - an index on `judge (submit_time, status)`: the week's chart counts from the index alone.
 * - an index on `problem (gmt_modified)`: the recently updated problems.
 * - an index on `user_info (status, username, nickname, uuid)`: a rank page orders every active
 *   account (and searches their names) without reading their whole rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_problem_stat')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('submissions', 'integer', (c) => c.notNull())
    .addColumn('solved', 'integer', (c) => c.notNull())
    .addColumn('first_ac_time', 'varchar(32)')
    .addColumn('best_score', 'integer')
    .addPrimaryKeyConstraint('user_problem_stat_pk', ['uid', 'pid'])
    .execute();
  await db.schema.createIndex('user_problem_stat_pid').on('user_problem_stat').column('pid').execute();
  // covering: the week's leaders read the week's first solves from the index alone
  await db.schema
    .createIndex('user_problem_stat_first_ac')
    .on('user_problem_stat')
    .columns(['first_ac_time', 'uid', 'pid'])
    .execute();

  await db.schema
    .createTable('user_rank_stat')
    .addColumn('uid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('ac', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('gmt_modified', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('judge_time_status').on('judge').columns(['submit_time', 'status']).execute();
  await db.schema.createIndex('problem_modified').on('problem').column('gmt_modified').execute();
  await db.schema
    .createIndex('user_info_rank')
    .on('user_info')
    .columns(['status', 'username', 'nickname', 'uuid'])
    .execute();

  // status 0 is Accepted; auth 1 without a group is a public problem (the rules of
  // services/ranks/stats.ts, written out here so the migration stays as it ran)
  await sql`insert into user_problem_stat (uid, pid, submissions, solved, first_ac_time, best_score)
    select uid, pid, count(*), max(case when status = 0 then 1 else 0 end),
      min(case when status = 0 then submit_time end), max(oi_rank_score)
    from judge where cid = 0 and gid is null group by uid, pid`.execute(db);
  const now = new Date().toISOString();
  await sql`insert into user_rank_stat (uid, ac, total, score, gmt_modified)
    select s.uid, sum(s.solved), sum(s.submissions), sum(coalesce(s.best_score, 0)), ${now}
    from user_problem_stat s join problem p on p.id = s.pid
    where p.auth = 1 and p.gid is null group by s.uid`.execute(db);
}
