import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import { openProblemSql } from '../problems/visibility';

/**
 * The per-user records the ranks and the week's leaders read (migration 024), recomputed from the
 * submissions themselves, never adjusted by increments: a refresh that runs twice, or late, still
 * writes the truth. Outside contests and groups only (HOJ's user_acproblem); the sums count public
 * problems only, as the user home does.
 */

/** One (user, problem) pair from its submissions outside contests; deleted when none is left. */
async function refreshPair(trx: Kysely<Database>, uid: string, pid: number): Promise<void> {
  const row = await trx
    .selectFrom('judge')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`max(case when status = ${JudgeStatus.ACCEPTED} then 1 else 0 end)`.as('solved'),
      sql<string | null>`min(case when status = ${JudgeStatus.ACCEPTED} then submit_time end)`.as('first_ac'),
      (eb) => eb.fn.max<number | null>('oi_rank_score').as('best'),
    ])
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('pid', '=', pid)
    .where('gid', 'is', null)
    .executeTakeFirst();
  const submissions = Number(row?.n ?? 0);
  if (submissions === 0) {
    await trx.deleteFrom('user_problem_stat').where('uid', '=', uid).where('pid', '=', pid).execute();
    return;
  }
  const values = {
    submissions,
    solved: Number(row?.solved ?? 0),
    first_ac_time: row?.first_ac ?? null,
    best_score: row?.best === null || row?.best === undefined ? null : Number(row.best),
  };
  await trx
    .insertInto('user_problem_stat')
    .values({ uid, pid, ...values })
    .onConflict((oc) => oc.columns(['uid', 'pid']).doUpdateSet(values))
    .execute();
}

/** The sums of one user over public problems, from their per-problem rows. */
async function userSums(trx: Kysely<Database>, uid: string) {
  const row = await trx
    .selectFrom('user_problem_stat as s')
    .innerJoin('problem', 'problem.id', 's.pid')
    .select([
      (eb) => eb.fn.sum<number | string | null>('s.solved').as('ac'),
      (eb) => eb.fn.sum<number | string | null>('s.submissions').as('total'),
      sql<number | string | null>`sum(coalesce(s.best_score, 0))`.as('score'),
    ])
    .where('s.uid', '=', uid)
    .where(openProblemSql())
    .executeTakeFirst();
  return { ac: Number(row?.ac ?? 0), total: Number(row?.total ?? 0), score: Number(row?.score ?? 0) };
}

/**
 * Recomputes a user's rows for the problems named, then their sums. The user's sums row is written
 * first: in PostgreSQL that locks it, so two replicas refreshing one user take turns and the later
 * one reads what the earlier wrote (SQLite has one writer at a time anyway).
 */
export async function refreshUserStats(db: Db, uid: string, pids: readonly number[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx
      .insertInto('user_rank_stat')
      .values({ uid, ac: 0, total: 0, score: 0, gmt_modified: now })
      .onConflict((oc) => oc.column('uid').doUpdateSet({ gmt_modified: now }))
      .execute();
    for (const pid of pids) await refreshPair(trx, uid, pid);
    const sums = await userSums(trx, uid);
    if (sums.total === 0) await trx.deleteFrom('user_rank_stat').where('uid', '=', uid).execute();
    else await trx.updateTable('user_rank_stat').set(sums).where('uid', '=', uid).execute();
  });
}

/** Whose sums to recompute: those who tried a problem, some users by id, or everyone (null). */
type UserSet = { pid: number } | { uids: readonly string[] } | null;

/** The ids of a user set, as a list or an SQL subquery (null: everyone). */
function userIds(trx: Kysely<Database>, users: UserSet) {
  if (!users) return null;
  if ('uids' in users) return [...users.uids];
  return trx.selectFrom('user_problem_stat').select('uid').where('pid', '=', users.pid);
}

/**
 * Recomputes the sums of a set of users in two statements: a problem's change of visibility
 * touches everyone who tried it.
 */
async function recomputeSums(trx: Kysely<Database>, users: UserSet): Promise<void> {
  const ids = userIds(trx, users);
  let drop = trx.deleteFrom('user_rank_stat');
  if (ids) drop = drop.where('uid', 'in', ids);
  await drop.execute();
  let sums = trx
    .selectFrom('user_problem_stat as s')
    .innerJoin('problem', 'problem.id', 's.pid')
    .select([
      's.uid',
      (eb) => eb.fn.sum<number>('s.solved').as('ac'),
      (eb) => eb.fn.sum<number>('s.submissions').as('total'),
      sql<number>`sum(coalesce(s.best_score, 0))`.as('score'),
      sql<string>`${nowIso()}`.as('gmt_modified'),
    ])
    .where(openProblemSql())
    .groupBy('s.uid');
  if (ids) sums = sums.where('s.uid', 'in', ids);
  await trx
    .insertInto('user_rank_stat')
    .columns(['uid', 'ac', 'total', 'score', 'gmt_modified'])
    .expression(sums)
    .execute();
}

/**
 * After a problem's visibility changed (or it was deleted): the sums of everyone who tried it.
 * `problemId` is its display id; a problem that is gone takes its rows with it.
 */
export async function refreshProblemStats(db: Db, problemId: string): Promise<void> {
  const problem = await db.kysely
    .selectFrom('problem')
    .select('id')
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  await db.kysely.transaction().execute(async (trx) => {
    if (problem) {
      await recomputeSums(trx, { pid: problem.id });
      return;
    }
    // the users first: the rows that name them are deleted next
    const gone = (eb: ExpressionBuilder<Database, 'user_problem_stat'>) =>
      eb('pid', 'not in', eb.selectFrom('problem').select('id'));
    const users = (
      await trx.selectFrom('user_problem_stat').select('uid').distinct().where(gone).execute()
    ).map((r) => r.uid);
    await trx.deleteFrom('user_problem_stat').where(gone).execute();
    for (let i = 0; i < users.length; i += 500) await recomputeSums(trx, { uids: users.slice(i, i + 500) });
  });
}

/** Every record afresh from the submissions (a problem whose visibility changed unnamed; the scale tests). */
export async function rebuildRankStats(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_problem_stat').execute();
    await trx
      .insertInto('user_problem_stat')
      .columns(['uid', 'pid', 'submissions', 'solved', 'first_ac_time', 'best_score'])
      .expression(
        trx
          .selectFrom('judge')
          .select([
            'uid',
            'pid',
            (eb) => eb.fn.countAll<number>().as('submissions'),
            sql<number>`max(case when status = ${JudgeStatus.ACCEPTED} then 1 else 0 end)`.as('solved'),
            sql<string | null>`min(case when status = ${JudgeStatus.ACCEPTED} then submit_time end)`.as(
              'first_ac_time',
            ),
            (eb) => eb.fn.max<number | null>('oi_rank_score').as('best_score'),
          ])
          .where('cid', '=', 0)
          .where('gid', 'is', null)
          .groupBy(['uid', 'pid']),
      )
      .execute();
    await recomputeSums(trx, null);
  });
}
