/**
 * Hydro's problem zip (docs/problem-formats.md, Hydro zip): per problem a folder with
 * problem.yaml (title, tag, pid), problem[_<lang>].md (samples are fenced blocks tagged inputN and
 * outputN) and testdata/ with config.yaml and the case files (found by name when there is no
 * config). Hydro scores every problem out of 100, so each is imported as an OI problem; its
 * subtasks become case groups ("min" subtasks scored by their lowest case, "sum" ones by the
 * average, which is the same total).
 */
import YAML from 'yaml';
import { oiScore } from '../../../judge';
import type { Example } from '../../../shared/api/examples';
import { byteOrder, importError, type PackageFiles } from './archive';
import { attachTestlib, displayId, distributeScore, example, LANG, lf } from './common';
import { judgeLanguageOf } from './hoj-languages';
import { type SpjConvention, spjLanguage, wrapSpj } from './spj-adapters';
import type { ImportNotice, ParsedCase, ParsedProblem, ParsedProgram } from './types';

type Yaml = Record<string, unknown>;
const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Folders holding a problem.yaml and testdata/ ('' when they sit at the top), in byte order. A
 * Kattis package also has a problem.yaml, but its data is in data/.
 */
export function hydroRoots(pkg: PackageFiles): string[] {
  const at = (dir: string, n: string) => (dir ? `${dir}/${n}` : n);
  return pkg
    .paths()
    .filter((p) => p === 'problem.yaml' || p.endsWith('/problem.yaml'))
    .map((p) => p.slice(0, -'problem.yaml'.length).replace(/\/$/, ''))
    .filter((dir) => pkg.isDir(at(dir, 'testdata')) && !pkg.isDir(at(dir, 'data')))
    .sort(byteOrder);
}

interface Ctx {
  file: string;
  notices: ImportNotice[];
}

function readYaml(pkg: PackageFiles, file: string): Yaml {
  let value: unknown;
  try {
    value = YAML.parse(pkg.text(file) ?? '') ?? {};
  } catch (e) {
    throw importError('badYaml', { file, detail: e instanceof Error ? e.message : String(e) });
  }
  if (!isObject(value)) throw importError('badYaml', { file, detail: 'not a mapping' });
  return value;
}

/** "1s", "1.5s", "1000ms" or a bare number of ms. */
export function hydroMilliseconds(value: unknown): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(String(value ?? ''));
  if (!m) return null;
  const n = Number.parseFloat(m[1]) * ((m[2] ?? 'ms').toLowerCase() === 's' ? 1000 : 1);
  return n > 0 ? Math.max(1, Math.round(n)) : null;
}

/** "256m", "256mb", "1g", "65536k" or a bare number of MB. */
export function hydroMegabytes(value: unknown): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg])?i?b?\s*$/i.exec(String(value ?? ''));
  if (!m) return null;
  const unit = (m[2] ?? 'm').toLowerCase();
  const n = Number.parseFloat(m[1]) * (unit === 'g' ? 1024 : unit === 'k' ? 1 / 1024 : 1);
  return n > 0 ? Math.max(1, Math.ceil(n)) : null;
}

/** Hydro's language ids (c, cc.cc17o2, py.py3, java ...) by their family. */
function hydroLanguage(id: string): string | null {
  const [family, variant = ''] = id.toLowerCase().split('.', 2);
  if (family === 'c') return LANG.C;
  if (family === 'cc') return /20/.test(variant) ? LANG.CPP20 : /1[14]/.test(variant) ? LANG.CPP14 : LANG.CPP;
  if (family === 'py') return /py2|python2/.test(variant) ? LANG.PY2 : LANG.PY3;
  if (family === 'java') return LANG.JAVA;
  if (family === 'js' || family === 'node') return LANG.JS;
  if (family === 'rs' || family === 'rust') return LANG.RUST;
  const more: Record<string, string> = {
    go: LANG.GO,
    kt: LANG.KOTLIN,
    cs: LANG.CSHARP,
    php: LANG.PHP,
    rb: LANG.RUBY,
    pas: LANG.PASCAL,
    hs: LANG.HASKELL,
    ts: LANG.TS,
  };
  if (family === 'py' && /pypy3/.test(variant)) return LANG.PYPY3;
  if (more[family]) return more[family];
  return judgeLanguageOf(id);
}

const STATEMENT_NAMES = ['problem.md', 'problem_zh.md', 'problem_en.md'];

/** The statement: problem.md, else Chinese, else English, else any problem_<lang>.md. */
function statementFile(pkg: PackageFiles, dir: string): string | null {
  const at = (n: string) => (dir ? `${dir}/${n}` : n);
  for (const name of STATEMENT_NAMES) if (pkg.has(at(name))) return at(name);
  const other = pkg.children(dir).files.find((n) => /^problem_[\w-]+\.md$/.test(n));
  return other ? at(other) : null;
}

const FENCE = /^(`{3,}|~{3,})[ \t]*(input|output)(\d+)[ \t]*\n([\s\S]*?)\n?\1[ \t]*$/gm;

/** Samples (fenced inputN / outputN blocks) out of the Markdown; the rest is the description. */
export function splitSamples(markdown: string): { description: string; examples: Example[] } {
  const found = new Map<number, { input?: string; output?: string }>();
  const description = markdown
    .replace(/\r\n/g, '\n')
    .replace(FENCE, (_all, _fence, kind: 'input' | 'output', n: string, body: string) => {
      const slot = found.get(Number(n)) ?? {};
      slot[kind] = body;
      found.set(Number(n), slot);
      return '';
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const examples = [...found.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, s]) => example(s.input ?? '', s.output ?? ''));
  return { description, examples };
}

interface CaseRef {
  input: string;
  output: string;
}

/** Pairs X.in with X.out or X.ans in testdata/ when there is no config listing the cases. */
function detectCases(ctx: Ctx, names: string[]): CaseRef[] {
  const set = new Set(names);
  const refs: CaseRef[] = [];
  const used = new Set<string>();
  for (const name of names) {
    if (!name.endsWith('.in')) continue;
    const stem = name.slice(0, -3);
    const output = [`${stem}.out`, `${stem}.ans`].find((o) => set.has(o));
    if (!output) throw importError('hydro.outputMissing', { file: ctx.file, input: name });
    refs.push({ input: name, output });
    used.add(name).add(output);
  }
  const orphans = names.filter((n) => /\.(out|ans)$/.test(n) && !used.has(n));
  if (orphans.length > 0)
    throw importError('hydro.inputMissing', { file: ctx.file, list: orphans.join(', ') });
  // natural order: 2.in before 10.in
  return refs.sort((a, b) => a.input.localeCompare(b.input, 'en', { numeric: true }));
}

function caseRefs(ctx: Ctx, list: unknown, where: string): CaseRef[] {
  if (!Array.isArray(list)) throw importError('hydro.badField', { file: ctx.file, field: where });
  return list.map((c, i) => {
    if (!isObject(c) || typeof c.input !== 'string' || typeof c.output !== 'string')
      throw importError('hydro.badField', { file: ctx.file, field: `${where}[${i}]` });
    if (c.time !== undefined || c.memory !== undefined)
      ctx.notices.push({ key: 'import.hydro.caseLimitsIgnored', params: { file: ctx.file } });
    return { input: c.input, output: c.output };
  });
}

interface Grouped {
  refs: CaseRef[];
  scores: number[];
  groups: (number | null)[];
  mode: ParsedProblem['judgeCaseMode'];
}

/** The config's subtasks (or flat case list, or the files found) as scored, grouped cases. */
function groupCases(ctx: Ctx, config: Yaml, files: string[]): Grouped {
  if (Array.isArray(config.subtasks) && config.subtasks.length > 0) {
    const subtasks = config.subtasks.map((s, i) => {
      if (!isObject(s)) throw importError('hydro.badField', { file: ctx.file, field: `subtasks[${i}]` });
      if (s.if !== undefined)
        ctx.notices.push({ key: 'import.hydro.dependenciesIgnored', params: { file: ctx.file } });
      const type = typeof s.type === 'string' ? s.type : 'min';
      if (type !== 'min' && type !== 'sum')
        ctx.notices.push({ key: 'import.hydro.subtaskTypeChanged', params: { file: ctx.file, type } });
      const score = typeof s.score === 'number' && s.score >= 0 ? Math.round(s.score) : null;
      return { refs: caseRefs(ctx, s.cases, `subtasks[${i}].cases`), score, type };
    });
    const missing = subtasks.filter((s) => s.score === null).length;
    const left = 100 - subtasks.reduce((sum, s) => sum + (s.score ?? 0), 0);
    const shares = distributeScore(Math.max(0, left), missing);
    const allSum = subtasks.every((s) => s.type === 'sum');
    const out: Grouped = {
      refs: [],
      scores: [],
      groups: [],
      mode: allSum ? 'subtask_average' : 'subtask_lowest',
    };
    subtasks.forEach((s, i) => {
      const score = s.score ?? shares.shift() ?? 0;
      for (const ref of s.refs) {
        out.refs.push(ref);
        // each case carries its group's score: the group takes the lowest (min) or the average (sum)
        out.scores.push(score);
        out.groups.push(i + 1);
      }
    });
    return out;
  }
  const refs = Array.isArray(config.cases) ? caseRefs(ctx, config.cases, 'cases') : detectCases(ctx, files);
  if (refs.length === 0) throw importError('hydro.noCases', { file: ctx.file });
  const total = typeof config.score === 'number' && config.score > 0 ? config.score * refs.length : 100;
  return {
    refs,
    scores: distributeScore(Math.round(total), refs.length),
    groups: refs.map(() => null),
    mode: 'default',
  };
}

function programFile(ctx: Ctx, value: unknown, field: string): { file: string; lang: string | null } | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return { file: value, lang: null };
  if (isObject(value) && typeof value.file === 'string')
    return { file: value.file, lang: typeof value.lang === 'string' ? value.lang : null };
  throw importError('hydro.badField', { file: ctx.file, field });
}

function programLanguage(ctx: Ctx, file: string, lang: string | null): string {
  const language = lang ? hydroLanguage(lang) : spjLanguage(file.endsWith('.c') ? 'c' : 'c++');
  if (!language || (lang === null && !/\.(c|cc|cpp|cxx)$/.test(file)))
    throw importError('hydro.programLanguage', { file: ctx.file, program: file });
  return language;
}

const WRAPPED: Record<string, SpjConvention> = { hustoj: 'hustoj', qduoj: 'qduoj' };

function readProgram(
  pkg: PackageFiles,
  testdata: string,
  ctx: Ctx,
  config: Yaml,
  interactive: boolean,
): ParsedProgram | null {
  const ref = interactive
    ? programFile(ctx, config.interactor, 'interactor')
    : programFile(ctx, config.checker, 'checker');
  const checkerType = typeof config.checker_type === 'string' ? config.checker_type : 'default';
  if (interactive && !ref) throw importError('hydro.interactorMissing', { file: ctx.file });
  if (!interactive && (checkerType === 'default' || checkerType === 'strict')) return null;
  if (!interactive && checkerType !== 'testlib' && !WRAPPED[checkerType])
    throw importError('hydro.checkerType', { file: ctx.file, type: checkerType });
  if (!ref) throw importError('hydro.checkerMissing', { file: ctx.file, type: checkerType });
  const code = pkg.text(`${testdata}/${ref.file}`);
  if (code === undefined) throw importError('hydro.programMissing', { file: ctx.file, program: ref.file });
  const language = programLanguage(ctx, ref.file, ref.lang);
  const wrap = interactive ? undefined : WRAPPED[checkerType];
  if (wrap) return wrapSpj(wrap, language, code);
  const program: ParsedProgram = { protocol: 'testlib', language, code, extraFiles: {} };
  // Hydro compiles checkers against its own testlib.h; a copy in testdata/ is used first
  attachTestlib(program, pkg.text(`${testdata}/testlib.h`), `${ctx.file}: ${ref.file}`, ctx.notices);
  return program;
}

function extraFiles(
  pkg: PackageFiles,
  testdata: string,
  ctx: Ctx,
  list: unknown,
): Record<string, string> | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const out: Record<string, string> = {};
  for (const name of list) {
    const text = typeof name === 'string' ? pkg.text(`${testdata}/${name}`) : undefined;
    if (text === undefined)
      throw importError('hydro.programMissing', { file: ctx.file, program: String(name) });
    out[name as string] = text;
  }
  return out;
}

function languagesOf(ctx: Ctx, value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const kept = new Set<string>();
  const dropped: string[] = [];
  for (const id of value.map(String)) {
    const language = hydroLanguage(id);
    if (language) kept.add(language);
    else dropped.push(id);
  }
  if (dropped.length > 0)
    ctx.notices.push({
      key: 'import.hydro.languagesDropped',
      params: { file: ctx.file, list: dropped.join(', ') },
    });
  return kept.size > 0 ? [...kept] : null;
}

/** One problem folder of a Hydro zip. */
export function parseHydroProblem(pkg: PackageFiles, dir: string): ParsedProblem {
  const at = (n: string) => (dir ? `${dir}/${n}` : n);
  const file = at('problem.yaml');
  const notices: ImportNotice[] = [];
  const ctx: Ctx = { file, notices };
  const meta = readYaml(pkg, file);
  const title = typeof meta.title === 'string' ? meta.title.trim() : '';
  if (!title) throw importError('hydro.missingField', { file, field: 'title' });
  const pid = typeof meta.pid === 'string' || typeof meta.pid === 'number' ? String(meta.pid) : null;

  const testdata = at('testdata');
  const configFile = `${testdata}/config.yaml`;
  const config = pkg.has(configFile) ? readYaml(pkg, configFile) : {};
  const type = typeof config.type === 'string' ? config.type : 'default';
  if (type !== 'default' && type !== 'interactive')
    throw importError('hydro.unsupportedType', { file, type });
  const interactive = type === 'interactive';

  const program = readProgram(
    pkg,
    testdata,
    { file: pkg.has(configFile) ? configFile : file, notices },
    config,
    interactive,
  );
  const judgeFiles = extraFiles(pkg, testdata, ctx, config.judge_extra_files);
  if (judgeFiles && program) Object.assign(program.extraFiles, judgeFiles);
  else if (judgeFiles) notices.push({ key: 'import.hydro.judgeFilesIgnored', params: { file } });
  const programNames = new Set<string>(
    [
      config.checker,
      config.interactor,
      ...(Array.isArray(config.user_extra_files) ? config.user_extra_files : []),
      ...(Array.isArray(config.judge_extra_files) ? config.judge_extra_files : []),
    ]
      .map((v) => (isObject(v) ? v.file : v))
      .filter((v): v is string => typeof v === 'string'),
  );
  const dataFiles = pkg
    .children(testdata)
    .files.filter((n) => n !== 'config.yaml' && n !== 'testlib.h' && !programNames.has(n));
  const grouped = groupCases({ file: pkg.has(configFile) ? configFile : file, notices }, config, dataFiles);
  const used = new Set<string>();
  const cases: ParsedCase[] = grouped.refs.map((ref, i) => {
    const input = pkg.get(`${testdata}/${ref.input}`);
    if (!input) throw importError('hydro.caseFileMissing', { file, path: `${testdata}/${ref.input}` });
    const output = pkg.get(`${testdata}/${ref.output}`);
    if (!output) throw importError('hydro.caseFileMissing', { file, path: `${testdata}/${ref.output}` });
    used.add(ref.input).add(ref.output);
    return {
      name: `${testdata}/${ref.input}`,
      input: lf(input),
      output: lf(output),
      score: grouped.scores[i] ?? 0,
      groupNum: grouped.groups[i] ?? null,
    };
  });
  const stray = dataFiles.filter((n) => !used.has(n));
  if (stray.length > 0)
    notices.push({ key: 'import.hydro.filesIgnored', params: { folder: testdata, list: stray.join(', ') } });

  const statement = statementFile(pkg, dir);
  if (!statement) notices.push({ key: 'import.hydro.noStatement', params: { file } });
  const { description, examples } = splitSamples(statement ? (pkg.text(statement) ?? '') : '');
  if (pkg.isDir(at('additional_file')) && /file:\/\//.test(description))
    notices.push({ key: 'import.hydro.additionalFilesIgnored', params: { file } });

  const timeLimit = config.time === undefined ? 1000 : hydroMilliseconds(config.time);
  if (timeLimit === null) throw importError('hydro.badField', { file: configFile, field: 'time' });
  const memoryLimit = config.memory === undefined ? 256 : hydroMegabytes(config.memory);
  if (memoryLimit === null) throw importError('hydro.badField', { file: configFile, field: 'memory' });
  const filename =
    typeof config.filename === 'string' && config.filename.trim() ? config.filename.trim() : null;

  const problemId = displayId(pid);
  if (pid !== null && problemId !== pid.trim())
    notices.push({ key: 'import.hydro.problemIdChanged', params: { file, from: pid, to: problemId ?? '' } });
  const tags = Array.isArray(meta.tag) ? meta.tag.filter((t): t is string => typeof t === 'string') : [];

  return {
    problemId,
    title,
    description,
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit,
    memoryLimit,
    type: 1,
    judgeMode: interactive ? 'interactive' : program ? 'spj' : 'default',
    judgeCaseMode: grouped.mode,
    ioScore: oiScore(cases, grouped.mode),
    isRemoveEndBlank: true,
    examples,
    cases,
    program,
    validatorFlags: null,
    fileIO: filename ? { inputName: `${filename}.in`, outputName: `${filename}.out` } : null,
    languages: languagesOf(ctx, config.langs),
    tags: [...new Set(tags.map((t) => t.trim()).filter(Boolean))],
    userExtraFiles: extraFiles(pkg, testdata, ctx, config.user_extra_files),
    submissions: [],
    notices,
  };
}

/** Every problem of a Hydro zip. */
export function parseHydro(pkg: PackageFiles): ParsedProblem[] {
  const roots = hydroRoots(pkg);
  if (roots.length === 0) throw importError('hydro.noProblemYaml');
  return roots.map((dir) => parseHydroProblem(pkg, dir));
}
