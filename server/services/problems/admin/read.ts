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
import { pageRequest, toPage } from '../../paging';
import { toProblem } from '../mapping';

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
  const row = await problemRowForEdit(db, user, pid);
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
