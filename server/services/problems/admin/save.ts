/**
 * Creating and changing a problem from the admin console: HOJ's ProblemDto in one transaction
 * (docs/security.md, Problems in the admin console). Cases come typed in (`samples` with
 * contents), from an upload (`uploadTestcaseDir`: cases by file name, scores and groups from
 * `samples`), or stay as they are (an edit that uploads nothing: only scores and groups change).
 */
import { sql, type Transaction } from 'kysely';
import { ProblemAuth } from '../../../../shared/constants/problems';
import type { ProblemDto } from '../../../../shared/schemas/problem-admin';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { CurrentUser } from '../../auth/users';
import { canPublishProblem } from '../../authz';
import { nowIso } from '../../clock';
import { AppError, forbidden } from '../../errors';
import type { FileStore } from '../../files/store';
import type { JudgeEvents } from '../../judge-queue/events';
import type { LanguageRegistry } from '../../languages';
import { linkTags } from '../tags';
import { type StagedCase, stagedTestdata } from '../testdata/staging';
import { assertCanManageProblems, problemRowForEdit } from './read';

export interface SaveContext {
  db: Db;
  files: FileStore;
  events: JudgeEvents;
  languages: LanguageRegistry;
}

interface CaseRow {
  input_hash: string;
  output_hash: string;
  input_size: number;
  output_size: number;
  input_name: string | null;
  output_name: string | null;
  score: number;
  group_num: number | null;
}

const refuse = (key: string, params?: Record<string, string | number>) =>
  new AppError(400, `problemAdmin.${key}`, params);

/**
 * Making a problem public takes root or a problem admin, as change-problem-auth does; an admin
 * editing a problem someone else published keeps it public.
 */
function checkPublish(user: CurrentUser, dto: ProblemDto, before: { auth: number } | null): void {
  if (dto.problem.auth !== ProblemAuth.PUBLIC || canPublishProblem(user)) return;
  if (before?.auth === ProblemAuth.PUBLIC) return;
  throw forbidden('problemAccess.publishNotAllowed');
}

function checkDto(dto: ProblemDto, languages: LanguageRegistry): void {
  const p = dto.problem;
  if (p.judgeMode !== 'default') {
    if (!p.spjCode?.trim() || !p.spjLanguage) throw refuse('checkerRequired');
    if (!languages.get(p.spjLanguage)) throw refuse('checkerLanguage', { language: p.spjLanguage });
  }
  if (p.isFileIO && (!p.ioReadFileName || !p.ioWriteFileName)) throw refuse('fileIoNames');
  for (const l of dto.languages)
    if (!languages.get(l.name)) throw refuse('unknownLanguage', { language: l.name });
}

/** The cases the dto gives, or null when it keeps the stored ones. */
async function casesOf(ctx: SaveContext, user: CurrentUser, dto: ProblemDto): Promise<CaseRow[] | null> {
  const scoreOf = (i: number, name?: string) => {
    const given = name === undefined ? dto.samples[i] : dto.samples.find((s) => s.input === name);
    return { score: given?.score ?? 0, group_num: given?.groupNum ?? null };
  };
  if (dto.isUploadTestCase) {
    if (!dto.uploadTestcaseDir) return null;
    const staged: StagedCase[] = await stagedTestdata(ctx.db, user, dto.uploadTestcaseDir);
    return staged.map((c, i) => ({
      input_hash: c.inputHash,
      output_hash: c.outputHash,
      input_size: c.inputSize,
      output_size: c.outputSize,
      input_name: c.inputName,
      output_name: c.outputName,
      ...scoreOf(i, c.inputName),
    }));
  }
  return dto.samples.map((s, i) => {
    if (!s.input && !s.output) throw refuse('caseEmpty', { n: i + 1 });
    const input = ctx.files.put(s.input);
    const output = ctx.files.put(s.output);
    return {
      input_hash: input.hash,
      output_hash: output.hash,
      input_size: input.size,
      output_size: output.size,
      input_name: null,
      output_name: null,
      ...scoreOf(i),
    };
  });
}

async function assertIdFree(
  trx: Transaction<Database>,
  problemId: string,
  self: number | null,
): Promise<void> {
  const taken = await trx
    .selectFrom('problem')
    .select('id')
    .where(sql<string>`lower(problem_id)`, '=', problemId.toLowerCase())
    .executeTakeFirst();
  if (taken && taken.id !== self) throw refuse('idTaken', { problemId });
}

function problemColumns(dto: ProblemDto) {
  const p = dto.problem;
  const checker = p.judgeMode !== 'default';
  return {
    problem_id: p.problemId,
    title: p.title,
    type: p.type,
    judge_mode: p.judgeMode,
    judge_case_mode: p.judgeCaseMode,
    time_limit: p.timeLimit,
    memory_limit: p.memoryLimit,
    stack_limit: p.memoryLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    hint: p.hint,
    source: p.source,
    difficulty: p.difficulty,
    auth: p.auth,
    code_share: p.codeShare ? 1 : 0,
    is_remove_end_blank: p.isRemoveEndBlank ? 1 : 0,
    open_case_result: p.openCaseResult ? 1 : 0,
    is_file_io: p.isFileIO ? 1 : 0,
    io_read_file_name: p.isFileIO ? (p.ioReadFileName ?? null) : null,
    io_write_file_name: p.isFileIO ? (p.ioWriteFileName ?? null) : null,
    spj_code: checker ? (p.spjCode ?? null) : null,
    spj_language: checker ? (p.spjLanguage ?? null) : null,
    // an edit that does not send the files keeps the stored ones
    ...(p.userExtraFile === undefined ? {} : { user_extra_file: p.userExtraFile || null }),
    ...(p.judgeExtraFile === undefined ? {} : { judge_extra_file: p.judgeExtraFile || null }),
  };
}

async function writeCases(trx: Transaction<Database>, pid: number, cases: CaseRow[]): Promise<void> {
  await trx.deleteFrom('problem_case').where('pid', '=', pid).execute();
  for (const [i, c] of cases.entries()) {
    await trx
      .insertInto('problem_case')
      .values({ pid, seq: i + 1, ...c, status: 0 })
      .execute();
  }
}

/** An edit without an upload: new scores and groups for the stored cases, matched by id. */
async function rescoreCases(trx: Transaction<Database>, pid: number, dto: ProblemDto): Promise<number> {
  const rows = await trx.selectFrom('problem_case').select(['id', 'score']).where('pid', '=', pid).execute();
  let total = 0;
  for (const row of rows) {
    const given = dto.samples.find((s) => s.id === row.id);
    const score = given?.score ?? row.score;
    total += score;
    if (given)
      await trx
        .updateTable('problem_case')
        .set({ score, group_num: given.groupNum ?? null })
        .where('id', '=', row.id)
        .execute();
  }
  return total;
}

async function writeRelations(
  trx: Transaction<Database>,
  pid: number,
  dto: ProblemDto,
  languages: LanguageRegistry,
  gid: number | null,
) {
  // Only the languages offered now are replaced: a language whose judge is offline (so the editor
  // could not show it) keeps its place and its template for when the judge is back.
  const offered = languages.names();
  await trx.deleteFrom('problem_language').where('pid', '=', pid).where('language', 'in', offered).execute();
  // every name in the DTO is offered (checked above), so none of them is among the rows kept
  for (const name of new Set(dto.languages.map((l) => l.name)))
    await trx.insertInto('problem_language').values({ pid, language: name }).execute();
  await trx.deleteFrom('problem_tag').where('pid', '=', pid).execute();
  await linkTags(
    trx,
    pid,
    dto.tags.map((t) => t.name),
    gid,
  );
  await trx
    .deleteFrom('problem_code_template')
    .where('pid', '=', pid)
    .where('language', 'in', offered)
    .execute();
  for (const t of dto.codeTemplates) {
    // the name when the client sends it; HOJ's client sends only the id, which is a position in
    // the list it loaded
    const language = t.language && offered.includes(t.language) ? t.language : offered[t.lid - 1];
    if (!language || !t.status) continue;
    await trx
      .insertInto('problem_code_template')
      .values({ pid, language, code: t.code })
      .onConflict((oc) => oc.columns(['pid', 'language']).doUpdateSet({ code: t.code }))
      .execute();
  }
}

const totalScore = (cases: CaseRow[]) => cases.reduce((sum, c) => sum + c.score, 0);

export async function createProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: ProblemDto,
): Promise<{ pid: number; problemId: string }> {
  assertCanManageProblems(user);
  checkPublish(user, dto, null);
  return insertProblem(ctx, user, dto, null);
}

/**
 * Writes a new problem from the dto, the caller's permission already checked (the console's
 * createProblem, or a group's admin through services/groups/problems.ts with the group's `gid`).
 */
export async function insertProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: ProblemDto,
  gid: number | null,
): Promise<{ pid: number; problemId: string }> {
  checkDto(dto, ctx.languages);
  const cases = await casesOf(ctx, user, dto);
  if (!cases || cases.length === 0) throw refuse('casesRequired');
  const now = nowIso();
  const pid = await ctx.db.kysely.transaction().execute(async (trx) => {
    await assertIdFree(trx, dto.problem.problemId, null);
    const row = await trx
      .insertInto('problem')
      .values({
        ...problemColumns(dto),
        author: user.username,
        io_score: totalScore(cases),
        is_remote: 0,
        gid,
        user_extra_file: dto.problem.userExtraFile || null,
        case_version: String(Date.now()),
        spj_protocol: 'testlib',
        judge_extra_file: dto.problem.judgeExtraFile || null,
        validator_flags: null,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeCases(trx, row.id, cases);
    await writeRelations(trx, row.id, dto, ctx.languages, gid);
    return row.id;
  });
  ctx.events.emit('problemChanged', { problemId: dto.problem.problemId, visibility: true });
  return { pid, problemId: dto.problem.problemId };
}

export async function updateProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: ProblemDto,
): Promise<{ pid: number; problemId: string }> {
  const pid = dto.problem.id;
  if (pid === undefined) throw new AppError(400, 'problemAccess.idRequired');
  const before = await problemRowForEdit(ctx.db, user, pid);
  checkPublish(user, dto, before);
  return applyProblemUpdate(ctx, user, dto, before);
}

/**
 * Writes the dto over the problem `before`, the caller's permission already checked (the
 * console's updateProblem, or a group's admin through services/groups/problems.ts). The problem
 * keeps its group; its tags are looked up in its group's scope.
 */
export async function applyProblemUpdate(
  ctx: SaveContext,
  user: CurrentUser,
  dto: ProblemDto,
  before: { id: number; problem_id: string; gid: number | null },
): Promise<{ pid: number; problemId: string }> {
  const pid = before.id;
  checkDto(dto, ctx.languages);
  const cases = await casesOf(ctx, user, dto);
  if (cases && cases.length === 0) throw refuse('casesRequired');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await assertIdFree(trx, dto.problem.problemId, pid);
    const ioScore = cases ? totalScore(cases) : await rescoreCases(trx, pid, dto);
    await trx
      .updateTable('problem')
      .set({
        ...problemColumns(dto),
        io_score: ioScore,
        gmt_modified: nowIso(),
        // judges keep cases by version: new data must not be judged with the old
        ...(cases ? { case_version: String(Date.now()) } : {}),
      })
      .where('id', '=', pid)
      .execute();
    if (cases) await writeCases(trx, pid, cases);
    await writeRelations(trx, pid, dto, ctx.languages, before.gid);
    // HOJ keeps the submission list's display id in step with the problem's
    if (before.problem_id !== dto.problem.problemId)
      await trx
        .updateTable('judge')
        .set({ display_pid: dto.problem.problemId })
        .where('pid', '=', pid)
        .execute();
  });
  ctx.events.emit('problemChanged', { problemId: before.problem_id, visibility: true });
  if (before.problem_id !== dto.problem.problemId)
    ctx.events.emit('problemChanged', { problemId: dto.problem.problemId, visibility: true });
  return { pid, problemId: dto.problem.problemId };
}
