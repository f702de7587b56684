import type { RandomProblem } from '../../../shared/api/home-types';
import type { CodeTemplate } from '../../../shared/api/problem-editor-types';
import type { Language, Tag } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { badRequest, notFound } from '../errors';
import type { LanguageRegistry } from '../languages';
import { problemLanguages } from './queries';
import { tagsByProblem } from './tags';
import { assertCanOpenProblem, openProblemSql, type ProblemRow } from './visibility';

/**
 * HOJ's small problem calls by numeric id (get-problem-tags, get-problem-code-template,
 * get-problem-languages): HOJ answers anyone; here a problem is read by whoever may open it
 * outside contests (everyone for a public one, a group's members for its public problems, its
 * admins and the admin roles for the rest), since its page already shows the same tags, templates
 * and languages.
 */
async function readableProblem(db: Db, user: CurrentUser | null, pid: number): Promise<ProblemRow> {
  const row = await db.kysely.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  await assertCanOpenProblem(db, row, user);
  return row;
}

/** HOJ GET /api/get-problem-tags: the tags of one problem. */
export async function problemTags(db: Db, user: CurrentUser | null, pid: number): Promise<Tag[]> {
  await readableProblem(db, user, pid);
  return (await tagsByProblem(db, [pid])).get(pid) ?? [];
}

/** HOJ GET /api/get-problem-code-template: the problem's own templates, for the languages this judge runs. */
export async function problemCodeTemplates(
  db: Db,
  languages: LanguageRegistry,
  user: CurrentUser | null,
  pid: number,
): Promise<CodeTemplate[]> {
  await readableProblem(db, user, pid);
  const names = languages.names();
  const rows = await db.kysely
    .selectFrom('problem_code_template')
    .selectAll()
    .where('pid', '=', pid)
    .execute();
  return rows
    .filter((r) => names.includes(r.language))
    .map((r) => ({
      lid: names.indexOf(r.language) + 1,
      pid,
      language: r.language,
      code: r.code,
      status: true,
    }));
}

/** HOJ GET /api/get-problem-languages: the languages one problem may be solved in (HOJ's Language entities). */
export async function problemLanguageList(
  db: Db,
  languages: LanguageRegistry,
  user: CurrentUser | null,
  pid: number,
): Promise<Language[]> {
  await readableProblem(db, user, pid);
  const allowed = new Set(await problemLanguages(db, languages, pid));
  return languages.toLanguages().filter((l) => allowed.has(l.name));
}

/**
 * HOJ GET /api/get-random-problem: one public problem picked at random (counted, then one row
 * read at a random offset: no sort of the whole problem set). None public: 400 with HOJ's words.
 */
export async function randomProblem(db: Db): Promise<RandomProblem> {
  const open = db.kysely.selectFrom('problem').where(openProblemSql());
  const count = Number(
    (await open.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n,
  );
  if (count === 0) throw badRequest('home.noPublicProblem');
  const row = await open
    .select('problem_id')
    .orderBy('id')
    .limit(1)
    .offset(Math.floor(Math.random() * count))
    .executeTakeFirst();
  if (!row) throw badRequest('home.noPublicProblem');
  return { problemId: row.problem_id };
}
