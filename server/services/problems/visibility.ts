import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { ProblemTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isAdminUser, isContestAdmin } from '../authz';
import { type AppError, forbidden, notFound } from '../errors';

export type ProblemRow = Selectable<ProblemTable>;

/** The columns that decide who sees a problem. */
export type ProblemAccessFields = Pick<ProblemRow, 'auth' | 'gid'>;

/**
 * The one place that decides who sees a problem.
 *
 * Outside contests (the problem list and page, tags, the submission list and details, case
 * results, wrong-case downloads, last accepted code, test runs, the user home) a problem is open
 * to everyone only when it is public (auth 1) and not a group's; private (2) and contest-only (3)
 * problems exist there for admins (root, admin, problem admin) alone, who check what they
 * publish. Group membership arrives with groups; until then a group problem is for admins only.
 *
 * Inside a contest the contest decides who may read it; of its problems, private ones are for the
 * contest's admins only (HOJ), while public and contest-only ones are the contest's.
 */
export function isOpenProblem(problem: ProblemAccessFields): boolean {
  return problem.auth === ProblemAuth.PUBLIC && problem.gid === null;
}

/** Admins see every problem outside contests (and so every submission of one). */
export function seesHiddenProblems(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/** May this caller see the problem (and its submissions) outside contests? */
export function canSeeProblem(problem: ProblemAccessFields, user: CurrentUser | null | undefined): boolean {
  return isOpenProblem(problem) || seesHiddenProblems(user);
}

/** Why a problem is refused outside contests: a group's, or not public. */
function hiddenProblemError(problem: ProblemAccessFields): AppError {
  return problem.gid !== null
    ? forbidden('problemPage.groupProblem')
    : forbidden('problemPage.problemNotPublic');
}

/** 403 unless the caller may see the problem outside contests. */
export function assertCanSeeProblem(
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): void {
  if (!canSeeProblem(problem, user)) throw hiddenProblemError(problem);
}

/**
 * Who may open a problem outside contests (HOJ get-problem-detail): a missing id is 404; a
 * problem the caller may not see is 403 (see canSeeProblem).
 */
export function assertProblemVisible(row: ProblemRow | undefined, user: CurrentUser | null): ProblemRow {
  if (!row) throw notFound('server.problemNotFound');
  assertCanSeeProblem(row, user);
  return row;
}

/** The problem with this display id, when the caller may see it (else the 404/403 above). */
export async function findVisibleProblem(
  db: Db,
  problemId: string,
  user: CurrentUser | null,
): Promise<ProblemRow> {
  const row = await db.kysely
    .selectFrom('problem')
    .selectAll()
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return assertProblemVisible(row, user);
}

/**
 * A submission outside contests is shown only to those who may see its problem: its title, code,
 * verdict and case results are the problem's as it is now (a problem is often hidden to be
 * reworked for a contest). Its owner is no exception; everything comes back when it is published.
 */
export function assertCanSeeSubmissionOf(
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): void {
  if (!canSeeProblem(problem, user)) throw forbidden('problemAccess.submissionHidden');
}

/**
 * SQL: the problem (columns of the table or alias given) is open to everyone outside contests.
 * Lists and counts for callers who are not admins keep to these rows.
 */
export function openProblemSql(table = 'problem'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.auth`)} = ${ProblemAuth.PUBLIC} and ${sql.ref(`${table}.gid`)} is null)`;
}

/**
 * SQL on `judge` rows: the submission's problem is open to everyone outside contests (what lists
 * show callers who are not admins). A subquery on its own alias, so it can be added to a query
 * that joins `problem` too; both databases evaluate it once per query, as a set of ids.
 */
export function openSubmissionSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref('judge.pid')} not in (select hp.id from problem hp where not ${openProblemSql('hp')})`;
}

/**
 * Inside a contest: may the caller see this problem of it? Private problems (auth 2) are for the
 * contest's admins only (HOJ); public and contest-only ones belong to the contest, whose own
 * access check (contests/access.ts) decides who reads it.
 */
export function canSeeContestProblem(
  problem: Pick<ProblemRow, 'auth'>,
  user: CurrentUser | null | undefined,
  contest: { uid: string },
): boolean {
  return problem.auth !== ProblemAuth.PRIVATE || isContestAdmin(user, contest);
}
