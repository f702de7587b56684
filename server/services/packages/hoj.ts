/**
 * HOJ's own problem zip (docs/problem-formats.md, HOJ zip), as HOJ's `export-problem` writes it
 * and its `import-problem` reads it: at the top of the archive, per problem, `problem_<pid>.json`
 * (HOJ's ImportProblemVO: the problem entity, judgeMode, languages, samples = the test files with
 * their scores and groups, tags, codeTemplates, userExtraFile / judgeExtraFile) and a folder of
 * the same name with the test files the samples name (`1.in` / `1.out`, or `.ans`). Several
 * problems per zip. Things HOJ keeps that this judge has no place for become notices; anything
 * malformed is refused with the file named, so nothing of a broken upload is stored.
 */
import { oiScore } from '../../../judge/scoring';
import type { CheckerProtocol } from '../../../judge/types';
import { parseExamples } from '../../../shared/api/examples';
import type { JudgeCaseMode, JudgeMode } from '../../../shared/api/types';
import { byteOrder, decodeText, importError, type PackageFiles, safeRelativePath } from './archive';
import { attachTestlib, displayId, distributeScore, integerScore, lf } from './common';
import {
  badField,
  type FieldContext,
  fileMap,
  flagOf,
  integerOf,
  isObject,
  type Json,
  missingField,
  nameList,
  numberOf,
  requiredPositive,
  sameFiles,
  textOf,
} from './hoj-fields';
import { judgeLanguageOf } from './hoj-languages';
import type { ImportNotice, ParsedCase, ParsedProblem, ParsedProgram } from './types';

/**
 * What a HOJ zip cannot say and this judge needs for an exact round trip, in a top-level
 * `verdict` object of the JSON. HOJ reads the JSON into its ImportProblemVO and ignores keys it
 * does not know, so the block is harmless there; the HOJ fields beside it stay HOJ's.
 */
export interface VerdictBlock {
  /** checker protocol (HOJ zips are judged with `hoj`) */
  spjProtocol: CheckerProtocol;
  /** the checker's exact judge language (HOJ's spjLanguage is C or C++) */
  spjLanguage: string | null;
  /** Kattis comparison flags; null: HOJ's comparison */
  validatorFlags: string | null;
  /** allowed languages by judge name; null: all (HOJ needs a list) */
  languages: string[] | null;
  /** code templates by judge name (HOJ's list leaves out languages HOJ lacks) */
  codeTemplates: { language: string; code: string }[];
}

const JUDGE_MODES: readonly JudgeMode[] = ['default', 'spj', 'interactive'];
const CASE_MODES: readonly JudgeCaseMode[] = [
  'default',
  'subtask_lowest',
  'subtask_average',
  'ergodic_without_error',
];
const PROTOCOLS: readonly CheckerProtocol[] = ['testlib', 'hoj', 'kattis'];

/** Top-level keys of the JSON that are read. */
const TOP_KEYS = new Set([
  'problem',
  'judgeMode',
  'languages',
  'samples',
  'tags',
  'codeTemplates',
  'userExtraFile',
  'judgeExtraFile',
  'isSpj',
  'verdict',
]);

/** Entity fields that are read. */
const READ_FIELDS = new Set([
  'problemId',
  'title',
  'type',
  'judgeMode',
  'judgeCaseMode',
  'timeLimit',
  'memoryLimit',
  'description',
  'input',
  'output',
  'examples',
  'isRemote',
  'source',
  'difficulty',
  'hint',
  'ioScore',
  'codeShare',
  'spjCode',
  'spjLanguage',
  'userExtraFile',
  'judgeExtraFile',
  'isRemoveEndBlank',
  'openCaseResult',
  'isFileIO',
  'isFileIo',
  'ioReadFileName',
  'ioWriteFileName',
]);

/**
 * Entity fields left out on purpose, without a notice: the importing site decides them (id,
 * author, visibility: imports start private, groups, case version, dates) or this judge has one
 * rule for them (the stack limit is the memory limit, as in the problem editor).
 */
const SITE_FIELDS = new Set([
  'id',
  'author',
  'auth',
  'isPublic',
  'isGroup',
  'gid',
  'applyPublicProgress',
  'caseVersion',
  'isUploadCase',
  'modifiedUser',
  'gmtCreate',
  'gmtModified',
  'stackLimit',
]);

/** HOJ writes its own test data index into the folder; it is rebuilt from `samples`. */
const HOJ_INDEX = 'info';

/** File names HOJ's way: shorter first, so problem_2 comes before problem_10. */
const hojOrder = (a: string, b: string) => a.length - b.length || byteOrder(a, b);

const at = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

interface HojEntry {
  /** the JSON file, as the archive names it */
  json: string;
  /** the test data folder, as the archive names it */
  folder: string;
}

/**
 * The problems of a HOJ zip: each `<key>.json` at the top with its folder `<key>/`. The files may
 * also sit in one folder that wraps everything (zip tools add one; HOJ itself does not).
 */
export function hojEntries(pkg: PackageFiles): { entries: HojEntry[]; notices: ImportNotice[] } {
  if (pkg.paths().length === 0) throw importError('hoj.emptyArchive');
  const isJson = (name: string) => /\.json$/i.test(name);
  let root = '';
  let top = pkg.children('');
  if (!top.files.some(isJson) && top.dirs.length === 1) {
    root = top.dirs[0] ?? '';
    top = pkg.children(root);
  }
  const jsons = top.files.filter(isJson).sort(hojOrder);
  if (jsons.length === 0) throw importError('hoj.noProblemJson');
  const notices: ImportNotice[] = [];
  const folders = new Set<string>();
  const entries = jsons.map((name) => {
    const key = name.replace(/\.json$/i, '');
    const json = at(root, name);
    if (!top.dirs.includes(key))
      throw importError('hoj.folderMissing', { file: json, folder: `${at(root, key)}/` });
    folders.add(key);
    return { json, folder: at(root, key) };
  });
  for (const name of top.files.filter((f) => !isJson(f)))
    notices.push({ key: 'import.hoj.fileIgnored', params: { path: at(root, name) } });
  for (const dir of top.dirs.filter((d) => !folders.has(d)))
    notices.push({ key: 'import.hoj.folderIgnored', params: { path: `${at(root, dir)}/` } });
  return { entries, notices };
}

function readJson(pkg: PackageFiles, file: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(decodeText(pkg.get(file) ?? Buffer.alloc(0)));
  } catch (e) {
    throw importError('hoj.badJson', { file, detail: (e as Error).message });
  }
  if (!isObject(value)) throw importError('hoj.badJson', { file, detail: 'not a JSON object' });
  return value;
}

/** The `verdict` block of a Verdict export, or null (a HOJ export has none). */
function verdictBlock(ctx: FieldContext, value: unknown): Partial<VerdictBlock> | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw badField(ctx, 'verdict', value);
  const out: Partial<VerdictBlock> = {};
  const protocol = value.spjProtocol;
  if (protocol !== undefined) {
    if (!PROTOCOLS.includes(protocol as CheckerProtocol))
      throw badField(ctx, 'verdict.spjProtocol', protocol);
    out.spjProtocol = protocol as CheckerProtocol;
  }
  if (typeof value.spjLanguage === 'string') out.spjLanguage = value.spjLanguage;
  if (value.validatorFlags !== undefined) {
    const flags = value.validatorFlags;
    if (flags !== null && (typeof flags !== 'string' || flags.length > 255))
      throw badField(ctx, 'verdict.validatorFlags', flags);
    out.validatorFlags = flags;
  }
  if (value.languages === null) out.languages = null;
  else if (value.languages !== undefined)
    // judge names, but only ones the judge knows: the list decides who may submit
    out.languages = nameList(ctx, value.languages, 'verdict.languages')
      .map(judgeLanguageOf)
      .filter((l): l is string => l !== null);
  if (value.codeTemplates !== undefined)
    out.codeTemplates = templatesOf(ctx, value.codeTemplates, 'verdict.codeTemplates').kept;
  return out;
}

/** `[{language, code}]` by judge name; HOJ refuses a name it lacks, here it is left out with a notice. */
function templatesOf(
  ctx: FieldContext,
  value: unknown,
  field: string,
): { kept: { language: string; code: string }[]; dropped: string[] } {
  if (value === undefined || value === null) return { kept: [], dropped: [] };
  if (!Array.isArray(value)) throw badField(ctx, field, value);
  const kept: { language: string; code: string }[] = [];
  const dropped: string[] = [];
  value.forEach((t, i) => {
    if (!isObject(t)) throw badField(ctx, `${field}[${i}]`, t);
    const name = textOf(ctx, t.language, `${field}[${i}].language`);
    if (!name) throw missingField(ctx, `${field}[${i}].language`);
    if (typeof t.code !== 'string') throw missingField(ctx, `${field}[${i}].code`);
    // HOJ keeps disabled templates (status false) too; only enabled ones are used
    if (t.status === false) return;
    const language = judgeLanguageOf(name);
    // two HOJ names may meet in one judge language (C++ and C++ With O2): the first is kept
    if (!language || kept.some((k) => k.language === language)) dropped.push(name);
    else kept.push({ language, code: t.code });
  });
  return { kept, dropped };
}

/** Allowed languages by judge name; null: every language. */
function languagesOf(ctx: FieldContext, value: unknown): string[] | null {
  const names = nameList(ctx, value, 'languages');
  if (names.length === 0) return null;
  const mapped = new Set<string>();
  const dropped: string[] = [];
  for (const name of names) {
    const language = judgeLanguageOf(name);
    if (language) mapped.add(language);
    else dropped.push(name);
  }
  if (dropped.length > 0)
    ctx.notices.push({
      key: 'import.hoj.languagesDropped',
      params: { file: ctx.file, list: dropped.join(', ') },
    });
  if (mapped.size === 0) {
    // a list of languages this judge has none of would forbid every submission
    ctx.notices.push({ key: 'import.hoj.allLanguages', params: { file: ctx.file } });
    return null;
  }
  return [...mapped];
}

/** Tags, each once whatever its case (tags are matched without case). */
function tagsOf(ctx: FieldContext, value: unknown): string[] {
  const seen = new Set<string>();
  return nameList(ctx, value, 'tags').filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function judgeModeOf(ctx: FieldContext, top: Json, problem: Json): JudgeMode {
  const given = top.judgeMode ?? problem.judgeMode;
  if (given === undefined || given === null || given === '') {
    // HOJ before interactive problems said `isSpj`; its problems kept spjCode only when used
    if (top.isSpj === true) return 'spj';
    if (top.isSpj === undefined && textOf(ctx, problem.spjCode, 'problem.spjCode').trim()) return 'spj';
    return 'default';
  }
  if (!JUDGE_MODES.includes(given as JudgeMode)) throw badField(ctx, 'judgeMode', given);
  return given as JudgeMode;
}

function caseModeOf(ctx: FieldContext, problem: Json): JudgeCaseMode {
  const given = problem.judgeCaseMode;
  if (given === undefined || given === null || given === '') return 'default';
  if (!CASE_MODES.includes(given as JudgeCaseMode)) throw badField(ctx, 'problem.judgeCaseMode', given);
  return given as JudgeCaseMode;
}

/** A test file the samples name: a path inside the folder, else its last part (HOJ once wrote server paths). */
function findFile(pkg: PackageFiles, folder: string, name: string): string | null {
  const rel = safeRelativePath(name);
  const base = name.split(/[\\/]/).pop() ?? '';
  for (const candidate of [rel, base]) if (candidate && pkg.has(at(folder, candidate))) return candidate;
  return null;
}

const stemOf = (name: string) => name.replace(/\.[^./\\]*$/, '');

/**
 * The cases `samples` names, in its order. `exact`: bytes as they are (a Verdict export gives its
 * own stored files back); else CRLF becomes LF, as HOJ does with every upload.
 */
function readCases(
  pkg: PackageFiles,
  folder: string,
  ctx: FieldContext,
  samples: unknown,
  exact: boolean,
): ParsedCase[] {
  const bytes = (path: string) => {
    const data = pkg.get(at(folder, path)) ?? Buffer.alloc(0);
    return exact ? data : lf(data);
  };
  if (samples === undefined || samples === null) throw missingField(ctx, 'samples');
  if (!Array.isArray(samples)) throw badField(ctx, 'samples', samples);
  if (samples.length === 0) throw importError('hoj.noCases', { file: ctx.file });
  const used = new Set<string>();
  const cases = samples.map((s, i): ParsedCase => {
    const field = `samples[${i}]`;
    if (!isObject(s)) throw badField(ctx, field, s);
    const inputName = textOf(ctx, s.input, `${field}.input`).trim();
    if (!inputName) throw missingField(ctx, `${field}.input`);
    const input = findFile(pkg, folder, inputName);
    if (!input) throw importError('hoj.inputMissing', { file: ctx.file, path: at(folder, inputName) });
    // HOJ's rule: no output named means <stem>.out; its test data uploads also take .ans
    const named = textOf(ctx, s.output, `${field}.output`).trim();
    const stem = stemOf(input);
    const candidates = named ? [named] : [`${stem}.out`, `${stem}.ans`];
    const output = candidates.map((c) => findFile(pkg, folder, c)).find((c) => c !== null) ?? null;
    if (!output)
      throw importError('hoj.outputMissing', {
        file: ctx.file,
        input: at(folder, input),
        output: candidates.map((c) => at(folder, c)).join(', '),
      });
    const score = numberOf(ctx, s.score, `${field}.score`);
    if (score !== null && score < 0) throw badField(ctx, `${field}.score`, s.score);
    const groupNum = integerOf(ctx, s.groupNum, `${field}.groupNum`);
    if (groupNum !== null && groupNum < 1) throw badField(ctx, `${field}.groupNum`, s.groupNum);
    used.add(input);
    used.add(output);
    return {
      name: at(folder, input),
      input: bytes(input),
      output: bytes(output),
      score: score === null ? 0 : integerScore(score, `${ctx.file} ${field}`, ctx.notices),
      groupNum,
      inputName: input,
      outputName: output,
    };
  });
  const unused = pkg.list(folder).filter((p) => !used.has(p) && p !== HOJ_INDEX);
  if (unused.length > 0)
    ctx.notices.push({
      key: 'import.hoj.filesIgnored',
      params: {
        folder: `${folder}/`,
        count: unused.length,
        list: unused.slice(0, 5).join(', ') + (unused.length > 5 ? ', ...' : ''),
      },
    });
  return cases;
}

/**
 * Extra files. HOJ's export writes the judge's files into `userExtraFile` (and leaves
 * `judgeExtraFile` out); the entity inside keeps both as JSON text, so that text is believed when
 * the top-level user files are the judge's.
 */
function extraFilesOf(ctx: FieldContext, top: Json, problem: Json) {
  const judge =
    fileMap(ctx, top.judgeExtraFile, 'judgeExtraFile') ??
    fileMap(ctx, problem.judgeExtraFile, 'problem.judgeExtraFile');
  const topUser = fileMap(ctx, top.userExtraFile, 'userExtraFile');
  const entityUser = fileMap(ctx, problem.userExtraFile, 'problem.userExtraFile');
  const user = topUser && !sameFiles(topUser, judge) ? topUser : entityUser;
  return { judge, user };
}

function readChecker(
  ctx: FieldContext,
  problem: Json,
  mode: JudgeMode,
  block: Partial<VerdictBlock> | null,
  files: { judge: Record<string, string> | null; user: Record<string, string> | null },
): ParsedProgram | null {
  if (mode === 'default') {
    if (files.judge) ctx.notices.push({ key: 'import.hoj.judgeFilesIgnored', params: { file: ctx.file } });
    return null;
  }
  const code = textOf(ctx, problem.spjCode, 'problem.spjCode');
  if (!code.trim()) throw importError('hoj.checkerMissing', { file: ctx.file, mode });
  const name = block?.spjLanguage ?? textOf(ctx, problem.spjLanguage, 'problem.spjLanguage');
  const language = judgeLanguageOf(name);
  if (!language) throw importError('hoj.checkerLanguage', { file: ctx.file, language: name });
  const program: ParsedProgram = {
    // HOJ's protocol also reads testlib's exit codes and messages, so HOJ's checkers and testlib ones both work
    protocol: block?.spjProtocol ?? 'hoj',
    language,
    code,
    extraFiles: { ...(files.judge ?? {}) },
  };
  // HOJ's export quirk may have put testlib.h among the user files; without one the judge's own is used
  attachTestlib(program, files.user?.['testlib.h'], `spjCode (${ctx.file})`, ctx.notices);
  return program;
}

function fileIoOf(ctx: FieldContext, problem: Json): ParsedProblem['fileIO'] {
  const on = flagOf(ctx, problem.isFileIO ?? problem.isFileIo, 'problem.isFileIO', false);
  if (!on) return null;
  const names = ['ioReadFileName', 'ioWriteFileName'].map((key) => {
    const name = textOf(ctx, problem[key], `problem.${key}`).trim();
    if (!name) throw missingField(ctx, `problem.${key}`);
    // the judge opens these inside the box: plain names only, as the problem editor allows
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(name) || name === '.' || name === '..')
      throw badField(ctx, `problem.${key}`, name);
    return name;
  });
  return { inputName: names[0] ?? '', outputName: names[1] ?? '' };
}

function problemIdOf(ctx: FieldContext, problem: Json): string | null {
  const given = textOf(ctx, problem.problemId, 'problem.problemId').trim();
  if (!given) {
    ctx.notices.push({ key: 'import.hoj.problemIdMissing', params: { file: ctx.file } });
    return null;
  }
  const id = displayId(given);
  if (id !== given)
    ctx.notices.push({
      key: 'import.hoj.problemIdChanged',
      params: { file: ctx.file, from: given, to: id ?? 'P<id>' },
    });
  return id;
}

function ignoredFields(top: Json, problem: Json): string[] {
  const given = (obj: Json, keep: (k: string) => boolean, prefix: string) =>
    Object.entries(obj)
      .filter(([k, v]) => v !== null && v !== undefined && !keep(k))
      .map(([k]) => prefix + k);
  return [
    ...given(top, (k) => TOP_KEYS.has(k), ''),
    ...given(problem, (k) => READ_FIELDS.has(k) || SITE_FIELDS.has(k), 'problem.'),
  ];
}

/** One problem: its JSON and its folder. */
export function parseHojProblem(
  pkg: PackageFiles,
  entry: HojEntry,
  layoutNotices: ImportNotice[] = [],
): ParsedProblem {
  const notices: ImportNotice[] = [...layoutNotices];
  const ctx: FieldContext = { file: entry.json, notices };
  const top = readJson(pkg, entry.json);
  if (top.problem === undefined || top.problem === null) throw missingField(ctx, 'problem');
  if (!isObject(top.problem)) throw badField(ctx, 'problem', top.problem);
  const problem = top.problem;
  const block = verdictBlock(ctx, top.verdict);

  if (flagOf(ctx, problem.isRemote, 'problem.isRemote', false))
    throw importError('hoj.remoteProblem', { file: ctx.file });
  const title = textOf(ctx, problem.title, 'problem.title').trim();
  if (!title) throw missingField(ctx, 'problem.title');
  const problemId = problemIdOf(ctx, problem);
  const timeLimit = requiredPositive(ctx, problem.timeLimit, 'problem.timeLimit');
  const memoryLimit = requiredPositive(ctx, problem.memoryLimit, 'problem.memoryLimit');
  const type = integerOf(ctx, problem.type, 'problem.type') ?? 0;
  if (type !== 0 && type !== 1) throw badField(ctx, 'problem.type', problem.type);
  const judgeMode = judgeModeOf(ctx, top, problem);
  const judgeCaseMode = caseModeOf(ctx, problem);
  let difficulty = integerOf(ctx, problem.difficulty, 'problem.difficulty') ?? 1;
  if (difficulty < 0 || difficulty > 6) {
    notices.push({ key: 'import.hoj.difficultyChanged', params: { file: ctx.file, from: difficulty } });
    difficulty = 1;
  }

  const cases = readCases(pkg, entry.folder, ctx, top.samples, block !== null);
  if (type === 1 && cases.every((c) => c.score === 0)) {
    // an OI problem without points would score nothing: 100 shared out, as the other importers do
    const scores = distributeScore(100, cases.length);
    cases.forEach((c, i) => {
      c.score = scores[i] ?? 0;
    });
    notices.push({ key: 'import.hoj.scoresDistributed', params: { file: ctx.file } });
  }
  // OI: what full marks add up to, as HOJ's editor computes it (lowest or average per group);
  // a Verdict export keeps its own total
  const givenTotal = integerOf(ctx, problem.ioScore, 'problem.ioScore');
  const ioScore =
    type === 1 ? ((block ? givenTotal : null) ?? oiScore(cases, judgeCaseMode)) : (givenTotal ?? 100);

  const files = extraFilesOf(ctx, top, problem);
  const program = readChecker(ctx, problem, judgeMode, block, files);

  const languages =
    block && block.languages !== undefined ? block.languages : languagesOf(ctx, top.languages);
  const templates = templatesOf(ctx, top.codeTemplates, 'codeTemplates');
  if (templates.dropped.length > 0 && !block?.codeTemplates)
    notices.push({
      key: 'import.hoj.templatesDropped',
      params: { file: ctx.file, list: templates.dropped.join(', ') },
    });

  const ignored = ignoredFields(top, problem);
  if (ignored.length > 0)
    notices.push({ key: 'import.hoj.fieldsIgnored', params: { file: ctx.file, list: ignored.join(', ') } });

  return {
    problemId,
    title,
    description: textOf(ctx, problem.description, 'problem.description'),
    input: textOf(ctx, problem.input, 'problem.input'),
    output: textOf(ctx, problem.output, 'problem.output'),
    hint: textOf(ctx, problem.hint, 'problem.hint'),
    source: textOf(ctx, problem.source, 'problem.source'),
    timeLimit,
    memoryLimit,
    type,
    judgeMode,
    judgeCaseMode,
    ioScore,
    difficulty,
    isRemoveEndBlank: flagOf(ctx, problem.isRemoveEndBlank, 'problem.isRemoveEndBlank', true),
    codeShare: flagOf(ctx, problem.codeShare, 'problem.codeShare', true),
    openCaseResult: flagOf(ctx, problem.openCaseResult, 'problem.openCaseResult', true),
    // kept as HOJ stores them (parseExamples is the reader of the stored text too)
    examples: parseExamples(textOf(ctx, problem.examples, 'problem.examples')),
    cases,
    program,
    validatorFlags: block?.validatorFlags ?? null,
    fileIO: fileIoOf(ctx, problem),
    languages,
    tags: tagsOf(ctx, top.tags),
    codeTemplates: block?.codeTemplates ?? templates.kept,
    userExtraFiles: files.user,
    submissions: [],
    notices,
  };
}

/** Every problem of a HOJ zip, in HOJ's file order. */
export function parseHoj(pkg: PackageFiles): ParsedProblem[] {
  const { entries, notices } = hojEntries(pkg);
  // layout notices (stray files) go with the first problem: the answer lists notices per problem
  return entries.map((entry, i) => parseHojProblem(pkg, entry, i === 0 ? notices : []));
}
