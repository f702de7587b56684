/**
 * HOJ GET /api/file/export-problem: problems as HOJ's own zip (docs/problem-formats.md, HOJ
 * zip), which HOJ's import-problem and this server's read back. Per problem `problem_<pid>.json`
 * (HOJ's ImportProblemVO) and the folder `problem_<pid>/` with the test files the JSON's
 * `samples` name. Root only, as in HOJ.
 *
 * Everything is read from the database before the first byte leaves, so a refusal (an unknown
 * pid, a missing file) is an answer and never a broken zip; the test files are then streamed from
 * the file store as the zip reaches them, so large test data is never held in memory.
 */
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { AppError, forbidden } from '../errors';
import type { FileStore } from '../files/store';
import { importError } from './archive';
import type { VerdictBlock } from './hoj';
import { HOJ_EXPORTABLE_LANGUAGES, hojCheckerLanguageOf, hojLanguageOf } from './hoj-languages';

/** Problems in one export: each is a query set and a folder of files; HOJ's client sends a page's selection. */
export const EXPORT_LIMITS = { problems: 100 } as const;

type ProblemRow = Awaited<ReturnType<typeof readProblems>>[number];
export type CaseRow = Awaited<ReturnType<typeof readCases>>[number];

function readProblems(db: Db, pids: number[]) {
  return db.kysely.selectFrom('problem').selectAll().where('id', 'in', pids).execute();
}

export function readCases(db: Db, pids: number[]) {
  return db.kysely
    .selectFrom('problem_case')
    .selectAll()
    .where('pid', 'in', pids)
    .where('status', '=', 0)
    .orderBy('pid')
    .orderBy('seq')
    .execute();
}

function groupBy<T extends { pid: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.pid, [...(map.get(row.pid) ?? []), row]);
  return map;
}

const parseFiles = (text: string | null): Record<string, string> | null => {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, string>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The names the case files get in the folder: the names they came with when those are plain and
 * distinct (HOJ keeps a flat folder), else `<seq>.in` / `<seq>.out` for every case.
 */
function caseNames(cases: CaseRow[]): { input: string; output: string }[] {
  const given = cases.map((c) => ({
    input: c.input_name ?? `${c.seq}.in`,
    output: c.output_name ?? `${c.seq}.out`,
  }));
  const all = given.flatMap((g) => [g.input, g.output]);
  const flat = all.every((n) => /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,254}$/.test(n) && n !== 'info');
  const distinct = new Set(all.map((n) => n.toLowerCase())).size === all.length;
  return flat && distinct ? given : cases.map((c) => ({ input: `${c.seq}.in`, output: `${c.seq}.out` }));
}

interface Related {
  tags: string[];
  languages: string[];
  templates: { language: string; code: string }[];
}

/** HOJ's ImportProblemVO of one problem, plus the `verdict` block (VerdictBlock). */
function problemJson(
  row: ProblemRow,
  cases: CaseRow[],
  names: { input: string; output: string }[],
  rel: Related,
) {
  const checker = row.judge_mode !== 'default';
  const userFiles = parseFiles(row.user_extra_file);
  const judgeFiles = checker ? parseFiles(row.judge_extra_file) : null;
  // no row: every language; HOJ needs the list, so it gets every language it has a name for
  const languages = rel.languages.length > 0 ? rel.languages : null;
  const hojLanguages = (languages ?? HOJ_EXPORTABLE_LANGUAGES)
    .map(hojLanguageOf)
    .filter((l): l is string => l !== null);
  const hojTemplates = rel.templates.flatMap((t) => {
    const language = hojLanguageOf(t.language);
    return language ? [{ language, code: t.code }] : [];
  });
  const verdict: VerdictBlock = {
    spjProtocol: (row.spj_protocol as VerdictBlock['spjProtocol']) ?? 'testlib',
    spjLanguage: checker ? row.spj_language : null,
    validatorFlags: row.validator_flags,
    languages,
    codeTemplates: rel.templates,
  };
  return {
    problem: {
      problemId: row.problem_id,
      title: row.title,
      type: row.type,
      judgeMode: row.judge_mode,
      judgeCaseMode: row.judge_case_mode,
      timeLimit: row.time_limit,
      memoryLimit: row.memory_limit,
      stackLimit: row.stack_limit,
      description: row.description,
      input: row.input,
      output: row.output,
      examples: row.examples,
      isRemote: false,
      source: row.source,
      difficulty: row.difficulty,
      hint: row.hint,
      // HOJ's export says public and uploaded cases; the importing site decides visibility
      auth: ProblemAuth.PUBLIC,
      ioScore: row.io_score,
      codeShare: row.code_share === 1,
      ...(checker && row.spj_code !== null
        ? { spjCode: row.spj_code, spjLanguage: hojCheckerLanguageOf(row.spj_language ?? '') }
        : {}),
      ...(userFiles ? { userExtraFile: JSON.stringify(userFiles) } : {}),
      ...(judgeFiles ? { judgeExtraFile: JSON.stringify(judgeFiles) } : {}),
      isRemoveEndBlank: row.is_remove_end_blank === 1,
      openCaseResult: row.open_case_result === 1,
      isUploadCase: true,
      isFileIO: row.is_file_io === 1,
      ...(row.is_file_io === 1
        ? { ioReadFileName: row.io_read_file_name, ioWriteFileName: row.io_write_file_name }
        : {}),
    },
    languages: hojLanguages,
    samples: cases.map((c, i) => ({
      input: names[i]?.input,
      output: names[i]?.output,
      score: c.score,
      ...(c.group_num !== null ? { groupNum: c.group_num } : {}),
    })),
    tags: rel.tags,
    codeTemplates: hojTemplates,
    judgeMode: row.judge_mode,
    // unlike HOJ's own export (which writes the judge's files here), each kind in its place
    ...(userFiles ? { userExtraFile: userFiles } : {}),
    ...(judgeFiles ? { judgeExtraFile: judgeFiles } : {}),
    verdict,
  };
}

export async function readRelated(db: Db, pids: number[]): Promise<Map<number, Related>> {
  const [tags, languages, templates] = await Promise.all([
    db.kysely
      .selectFrom('problem_tag')
      .innerJoin('tag', 'tag.id', 'problem_tag.tid')
      .select(['problem_tag.pid', 'tag.name'])
      .where('problem_tag.pid', 'in', pids)
      .orderBy('problem_tag.id')
      .execute(),
    db.kysely
      .selectFrom('problem_language')
      .select(['pid', 'language'])
      .where('pid', 'in', pids)
      .orderBy('id')
      .execute(),
    db.kysely
      .selectFrom('problem_code_template')
      .select(['pid', 'language', 'code'])
      .where('pid', 'in', pids)
      .orderBy('language')
      .execute(),
  ]);
  const byTags = groupBy(tags);
  const byLanguages = groupBy(languages);
  const byTemplates = groupBy(templates);
  return new Map(
    pids.map((pid) => [
      pid,
      {
        tags: (byTags.get(pid) ?? []).map((t) => t.name),
        languages: (byLanguages.get(pid) ?? []).map((l) => l.language),
        templates: (byTemplates.get(pid) ?? []).map((t) => ({ language: t.language, code: t.code })),
      },
    ]),
  );
}

/** The zip of the given problems (internal ids, as HOJ's client sends them), all or nothing. */
export async function exportHojProblems(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  pids: number[],
): Promise<{ fileName: string; zip: Readable }> {
  if (!isRootUser(user)) throw forbidden();
  const ids = [...new Set(pids)];
  if (ids.length === 0) throw importError('hoj.exportNothing');
  if (ids.length > EXPORT_LIMITS.problems)
    throw importError('hoj.exportTooMany', { limit: EXPORT_LIMITS.problems });
  const rows = await readProblems(db, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw new AppError(404, 'import.hoj.exportMissing', { pids: missing.join(', ') });
  const [cases, related] = await Promise.all([readCases(db, ids), readRelated(db, ids)]);
  const casesOf = groupBy(cases);

  const zip = new ZipFile();
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) continue;
    const list = casesOf.get(id) ?? [];
    const names = caseNames(list);
    const folder = `problem_${id}`;
    const rel = related.get(id) ?? { tags: [], languages: [], templates: [] };
    zip.addBuffer(Buffer.from(JSON.stringify(problemJson(row, list, names, rel), null, 2)), `${folder}.json`);
    // HOJ pairs each JSON with its folder: even a problem without cases gets one
    if (list.length === 0) zip.addEmptyDirectory(folder);
    list.forEach((c, i) => {
      const name = names[i] ?? { input: `${c.seq}.in`, output: `${c.seq}.out` };
      for (const [hash, file] of [
        [c.input_hash, name.input],
        [c.output_hash, name.output],
      ] as const) {
        const path = files.pathOf(hash);
        // refused now rather than a zip that breaks off halfway through the download
        if (!existsSync(path))
          throw new Error(`test file ${hash} of problem ${id} is missing from the store`);
        zip.addFile(path, `${folder}/${file}`);
      }
    });
  }
  zip.end();
  return { fileName: `problem_export_${Date.now()}.zip`, zip: zip.outputStream as Readable };
}
