import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { ApplyPublicProgress } from '../../../shared/constants/groups';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { ProblemTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isAdminUser, isContestAdmin } from '../authz';
import { type AppError, forbidden, notFound } from '../errors';
import { type GroupSight, loadGroupSight, NO_GROUP_SIGHT } from '../groups/problem-access';

export type ProblemRow = Selectable<ProblemTable>;

/**
 * The columns that decide who sees a problem. `apply_public_progress` says whether root agreed to
 * make a group's problem public (2); a caller that does not read it treats every problem with a
 * `gid` as the group's alone, which hides rather than shows.
 */
export type ProblemAccessFields = Pick<ProblemRow, 'auth' | 'gid'> & {
  apply_public_progress?: number | null;
};

/**
 * The one place that decides who sees a problem.
 *
 * Outside contests (the problem list and page, tags, the submission list and details, case
 * results, wrong-case downloads, last accepted code, test runs, the user home) a problem is open
 * to everyone only when it is public (auth 1) and not a group's alone; private (2) and
 * contest-only (3) problems exist there for admins (root, admin, problem admin) alone, who check
 * what they publish.
 *
 * A group's problem (`gid` set, HOJ's is_group) is for its group: its members see it when it is
 * public (auth 1), its admins whatever its auth, the site's admins as any hidden problem. Lists,
 * searches, tags, random picks, ranks and the home page show only open problems, so a group's
 * problem never appears there. Once root agrees to a group's request to publish it
 * (apply_public_progress 2, HOJ: is_group false) it is open like any public problem and stays
 * the group's. Membership needs the database: the async checks below (canOpenProblem and its
 * kin) are the ones every call outside contests uses; the sync ones know no groups.
 *
 * Inside a contest the contest decides who may read it; of its problems, private ones are for the
 * contest's admins only (HOJ), while public and contest-only ones are the contest's.
 */
export function isOpenProblem(problem: ProblemAccessFields): boolean {
  return problem.auth === ProblemAuth.PUBLIC && !isGroupOnlyProblem(problem);
}

/** A group's problem that is not (or no longer) agreed into the public list: HOJ's is_group. */
export function isGroupOnlyProblem(problem: ProblemAccessFields): boolean {
  return problem.gid !== null && problem.apply_public_progress !== ApplyPublicProgress.AGREED;
}

/** Admins see every problem outside contests (and so every submission of one). */
export function seesHiddenProblems(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/**
 * May this caller see the problem (and its submissions) outside contests, groups left aside (open,
 * or the caller is a site admin)? Calls that can reach a group's problem use canOpenProblem.
 */
export function canSeeProblem(problem: ProblemAccessFields, user: CurrentUser | null | undefined): boolean {
  return isOpenProblem(problem) || seesHiddenProblems(user);
}

/**
 * The group rule on top of canSeeProblem, with the caller's standing in the problem's group
 * already read (`sight`): its admins see all of the group's problems, its members the public ones.
 */
export function canSeeProblemWith(
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
  sight: GroupSight,
): boolean {
  if (canSeeProblem(problem, user)) return true;
  if (problem.gid === null) return false;
  if (sight.manages(problem.gid)) return true;
  return problem.auth === ProblemAuth.PUBLIC && sight.sees(problem.gid);
}

/** The caller's standing in the problem's group, read only when the group rule can decide. */
async function sightFor(
  db: Db,
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): Promise<GroupSight> {
  if (problem.gid === null || !user || canSeeProblem(problem, user)) return NO_GROUP_SIGHT;
  return loadGroupSight(db, user, [problem.gid]);
}

/** May this caller open the problem outside contests (its group's members and admins included)? */
export async function canOpenProblem(
  db: Db,
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): Promise<boolean> {
  return canSeeProblemWith(problem, user, await sightFor(db, problem, user));
}

/** Why a problem is refused outside contests: a group's (to those outside it), or not public. */
function hiddenProblemError(problem: ProblemAccessFields, sight: GroupSight = NO_GROUP_SIGHT): AppError {
  return problem.gid !== null && !sight.sees(problem.gid)
    ? forbidden('problemPage.groupProblem')
    : forbidden('problemPage.problemNotPublic');
}

/** 403 unless the caller may see the problem outside contests (groups left aside: see canSeeProblem). */
export function assertCanSeeProblem(
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): void {
  if (!canSeeProblem(problem, user)) throw hiddenProblemError(problem);
}

/** 403 unless the caller may open the problem outside contests (canOpenProblem). */
export async function assertCanOpenProblem(
  db: Db,
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): Promise<void> {
  const sight = await sightFor(db, problem, user);
  if (!canSeeProblemWith(problem, user, sight)) throw hiddenProblemError(problem, sight);
}

/**
 * Who may open a problem outside contests (HOJ get-problem-detail): a missing id is 404; a
 * problem the caller may not open is 403 (see canOpenProblem).
 */
export async function assertProblemVisible(
  db: Db,
  row: ProblemRow | undefined,
  user: CurrentUser | null,
): Promise<ProblemRow> {
  if (!row) throw notFound('server.problemNotFound');
  await assertCanOpenProblem(db, row, user);
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
  return assertProblemVisible(db, row, user);
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
 * The same for every call outside contests that can reach a group's submission (detail, case
 * results, sharing, wrong case, resubmit): those who may open its problem, its group's members
 * and admins included (canOpenProblem). A member who leaves the group loses them at once.
 */
export async function assertCanOpenSubmissionOf(
  db: Db,
  problem: ProblemAccessFields,
  user: CurrentUser | null | undefined,
): Promise<void> {
  if (!(await canOpenProblem(db, problem, user))) throw forbidden('problemAccess.submissionHidden');
}

/**
 * SQL: the problem (columns of the table or alias given) is open to everyone outside contests.
 * Lists and counts for callers who are not admins keep to these rows.
 */
export function openProblemSql(table = 'problem'): RawBuilder<SqlBool> {
  // coalesce: `not openProblemSql(...)` must be true, never null, for a group's problem
  return sql<SqlBool>`(${sql.ref(`${table}.auth`)} = ${ProblemAuth.PUBLIC} and (${sql.ref(`${table}.gid`)} is null or coalesce(${sql.ref(`${table}.apply_public_progress`)}, 0) = ${ApplyPublicProgress.AGREED}))`;
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
