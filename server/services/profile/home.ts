import { sql } from 'kysely';
import type { UserHome, UserHomeProblem } from '../../../shared/api/profile-types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { PROFILE_MESSAGES } from '../../../shared/schemas/profile';
import type { Db } from '../../db/database';
import type { UserInfoTable } from '../../db/schema';
import { findUserByUid, findUserByUsername } from '../auth/users';
import { AppError, badRequest } from '../errors';
import { openProblemSql } from '../problems/visibility';

/** The user a home page or heatmap is about (uid wins over username), or 404; 400 without either. */
export async function findHomeUser(
  db: Db,
  query: { uid?: string; username?: string },
): Promise<UserInfoTable> {
  if (!query.uid && !query.username) throw badRequest(PROFILE_MESSAGES.userRequired);
  const user = query.uid
    ? await findUserByUid(db, query.uid)
    : query.username
      ? await findUserByUsername(db, query.username)
      : undefined;
  if (!user) throw new AppError(404, 'profile.server.userNotFound');
  return user;
}

interface TriedProblem extends UserHomeProblem {
  solved: boolean;
}

/**
 * The public problems the user submitted to outside contests, solved or not. The per-problem
 * grouping reads only the judge_uid_problem index (uid, cid, pid, status); problems join by key.
 */
async function triedProblems(db: Db, uid: string): Promise<TriedProblem[]> {
  const perProblem = db.kysely
    .selectFrom('judge')
    .select([
      'pid',
      sql<number>`max(case when status = ${JudgeStatus.ACCEPTED} then 1 else 0 end)`.as('solved'),
    ])
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .groupBy('pid')
    .as('t');
  const rows = await db.kysely
    .selectFrom(perProblem)
    .innerJoin('problem', 'problem.id', 't.pid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.difficulty', 't.solved'])
    .where(openProblemSql())
    .orderBy((eb) => eb.fn('length', ['problem.problem_id']))
    .orderBy('problem.problem_id')
    .execute();
  return rows.map((r) => ({
    pid: r.id,
    problemId: r.problem_id,
    title: r.title,
    difficulty: r.difficulty,
    solved: Number(r.solved) === 1,
  }));
}

/** Every submission of the user (contests included), counted on the judge_uid index. */
async function submissionCount(db: Db, uid: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('judge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * HOJ's scoreList: the best OI rank score of each public problem the user has one on (outside
 * contests), from the rank records (services/ranks/stats.ts); HOJ's client sums it for the score card.
 */
async function scoreList(db: Db, uid: string): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('user_problem_stat as s')
    .innerJoin('problem', 'problem.id', 's.pid')
    .select('s.best_score')
    .where('s.uid', '=', uid)
    .where('s.best_score', 'is not', null)
    .where(openProblemSql())
    .orderBy('s.pid')
    .execute();
  return rows.map((r) => Number(r.best_score));
}

/** GET /api/get-user-home-info: the public face of an account (never its e-mail or password). */
export async function getUserHome(db: Db, query: { uid?: string; username?: string }): Promise<UserHome> {
  const user = await findHomeUser(db, query);
  const [total, tried, scores] = await Promise.all([
    submissionCount(db, user.uuid),
    triedProblems(db, user.uuid),
    scoreList(db, user.uuid),
  ]);
  const strip = ({ solved: _, ...p }: TriedProblem): UserHomeProblem => p;
  const solved = tried.filter((p) => p.solved).map(strip);
  const solvedGroupByDifficulty: Record<string, UserHomeProblem[]> = {};
  for (const p of solved) {
    const level = String(p.difficulty);
    solvedGroupByDifficulty[level] = [...(solvedGroupByDifficulty[level] ?? []), p];
  }
  return {
    uid: user.uuid,
    username: user.username,
    nickname: user.nickname,
    school: user.school,
    signature: user.signature,
    gender: user.gender,
    github: user.github,
    blog: user.blog,
    avatar: user.avatar,
    titleName: user.title_name,
    titleColor: user.title_color,
    total,
    solvedList: solved.map((p) => p.problemId),
    attemptedList: tried.filter((p) => !p.solved).map(strip),
    solvedGroupByDifficulty,
    scoreList: scores,
    recentLoginTime: user.last_login_time,
    rating: null,
  };
}
