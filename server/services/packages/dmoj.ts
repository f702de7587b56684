/**
 * DMOJ problem data (docs/problem-formats.md, DMOJ init.yml): per problem a folder with init.yml
 * and its case files, next to it or inside the zip `archive:` names. DMOJ keeps the title, the
 * statement and the limits in its site database, not in init.yml: the folder's name is the title
 * and the site's import defaults are the limits (both said in notices). Cases score their points;
 * a batch is one case group that scores only when every case in it passes.
 */
import YAML from 'yaml';
import { oiScore } from '../../../judge';
import { byteOrder, importError, type PackageFiles, readZip } from './archive';
import { attachTestlib, displayId, LANG, lf } from './common';
import type { ImportDefaults, ImportNotice, ParsedCase, ParsedProblem, ParsedProgram } from './types';

type Yaml = Record<string, unknown>;
const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Folders holding an init.yml ('' when it sits at the top), in byte order. */
export function dmojRoots(pkg: PackageFiles): string[] {
  return pkg
    .paths()
    .filter((p) => p === 'init.yml' || p.endsWith('/init.yml'))
    .map((p) => p.slice(0, -'init.yml'.length).replace(/\/$/, ''))
    .sort(byteOrder);
}

interface Ctx {
  file: string;
  notices: ImportNotice[];
}

const bad = (ctx: Ctx, field: string) => importError('dmoj.badField', { file: ctx.file, field });

/**
 * DMOJ's built-in checkers as Kattis validator flags (judge/validator-flags.ts): `standard` is the
 * judge's own comparison (null); `floats` accepts an absolute or relative error of 10^-precision.
 */
function comparison(ctx: Ctx, name: string, args: Yaml): string | null {
  const precision = typeof args.precision === 'number' ? args.precision : 6;
  const eps = `1e-${precision}`;
  switch (name) {
    case 'standard':
    case 'rstripped':
      return null;
    case 'identical':
      return 'case_sensitive space_change_sensitive';
    case 'floats':
      return `float_tolerance ${eps}`;
    case 'floatsabs':
      return `float_absolute_tolerance ${eps}`;
    case 'floatsrel':
      return `float_relative_tolerance ${eps}`;
    default:
      throw importError('dmoj.checker', { file: ctx.file, checker: name });
  }
}

function fileList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A bridged testlib program (checker or interactor): its first file is the source, the rest go beside it. */
function bridged(pkg: PackageFiles, dir: string, ctx: Ctx, spec: Yaml, what: string): ParsedProgram {
  const type = typeof spec.type === 'string' ? spec.type : 'default';
  if (type !== 'testlib') throw importError('dmoj.bridgedType', { file: ctx.file, what, type });
  const [source, ...rest] = fileList(spec.files);
  if (!source) throw bad(ctx, `${what}.files`);
  const at = (n: string) => (dir ? `${dir}/${n}` : n);
  const code = pkg.text(at(source));
  if (code === undefined) throw importError('dmoj.fileMissing', { file: ctx.file, path: at(source) });
  // DMOJ's language ids: CPP11 ... CPP20, C, C11
  const lang = typeof spec.lang === 'string' ? spec.lang : 'CPP17';
  const language = /^CPP\d*$/i.test(lang) ? LANG.CPP : /^C\d*$/i.test(lang) ? LANG.C : null;
  if (!language) throw importError('dmoj.programLanguage', { file: ctx.file, lang });
  const extraFiles: Record<string, string> = {};
  for (const name of rest) {
    const text = pkg.text(at(name));
    if (text === undefined) throw importError('dmoj.fileMissing', { file: ctx.file, path: at(name) });
    extraFiles[name] = text;
  }
  const program: ParsedProgram = { protocol: 'testlib', language, code, extraFiles };
  attachTestlib(
    program,
    extraFiles['testlib.h'] ?? pkg.text(at('testlib.h')),
    `${ctx.file}: ${source}`,
    ctx.notices,
  );
  return program;
}

interface Judging {
  program: ParsedProgram | null;
  judgeMode: ParsedProblem['judgeMode'];
  validatorFlags: string | null;
}

function judging(pkg: PackageFiles, dir: string, ctx: Ctx, init: Yaml): Judging {
  if (init.custom_judge !== undefined) throw importError('dmoj.customJudge', { file: ctx.file });
  if (init.interactive !== undefined) {
    if (!isObject(init.interactive)) throw bad(ctx, 'interactive');
    return {
      program: bridged(pkg, dir, ctx, init.interactive, 'interactive'),
      judgeMode: 'interactive',
      validatorFlags: null,
    };
  }
  const checker = init.checker;
  if (checker === undefined) return { program: null, judgeMode: 'default', validatorFlags: null };
  const name = typeof checker === 'string' ? checker : isObject(checker) ? checker.name : undefined;
  const args = isObject(checker) && isObject(checker.args) ? checker.args : {};
  if (typeof name !== 'string') throw bad(ctx, 'checker');
  if (name === 'bridged')
    return { program: bridged(pkg, dir, ctx, args, 'checker'), judgeMode: 'spj', validatorFlags: null };
  if (name.endsWith('.py')) throw importError('dmoj.checker', { file: ctx.file, checker: name });
  return { program: null, judgeMode: 'default', validatorFlags: comparison(ctx, name, args) };
}

interface CaseRef {
  input: string;
  output: string;
  points: number;
  group: number | null;
}

function caseRef(ctx: Ctx, c: unknown, where: string): { input: string; output: string } {
  if (!isObject(c) || typeof c.in !== 'string' || typeof c.out !== 'string') throw bad(ctx, where);
  return { input: c.in, output: c.out };
}

/** test_cases in order: single cases score their points; a batch's points go to its group. */
function caseRefs(ctx: Ctx, init: Yaml): CaseRef[] {
  if (!Array.isArray(init.test_cases) || init.test_cases.length === 0)
    throw importError('dmoj.noCases', { file: ctx.file });
  const refs: CaseRef[] = [];
  let group = 0;
  init.test_cases.forEach((c, i) => {
    if (!isObject(c)) throw bad(ctx, `test_cases[${i}]`);
    const points = typeof c.points === 'number' && c.points >= 0 ? Math.round(c.points) : 0;
    if (c.dependencies !== undefined)
      ctx.notices.push({ key: 'import.dmoj.dependenciesIgnored', params: { file: ctx.file } });
    if (Array.isArray(c.batched)) {
      group += 1;
      for (const [j, b] of c.batched.entries())
        refs.push({ ...caseRef(ctx, b, `test_cases[${i}].batched[${j}]`), points, group });
    } else refs.push({ ...caseRef(ctx, c, `test_cases[${i}]`), points, group: null });
  });
  return refs;
}

/** The folder's files, or those of the zip `archive:` names. */
async function dataFiles(pkg: PackageFiles, dir: string, ctx: Ctx, init: Yaml): Promise<PackageFiles> {
  if (init.archive === undefined) return pkg.sub(dir);
  if (typeof init.archive !== 'string') throw bad(ctx, 'archive');
  const path = dir ? `${dir}/${init.archive}` : init.archive;
  const zip = pkg.get(path);
  if (!zip) throw importError('dmoj.fileMissing', { file: ctx.file, path });
  return readZip(zip);
}

/** One problem folder: init.yml and its data. */
export async function parseDmojProblem(
  pkg: PackageFiles,
  dir: string,
  name: string,
  defaults: ImportDefaults,
): Promise<ParsedProblem> {
  const file = dir ? `${dir}/init.yml` : 'init.yml';
  const notices: ImportNotice[] = [];
  const ctx: Ctx = { file, notices };
  let init: unknown;
  try {
    init = YAML.parse(pkg.text(file) ?? '') ?? {};
  } catch (e) {
    throw importError('badYaml', { file, detail: e instanceof Error ? e.message : String(e) });
  }
  if (!isObject(init)) throw importError('badYaml', { file, detail: 'not a mapping' });

  const { program, judgeMode, validatorFlags } = judging(pkg, dir, ctx, init);
  const data = await dataFiles(pkg, dir, ctx, init);
  const refs = caseRefs(ctx, init);
  const cases: ParsedCase[] = refs.map((r) => {
    const input = data.get(r.input);
    if (!input) throw importError('dmoj.caseFileMissing', { file, path: r.input });
    const output = data.get(r.output);
    if (!output) throw importError('dmoj.caseFileMissing', { file, path: r.output });
    return {
      name: `${file}: ${r.input}`,
      input: lf(input),
      output: lf(output),
      score: r.points,
      groupNum: r.group,
    };
  });
  if (init.pretest_test_cases !== undefined)
    notices.push({ key: 'import.dmoj.pretestsIgnored', params: { file } });
  notices.push({
    key: 'import.dmoj.limitsDefaulted',
    params: { file, timeLimitMs: defaults.timeLimitMs, memoryLimitMb: defaults.memoryLimitMb },
  });
  // a batch scores only when all of its cases pass: each of its cases carries the batch's points
  const grouped = refs.some((r) => r.group !== null);
  let caseList = cases;
  if (grouped) {
    // single cases become groups of their own, so the lowest-per-group rule leaves them as they are
    let next = Math.max(...refs.map((r) => r.group ?? 0));
    caseList = cases.map((c) => (c.groupNum === null ? { ...c, groupNum: ++next } : c));
  }
  const judgeCaseMode = grouped ? 'subtask_lowest' : 'default';
  const title = dir.split('/').pop() || name;
  return {
    problemId: displayId(title),
    title,
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit: defaults.timeLimitMs,
    memoryLimit: defaults.memoryLimitMb,
    type: 1,
    judgeMode,
    judgeCaseMode,
    ioScore: oiScore(caseList, judgeCaseMode),
    isRemoveEndBlank: true,
    examples: [],
    cases: caseList,
    program,
    validatorFlags,
    fileIO: null,
    languages: null,
    tags: [],
    submissions: [],
    notices,
  };
}

/** Every init.yml problem of a zip; `name` (the upload's name) titles a problem at the top. */
export async function parseDmoj(
  pkg: PackageFiles,
  name: string,
  defaults: ImportDefaults,
): Promise<ParsedProblem[]> {
  const roots = dmojRoots(pkg);
  if (roots.length === 0) throw importError('dmoj.noInitYml');
  const out: ParsedProblem[] = [];
  for (const dir of roots) out.push(await parseDmojProblem(pkg, dir, name, defaults));
  return out;
}
