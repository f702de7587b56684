/**
 * What the admin console reads about problems, at HOJ's admin paths (docs/security.md, Problems
 * in the admin console): the list with every visibility, one problem with its checker, and its test
 * cases by file name with sizes and the first bytes (its tags and templates: problem-calls.ts).
 */
import type { AdminProblem, AdminProblemCase } from '../../../../shared/api/problem-editor-types';
import type { Page, Problem } from '../../../../shared/api/types';
import { TESTDATA_LIMITS } from '../../../../shared/constants/limits';
import type { Db } from '../../../db/database';
import { containsText } from '../../../db/like';
import type { CurrentUser } from '../../auth/users';
import { canEditProblem, canManageProblems } from '../../authz';
import { forbidden, notFound } from '../../errors';
import type { FileStore } from '../../files/store';
import { groupProblemEditorAccess } from '../../groups/problem-access';
import { pageRequest, toPage } from '../../paging';
import { toProblem } from '../mapping';
import type { ProblemRow } from '../visibility';

export function assertCanManageProblems(user: CurrentUser): void {
  if (!canManageProblems(user)) throw forbidden();
}

export async function problemRowForEdit(db: Db, user: CurrentUser, pid: number) {
  assertCanManageProblems(user);
  const row = await db.kysely.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  if (!canEditProblem(user, row.author)) throw forbidden('problemAdmin.notYours');
  return row;
}

/**
 * The problem, for those who may edit it anywhere: the console's rule (problemRowForEdit), or for a
 * group's problem its group's editors (groups/problem-access.ts, groupProblemEditorAccess). The
 * test data download takes either.
 */
export async function problemRowForAnyEditor(db: Db, user: CurrentUser, pid: number) {
  const row = await db.kysely.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  // to those outside the console a missing problem is no different from another's
  if (!canManageProblems(user)) {
    if (row && (await groupProblemEditorAccess(db, row, user))) return row;
    throw forbidden();
  }
  if (!row) throw notFound('server.problemNotFound');
  if (canEditProblem(user, row.author) || (await groupProblemEditorAccess(db, row, user))) return row;
  throw forbidden('problemAdmin.notYours');
}

export async function listAdminProblems(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number; limit?: number; keyword?: string; auth?: number },
): Promise<Page<Problem>> {
  assertCanManageProblems(user);
  const req = pageRequest(query.currentPage, query.limit, 10);
  let q = db.kysely.selectFrom('problem');
  if (query.auth) q = q.where('auth', '=', query.auth);
  const keyword = query.keyword;
  if (keyword)
    q = q.where((eb) => eb.or(['title', 'author', 'problem_id'].map((c) => containsText(c, keyword))));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(req.size).offset(req.offset).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toProblem), Number(count.n), req);
}

export async function getAdminProblem(db: Db, user: CurrentUser, pid: number): Promise<AdminProblem> {
  return adminProblemOf(db, await problemRowForEdit(db, user, pid));
}

/** A problem as the editor reads it (with its checker), the caller's permission already checked. */
export async function adminProblemOf(db: Db, row: ProblemRow): Promise<AdminProblem> {
  const pid = row.id;
  const named = await db.kysely
    .selectFrom('problem_case')
    .select('id')
    .where('pid', '=', pid)
    .where('input_name', 'is not', null)
    .executeTakeFirst();
  return {
    ...toProblem(row),
    spjCode: row.spj_code,
    spjLanguage: row.spj_language,
    judgeExtraFile: row.judge_extra_file,
    isUploadCase: !!named,
    caseVersion: row.case_version,
  };
}

function preview(files: FileStore, hash: string): string {
  return files.read(hash).subarray(0, TESTDATA_LIMITS.previewBytes).toString('utf8');
}

export async function getAdminProblemCases(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  pid: number,
): Promise<AdminProblemCase[]> {
  await problemRowForEdit(db, user, pid);
  return problemCasesOf(db, files, pid);
}

/** A problem's cases as the editor lists them, the caller's permission already checked. */
export async function problemCasesOf(db: Db, files: FileStore, pid: number): Promise<AdminProblemCase[]> {
  const rows = await db.kysely
    .selectFrom('problem_case')
    .selectAll()
    .where('pid', '=', pid)
    .where('status', '=', 0)
    .orderBy('seq')
    .execute();
  return rows.map((c) => ({
    id: c.id,
    pid: c.pid,
    input: c.input_name ?? `${c.seq}.in`,
    output: c.output_name ?? `${c.seq}.out`,
    score: c.score,
    groupNum: c.group_num,
    status: c.status,
    inputSize: c.input_size,
    outputSize: c.output_size,
    inputPreview: preview(files, c.input_hash),
    outputPreview: preview(files, c.output_hash),
  }));
}
