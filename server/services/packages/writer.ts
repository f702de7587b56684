/**
 * Stores parsed problems: case files into the content-addressed store, everything else into the
 * database in one transaction (all problems of an upload or none). Display ids already taken
 * (compared without case) are refused before anything is written; problems without an id (FPS)
 * get HOJ's "P<id>".
 */
import { type Kysely, sql } from 'kysely';
import { formatExamples } from '../../../shared/api/examples';
import type { ProblemAuthValue } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import type { FileStore } from '../files/store';
import { linkTags } from '../problems/tags';
import { importError } from './archive';
import type { ImportNotice, ParsedProblem } from './types';

export interface StoredProblem {
  pid: number;
  problemId: string;
  title: string;
  notices: ImportNotice[];
}

async function takenIds(k: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await k
    .selectFrom('problem')
    .select('problem_id')
    .where(
      sql<string>`lower(problem_id)`,
      'in',
      ids.map((id) => id.toLowerCase()),
    )
    .execute();
  return rows.map((r) => r.problem_id);
}

/** Refuses ids that exist already or appear twice in the upload (nothing is written then). */
export async function checkProblemIds(db: Db, problems: ParsedProblem[]): Promise<void> {
  const seen = new Set<string>();
  for (const p of problems) {
    if (!p.problemId) continue;
    const key = p.problemId.toLowerCase();
    if (seen.has(key)) throw importError('duplicateProblemId', { problemId: p.problemId });
    seen.add(key);
  }
  const taken = await takenIds(
    db.kysely,
    problems.map((p) => p.problemId).filter((id): id is string => !!id),
  );
  if (taken.length > 0) throw importError('duplicateProblemId', { problemId: taken[0] });
}

/**
 * Writes the problems with the visibility given (`auth`): every caller says it, so nothing becomes
 * public by default (uploads are private until published; the demo's problems are public).
 */
export async function storeProblems(
  db: Db,
  files: FileStore,
  problems: ParsedProblem[],
  author: string,
  auth: ProblemAuthValue,
): Promise<StoredProblem[]> {
  await checkProblemIds(db, problems);
  // content-addressed: writing first is harmless if the transaction fails (unreferenced blobs)
  const stored = problems.map((p) =>
    p.cases.map((c) => ({ input: files.put(c.input), output: files.put(c.output) })),
  );
  return db.kysely.transaction().execute(async (trx) => {
    const out: StoredProblem[] = [];
    for (const [index, p] of problems.entries()) {
      const now = nowIso();
      const row = await trx
        .insertInto('problem')
        .values({
          problem_id:
            p.problemId ??
            `import-${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2)}`,
          title: p.title.slice(0, 255),
          author,
          type: p.type,
          judge_mode: p.judgeMode,
          judge_case_mode: p.judgeCaseMode,
          time_limit: p.timeLimit,
          memory_limit: p.memoryLimit,
          stack_limit: p.memoryLimit,
          description: p.description,
          input: p.input,
          output: p.output,
          examples: formatExamples(p.examples),
          hint: p.hint,
          source: p.source.slice(0, 255),
          difficulty: p.difficulty ?? 1,
          auth,
          io_score: p.ioScore,
          code_share: p.codeShare === false ? 0 : 1,
          is_remove_end_blank: p.isRemoveEndBlank ? 1 : 0,
          open_case_result: p.openCaseResult === false ? 0 : 1,
          is_file_io: p.fileIO ? 1 : 0,
          io_read_file_name: p.fileIO?.inputName ?? null,
          io_write_file_name: p.fileIO?.outputName ?? null,
          is_remote: 0,
          gid: null,
          user_extra_file:
            p.userExtraFiles && Object.keys(p.userExtraFiles).length > 0
              ? JSON.stringify(p.userExtraFiles)
              : null,
          case_version: String(Date.now()),
          spj_protocol: p.program?.protocol ?? 'testlib',
          spj_language: p.program?.language ?? null,
          spj_code: p.program?.code ?? null,
          judge_extra_file:
            p.program && Object.keys(p.program.extraFiles).length > 0
              ? JSON.stringify(p.program.extraFiles)
              : null,
          validator_flags: p.validatorFlags,
          gmt_create: now,
          gmt_modified: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let problemId = p.problemId;
      if (!problemId) {
        problemId = `P${row.id}`;
        for (let n = 1; (await takenIds(trx, [problemId])).length > 0; n++) problemId = `P${row.id}-${n}`;
        await trx.updateTable('problem').set({ problem_id: problemId }).where('id', '=', row.id).execute();
      }
      for (const [k, c] of p.cases.entries()) {
        const { input, output } = stored[index][k];
        await trx
          .insertInto('problem_case')
          .values({
            pid: row.id,
            seq: k + 1,
            input_hash: input.hash,
            output_hash: output.hash,
            input_size: input.size,
            output_size: output.size,
            score: c.score,
            group_num: c.groupNum,
            status: 0,
            input_name: c.inputName ?? null,
            output_name: c.outputName ?? null,
          })
          .execute();
      }
      for (const language of new Set(p.languages ?? []))
        await trx.insertInto('problem_language').values({ pid: row.id, language }).execute();
      await linkTags(trx, row.id, p.tags);
      for (const t of p.codeTemplates ?? [])
        await trx
          .insertInto('problem_code_template')
          .values({ pid: row.id, language: t.language, code: t.code })
          .execute();
      out.push({ pid: row.id, problemId, title: p.title, notices: p.notices });
    }
    return out;
  });
}
