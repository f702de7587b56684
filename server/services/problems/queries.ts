import { sql } from 'kysely';
import type { Page, ProblemDetail, ProblemListItem, Tag } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { PAGE_SIZES } from '../../../shared/constants/limits';
import type { ProblemListParams } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { forbidden, notFound } from '../errors';
import type { LanguageRegistry } from '../languages';
import { pageRequest, toPage } from '../paging';
import { countsByProblem, emptyCounts } from './counts';
import { toProblem } from './mapping';

/** auth 1 = public (HOJ); 2 hidden; 3 contest only */
export const PROBLEM_PUBLIC = 1;

async function tagsByProblem(db: Db, pids: number[]): Promise<Map<number, Tag[]>> {
  const map = new Map<number, Tag[]>();
  if (pids.length === 0) return map;
  const rows = await db.kysely
    .selectFrom('problem_tag')
    .innerJoin('tag', 'tag.id', 'problem_tag.tid')
    .select(['problem_tag.pid', 'tag.id', 'tag.name', 'tag.color', 'tag.tcid'])
    .where('problem_tag.pid', 'in', pids)
    .execute();
  for (const r of rows) {
    const list = map.get(r.pid) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, tcid: r.tcid });
    map.set(r.pid, list);
  }
  return map;
}

export async function listProblems(db: Db, query: ProblemListParams): Promise<Page<ProblemListItem>> {
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZES.problems);
  let base = db.kysely.selectFrom('problem').where('auth', '=', PROBLEM_PUBLIC).where('gid', 'is', null);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('title', 'like', like), eb('problem_id', 'like', like)]));
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'problem_id', 'title', 'difficulty', 'type'])
    .orderBy((eb) => eb.fn('length', ['problem_id']))
    .orderBy('problem_id')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const pids = rows.map((r) => r.id);
  const [counts, tags] = await Promise.all([countsByProblem(db, pids), tagsByProblem(db, pids)]);
  const records = rows.map((r) => ({
    ...(counts.get(r.id) ?? emptyCounts()),
    pid: r.id,
    problemId: r.problem_id,
    title: r.title,
    difficulty: r.difficulty,
    type: r.type,
    tags: tags.get(r.id) ?? [],
    score: null,
  }));
  return toPage(records, Number(totalRow?.n ?? 0), req);
}

export async function findProblemByDisplayId(db: Db, problemId: string) {
  return db.kysely.selectFrom('problem').selectAll().where('problem_id', '=', problemId).executeTakeFirst();
}

/** The caller's status on a problem outside contests: AC wins, else the latest, else -10. */
export async function myProblemStatus(db: Db, uid: string, pid: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('judge')
    .select('status')
    .where('uid', '=', uid)
    .where('pid', '=', pid)
    .where('cid', '=', 0)
    .orderBy(sql`case when status = ${JudgeStatus.ACCEPTED} then 0 else 1 end`)
    .orderBy('submit_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status ?? JudgeStatus.NOT_SUBMITTED;
}

/** Languages a problem accepts: its own list, or every language this judge has. */
export async function problemLanguages(db: Db, languages: LanguageRegistry, pid: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('problem_language')
    .select('language')
    .where('pid', '=', pid)
    .execute();
  const available = languages.names();
  if (rows.length === 0) return available;
  const allowed = new Set(rows.map((r) => r.language));
  return available.filter((name) => allowed.has(name));
}

export async function getProblemDetail(
  db: Db,
  languages: LanguageRegistry,
  problemId: string,
  user: CurrentUser | null,
): Promise<ProblemDetail> {
  const row = await findProblemByDisplayId(db, problemId);
  if (!row) throw notFound('server.problemNotFound');
  if (row.auth !== PROBLEM_PUBLIC && !isAdminUser(user)) throw forbidden('server.problemNotFound');
  const [counts, tags, langs, myStatus] = await Promise.all([
    countsByProblem(db, [row.id]),
    tagsByProblem(db, [row.id]),
    problemLanguages(db, languages, row.id),
    user ? myProblemStatus(db, user.uid, row.id) : Promise.resolve(JudgeStatus.NOT_SUBMITTED),
  ]);
  const codeTemplate: Record<string, string> = {};
  for (const name of langs) codeTemplate[name] = languages.get(name)?.template ?? '';
  return {
    problem: toProblem(row),
    problemCount: counts.get(row.id) ?? emptyCounts(),
    tags: tags.get(row.id) ?? [],
    languages: langs,
    codeTemplate,
    myStatus,
  };
}
