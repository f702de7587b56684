/**
 * Kattis / ICPC problem packages: legacy, 2023-07-draft and 2025-09 (docs/problem-formats.md, Kattis / ICPC).
 * Directory and key names of the three versions are accepted in any of them (problem_statement/
 * or statement/, output_validators/ or output_validator/, testdata.yaml or test_group.yaml);
 * scoring follows 2025-09 rules when a group uses max_score/score_aggregation, else legacy rules.
 */
import YAML from 'yaml';
import type { Example } from '../../../shared/api/examples';
import type { JudgeCaseMode } from '../../../shared/api/types';
import { byteOrder, importError, type PackageFiles } from './archive';
import {
  displayId,
  distributeScore,
  domjudgeExpected,
  example,
  extraFilesOf,
  integerScore,
  isCFamily,
  isHiddenPath,
  KATTIS_EXPECTATIONS,
  LANG,
  languageOfFile,
} from './common';
import { type CaseRef, readKattisCases } from './kattis-data';
import { latexStatement } from './latex';
import type {
  ExampleSubmission,
  ImportDefaults,
  ImportNotice,
  ParsedCase,
  ParsedProblem,
  ParsedProgram,
} from './types';

type Yaml = Record<string, unknown>;
type Version = 'legacy' | '2023-07-draft' | '2025-09';

export interface KattisOptions {
  /** the package's short name (its directory, or the archive's name) */
  shortName: string | null;
  defaults: ImportDefaults;
}

/** parsed YAML files per package (group settings are read once per case otherwise) */
const yamlCache = new WeakMap<PackageFiles, Map<string, Yaml | null>>();

function readYaml(pkg: PackageFiles, path: string): Yaml | null {
  let cache = yamlCache.get(pkg);
  if (!cache) {
    cache = new Map();
    yamlCache.set(pkg, cache);
  }
  if (cache.has(path)) return cache.get(path) ?? null;
  const value = parseYamlFile(pkg, path);
  cache.set(path, value);
  return value;
}

function parseYamlFile(pkg: PackageFiles, path: string): Yaml | null {
  const text = pkg.text(path);
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = YAML.parse(text);
  } catch (e) {
    throw importError('badYaml', { file: path, detail: (e as Error).message.split('\n')[0] });
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw importError('badYaml', { file: path, detail: 'not a map' });
  return value as Yaml;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

function strList(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.map((x) => String(x));
  return String(v)
    .split(/\s+/)
    .filter((x) => x !== '');
}

const LANGUAGE_PREFERENCE = ['en', 'zh', 'zh-CN', 'zh-TW'];

/** The best of a language-keyed map (English, then Chinese, then the first). */
function pickLanguage<T>(entries: [string, T][]): [string, T] | undefined {
  for (const lang of LANGUAGE_PREFERENCE) {
    const hit = entries.find(([k]) => k === lang);
    if (hit) return hit;
  }
  return entries[0];
}

function versionOf(yaml: Yaml): Version {
  const v = str(yaml.problem_format_version)?.trim() ?? 'legacy';
  if (v === 'legacy' || v === 'legacy-icpc') return 'legacy';
  if (v === '2023-07-draft' || v === '2023-07' || v === 'draft') return '2023-07-draft';
  if (v.startsWith('2025-09')) return '2025-09';
  throw importError('kattis.unsupportedVersion', { version: v });
}

interface ProblemKind {
  scoring: boolean;
  interactive: boolean;
  custom: boolean;
}

function kindOf(yaml: Yaml): ProblemKind {
  const types = strList(yaml.type).map((t) => t.toLowerCase());
  const kind: ProblemKind = {
    scoring: types.includes('scoring'),
    interactive: types.includes('interactive'),
    custom: false,
  };
  let multiPass = types.includes('multi-pass');
  const submitAnswer = types.includes('submit-answer');
  const validation = yaml.validation;
  if (typeof validation === 'string') {
    const words = validation.trim().split(/\s+/);
    kind.custom = words[0] === 'custom';
    if (words.includes('interactive')) kind.interactive = true;
    if (words.includes('multi-pass')) multiPass = true;
    if (words.includes('score')) kind.scoring = true;
  } else if (validation && typeof validation === 'object') {
    const v = validation as Yaml;
    kind.custom = true;
    if (v.interaction === true) kind.interactive = true;
    if (v.multipass === true) multiPass = true;
    if (v.scoring === true) kind.scoring = true;
  }
  if (multiPass) throw importError('kattis.unsupportedType', { type: 'multi-pass' });
  if (submitAnswer) throw importError('kattis.unsupportedType', { type: 'submit-answer' });
  if (kind.interactive) kind.custom = true;
  return kind;
}

// ---------------------------------------------------------------- statement

interface Statement {
  title: string | null;
  description: string;
  input: string;
  output: string;
  hint: string;
}

const STATEMENT_FILE = /^problem(?:\.([A-Za-z]{2,3}(?:-[A-Za-z]{2})?))?\.(md|tex|html|pdf)$/;
const EXT_PREFERENCE = ['md', 'tex', 'html', 'pdf'];

function substituteConstants(text: string, constants: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (whole, name: string) =>
    name === 'nextsample' || name === 'remainingsamples' ? '' : (constants[name] ?? whole),
  );
}

/**
 * Markdown statement split at its Input / Output headings (code fences respected); a Notes or Hint
 * heading after them starts the hint (Verdict's Kattis export writes the hint there).
 */
export function markdownSections(md: string): {
  description: string;
  input: string;
  output: string;
  hint: string;
} {
  const parts: Record<'description' | 'input' | 'output' | 'hint', string[]> = {
    description: [],
    input: [],
    output: [],
    hint: [],
  };
  let current: keyof typeof parts = 'description';
  let fence = false;
  for (const line of md.replace(/\r\n/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6}\s+(input|output|notes?|hint)\b[^\n]*$/i.exec(line.trim());
    if (heading) {
      const name = heading[1].toLowerCase();
      if (name === 'input' || name === 'output') {
        current = name;
        continue;
      }
      // only after the output: a Notes heading elsewhere is the author's own text
      if (current === 'output') {
        current = 'hint';
        continue;
      }
    }
    parts[current].push(line);
  }
  const join = (k: keyof typeof parts) => parts[k].join('\n').trim();
  return {
    description: join('description'),
    input: join('input'),
    output: join('output'),
    hint: join('hint'),
  };
}

function readStatement(
  pkg: PackageFiles,
  constants: Record<string, string>,
  notices: ImportNotice[],
): Statement {
  const candidates: { path: string; lang: string; ext: string }[] = [];
  for (const dir of ['statement', 'problem_statement']) {
    for (const name of pkg.children(dir).files) {
      const m = STATEMENT_FILE.exec(name);
      if (m) candidates.push({ path: `${dir}/${name}`, lang: m[1] ?? 'en', ext: m[2] });
    }
  }
  const empty = { title: null, description: '', input: '', output: '', hint: '' };
  if (candidates.length === 0) {
    notices.push({ key: 'import.kattis.noStatement' });
    return empty;
  }
  const best = pickLanguage(candidates.map((c) => [c.lang, c] as [string, typeof c]))?.[1];
  const sameLang = candidates.filter((c) => c.lang === best?.lang);
  sameLang.sort((a, b) => EXT_PREFERENCE.indexOf(a.ext) - EXT_PREFERENCE.indexOf(b.ext));
  const chosen = sameLang[0];
  const text = chosen.ext === 'pdf' ? '' : substituteConstants(pkg.text(chosen.path) ?? '', constants);
  if (chosen.ext === 'pdf') {
    notices.push({ key: 'import.kattis.pdfStatement', params: { path: chosen.path } });
    return empty;
  }
  if (chosen.ext === 'md') return { title: null, ...markdownSections(text) };
  if (chosen.ext === 'html') return { ...empty, description: text.trim() };
  const tex = latexStatement(text, constants);
  const description = tex.interaction
    ? `${tex.description}\n\n## Interaction\n\n${tex.interaction}`.trim()
    : tex.description;
  return { title: tex.title, description, input: tex.input, output: tex.output, hint: tex.notes };
}

// ---------------------------------------------------------------- programs

/**
 * An output validator (a single file or a directory) as a checker/interactor: the source with
 * `main` is compiled, the other files of the directory go next to it.
 */
function readValidator(pkg: PackageFiles, path: string, notices: ImportNotice[]): ParsedProgram {
  const single = pkg.has(path);
  const dir = single ? path.slice(0, path.lastIndexOf('/')) : path;
  const names = single
    ? [path.slice(path.lastIndexOf('/') + 1)]
    : pkg.list(path).filter((n) => !isHiddenPath(n));
  const sources = names
    .map((name) => {
      const code = pkg.text(`${dir}/${name}`) ?? '';
      return { name, code, language: languageOfFile(name, code) };
    })
    .filter((s) => s.language !== null);
  const withMain = (s: { code: string; language: string | null }) =>
    s.language !== null &&
    (!isCFamily(s.language) || /\bmain\s*\(/.test(s.code)) &&
    (s.language !== LANG.JAVA || /static\s+void\s+main\s*\(/.test(s.code));
  const pyMain = sources.find((s) => s.name === '__main__.py');
  const main = pyMain ?? sources.find(withMain);
  if (!main || main.language === null) {
    const hasScripts = names.includes('build') || names.includes('run');
    throw importError(hasScripts ? 'kattis.buildScriptUnsupported' : 'kattis.validatorLanguage', { path });
  }
  const others = sources.filter((s) => s !== main && s.language !== null && isCFamily(s.language));
  if (others.some((s) => /\.(c|cc|cpp|cxx)$/.test(s.name)))
    notices.push({ key: 'import.kattis.validatorUnitsIgnored', params: { path, main: main.name } });
  if (names.includes('build') || names.includes('run'))
    notices.push({ key: 'import.kattis.buildScriptIgnored', params: { path } });
  const rest = names.filter((n) => n !== main.name && n !== 'build' && n !== 'run');
  return {
    protocol: 'kattis',
    language: main.language,
    code: main.code,
    extraFiles: extraFilesOf(pkg, dir, rest, notices),
  };
}

function findValidator(pkg: PackageFiles): string | null {
  const programs: string[] = [];
  for (const root of ['output_validators', 'output_validator']) {
    const { files, dirs } = pkg.children(root);
    const visibleFiles = files.filter((f) => !isHiddenPath(f));
    const visibleDirs = dirs.filter((d) => !isHiddenPath(d));
    if (root === 'output_validator' && visibleFiles.length > 0) {
      programs.push(root); // 2025-09: the directory is the program
      continue;
    }
    for (const f of visibleFiles) programs.push(`${root}/${f}`);
    for (const d of visibleDirs) programs.push(`${root}/${d}`);
  }
  if (programs.length > 1) throw importError('kattis.severalValidators', { list: programs.join(', ') });
  return programs[0] ?? null;
}

// ---------------------------------------------------------------- test data

/** Settings of testdata.yaml / test_group.yaml from data/ down to `dir`, nearest last. */
function groupConfigs(pkg: PackageFiles, dir: string): { dir: string; yaml: Yaml }[] {
  const out: { dir: string; yaml: Yaml }[] = [];
  const parts = dir.split('/');
  for (let k = 1; k <= parts.length; k++) {
    const d = parts.slice(0, k).join('/');
    for (const name of ['testdata.yaml', 'test_group.yaml']) {
      const yaml = readYaml(pkg, `${d}/${name}`);
      if (yaml) out.push({ dir: d, yaml });
    }
  }
  return out;
}

function inherited(configs: { yaml: Yaml }[], key: string): unknown {
  let value: unknown;
  for (const c of configs) if (c.yaml[key] !== undefined) value = c.yaml[key];
  return value;
}

/** Output validator flags in force for a case (problem.yaml, then each group, then <case>.yaml). */
function caseFlags(pkg: PackageFiles, base: string, problemFlags: string): string {
  const dir = base.slice(0, base.lastIndexOf('/'));
  let flags = problemFlags;
  for (const { yaml } of groupConfigs(pkg, dir)) {
    if (yaml.output_validator_flags !== undefined) flags = strList(yaml.output_validator_flags).join(' ');
    if (yaml.output_validator_args !== undefined) flags = strList(yaml.output_validator_args).join(' ');
  }
  const own = readYaml(pkg, `${base}.yaml`);
  if (own?.output_validator_args !== undefined) flags = strList(own.output_validator_args).join(' ');
  return flags.trim().replace(/\s+/g, ' ');
}

type Aggregation = 'sum' | 'min' | 'avg';

interface ScoreGroup {
  name: string;
  refs: number[];
  aggregation: Aggregation;
  /** score of each case when accepted */
  scores: number[];
}

/** Legacy rules: accept_score per case (default 1) and grader_flags min/avg/sum per group. */
function legacyGroups(
  pkg: PackageFiles,
  refs: CaseRef[],
  secret: number[],
  notices: ImportNotice[],
): ScoreGroup[] {
  const byGroup = new Map<string, number[]>();
  for (const i of secret) byGroup.set(refs[i].group, [...(byGroup.get(refs[i].group) ?? []), i]);
  const secretFlags = strList(inherited(groupConfigs(pkg, 'data/secret'), 'grader_flags'));
  if ((secretFlags.includes('min') || secretFlags.includes('avg')) && byGroup.size > 1)
    throw importError('kattis.unsupportedScoring', {
      detail: `data/secret grader_flags ${secretFlags.join(' ')}`,
    });
  const groups: ScoreGroup[] = [];
  for (const [group, members] of byGroup) {
    const dir = group ? `data/secret/${group}` : 'data/secret';
    const flags = strList(inherited(groupConfigs(pkg, dir), 'grader_flags'));
    if (flags.includes('max'))
      throw importError('kattis.unsupportedScoring', { detail: `${dir} grader_flags max` });
    const aggregation: Aggregation = flags.includes('min') ? 'min' : flags.includes('avg') ? 'avg' : 'sum';
    const scores = members.map((i) => {
      const caseDir = refs[i].base.slice(0, refs[i].base.lastIndexOf('/'));
      const raw = Number(inherited(groupConfigs(pkg, caseDir), 'accept_score') ?? 1);
      return integerScore(Number.isFinite(raw) ? raw : 1, refs[i].base, notices);
    });
    groups.push({ name: dir, refs: members, aggregation, scores });
  }
  return groups;
}

/** 2025-09 rules: max_score (secret: 100) and score_aggregation (secret: sum, groups: pass-fail). */
function modernGroups(
  pkg: PackageFiles,
  refs: CaseRef[],
  secret: number[],
  notices: ImportNotice[],
): ScoreGroup[] {
  const cfg = (dir: string) =>
    readYaml(pkg, `${dir}/test_group.yaml`) ?? readYaml(pkg, `${dir}/testdata.yaml`) ?? {};
  const maxOf = (yaml: Yaml, dir: string, fallback: number | null): number => {
    const raw = yaml.max_score ?? fallback;
    if (raw === 'unbounded' || raw === null || raw === undefined)
      throw importError('kattis.unsupportedScoring', {
        detail: `${dir} max_score ${String(raw ?? 'unbounded')}`,
      });
    return integerScore(Number(raw), dir, notices);
  };
  const secretCfg = cfg('data/secret');
  const secretMax = maxOf(secretCfg, 'data/secret', 100);
  const secretAgg = str(secretCfg.score_aggregation) ?? 'sum';
  const byGroup = new Map<string, number[]>();
  for (const i of secret) byGroup.set(refs[i].group, [...(byGroup.get(refs[i].group) ?? []), i]);
  const groupOf = (name: string, members: number[], agg: string, max: number): ScoreGroup =>
    agg === 'sum'
      ? { name, refs: members, aggregation: 'sum', scores: distributeScore(max, members.length) }
      : { name, refs: members, aggregation: 'min', scores: members.map(() => max) };
  if (byGroup.size === 1 && byGroup.has('')) return [groupOf('data/secret', secret, secretAgg, secretMax)];
  if (secretAgg === 'pass-fail') return [groupOf('data/secret', secret, 'pass-fail', secretMax)];
  if (secretAgg !== 'sum')
    throw importError('kattis.unsupportedScoring', { detail: `data/secret score_aggregation ${secretAgg}` });
  const groups: ScoreGroup[] = [];
  for (const [group, members] of byGroup) {
    const dir = group ? `data/secret/${group}` : 'data/secret';
    const yaml = group ? cfg(dir) : {};
    groups.push(groupOf(dir, members, str(yaml.score_aggregation) ?? 'pass-fail', maxOf(yaml, dir, null)));
  }
  return groups;
}

function usesModernScoring(pkg: PackageFiles, version: Version): boolean {
  if (version === '2025-09') return true;
  if (version === 'legacy') return false;
  return pkg
    .list('data')
    .filter((p) => p.endsWith('test_group.yaml') || p.endsWith('testdata.yaml'))
    .some((p) => {
      const y = readYaml(pkg, `data/${p}`) ?? {};
      return y.max_score !== undefined || y.score_aggregation !== undefined || p.endsWith('test_group.yaml');
    });
}

/**
 * Maps Kattis groups onto HOJ's case modes (docs/problem-formats.md, Kattis / ICPC): sum groups need no
 * groups (default mode); min/pass-fail groups become subtask_lowest groups whose every case carries
 * the group's points (a sum group then gets one group per case); avg groups are subtask_average.
 */
function applyScoring(
  groups: ScoreGroup[],
  cases: ParsedCase[],
  samples: number[],
): { mode: JudgeCaseMode; ioScore: number } {
  const ioScore = groups.reduce(
    (total, g) =>
      total + (g.aggregation === 'sum' ? g.scores.reduce((a, b) => a + b, 0) : Math.max(0, ...g.scores)),
    0,
  );
  for (const i of samples) cases[i].score = 0;
  if (groups.every((g) => g.aggregation === 'sum')) {
    for (const g of groups) for (const [k, i] of g.refs.entries()) cases[i].score = g.scores[k];
    for (const i of samples) cases[i].groupNum = null;
    return { mode: 'default', ioScore };
  }
  const avg = groups.some((g) => g.aggregation === 'avg');
  if (avg && !groups.every((g) => g.aggregation === 'avg'))
    throw importError('kattis.unsupportedScoring', { detail: 'avg mixed with other aggregations' });
  let next = 1;
  if (samples.length > 0) {
    for (const i of samples) cases[i].groupNum = next;
    next++;
  }
  for (const g of groups) {
    // a sum group inside subtask_lowest: one group per case, so the minima add up to the sum
    const shared = g.aggregation === 'sum' ? null : next++;
    for (const [k, i] of g.refs.entries()) {
      cases[i].score = g.scores[k];
      cases[i].groupNum = shared ?? next++;
    }
  }
  return { mode: avg ? 'subtask_average' : 'subtask_lowest', ioScore };
}

function interactionExample(text: string): Example {
  const toUser: string[] = [];
  const fromUser: string[] = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith('<')) toUser.push(line.slice(1));
    else if (line.startsWith('>')) fromUser.push(line.slice(1));
  }
  return example(toUser.join('\n'), fromUser.join('\n'));
}

function readExamples(pkg: PackageFiles): Example[] {
  const examples: Example[] = [];
  const bases = new Set<string>();
  for (const p of pkg.list('data/sample')) {
    if (isHiddenPath(p)) continue;
    const m = /^(.*)\.(in|interaction)$/.exec(p);
    if (m) bases.add(`data/sample/${m[1]}`);
  }
  for (const base of [...bases].sort(byteOrder)) {
    const interaction = pkg.text(`${base}.interaction`);
    if (interaction !== undefined) {
      examples.push(interactionExample(interaction));
      continue;
    }
    const input = pkg.get(`${base}.in.statement`) ?? pkg.get(`${base}.in`);
    const output = pkg.get(`${base}.ans.statement`) ?? pkg.get(`${base}.out`) ?? pkg.get(`${base}.ans`);
    examples.push(example(input, output));
  }
  return examples;
}

// ---------------------------------------------------------------- submissions

function readSubmissions(pkg: PackageFiles): ExampleSubmission[] {
  const out: ExampleSubmission[] = [];
  for (const dir of pkg.children('submissions').dirs) {
    const expected = KATTIS_EXPECTATIONS[dir];
    if (!expected) continue; // problemtools ignores unknown directories too
    const { files, dirs } = pkg.children(`submissions/${dir}`);
    const entries = [
      ...files.map((f) => ({ name: f, isDir: false })),
      ...dirs.map((d) => ({ name: d, isDir: true })),
    ];
    for (const entry of entries
      .filter((e) => !isHiddenPath(e.name))
      .sort((a, b) => byteOrder(a.name, b.name))) {
      const path = `submissions/${dir}/${entry.name}`;
      let file = path;
      if (entry.isDir) {
        const sources = pkg.list(path).filter((n) => !isHiddenPath(n) && languageOfFile(n, '') !== null);
        if (sources.length !== 1) {
          out.push({
            path,
            language: null,
            code: '',
            expectation: dir,
            expected,
            unsupported: { key: 'import.verify.multiFile' },
          });
          continue;
        }
        file = `${path}/${sources[0]}`;
      }
      const code = pkg.text(file) ?? '';
      const language = languageOfFile(file, code);
      const header = domjudgeExpected(code);
      out.push({
        path: file,
        language,
        code,
        expectation: header ? header.names : dir,
        expected: header ? header.statuses : expected,
        ...(language ? {} : { unsupported: { key: 'import.verify.unknownLanguage' } }),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- languages, metadata

const KATTIS_LANGUAGES: Record<string, string[]> = {
  c: [LANG.C],
  cpp: [LANG.CPP, LANG.CPP14, LANG.CPP20],
  java: [LANG.JAVA],
  python3: [LANG.PY3],
  python2: [LANG.PY2],
  rust: [LANG.RUST],
  javascript: [LANG.JS],
  go: [LANG.GO],
  kotlin: [LANG.KOTLIN],
  csharp: [LANG.CSHARP],
  php: [LANG.PHP],
  ruby: [LANG.RUBY],
  pascal: [LANG.PASCAL],
  haskell: [LANG.HASKELL],
  typescript: [LANG.TS],
};

function allowedLanguages(yaml: Yaml): string[] | null {
  const codes = strList(yaml.languages).map((c) => c.toLowerCase());
  if (codes.length === 0 || codes.includes('all')) return null;
  const names = codes.flatMap((c) => KATTIS_LANGUAGES[c] ?? []);
  return names.length > 0 ? names : null;
}

function sourceText(yaml: Yaml): string {
  const name = (v: unknown): string =>
    typeof v === 'string' ? v : v && typeof v === 'object' ? (str((v as Yaml).name) ?? '') : '';
  const source = Array.isArray(yaml.source)
    ? yaml.source.map(name).filter(Boolean).join('; ')
    : name(yaml.source);
  const credits = yaml.credits;
  const people = (v: unknown): string[] =>
    Array.isArray(v)
      ? v.map((x) => (typeof x === 'string' ? x : (str((x as Yaml)?.name) ?? '')))
      : v
        ? [String(v)]
        : [];
  const authors =
    str(yaml.author) ??
    (typeof credits === 'string'
      ? credits
      : credits && typeof credits === 'object'
        ? people((credits as Yaml).authors).join(', ')
        : '');
  const clean = (s: string) => s.replace(/\s*<[^>]*@[^>]*>/g, '').trim();
  return [clean(source), clean(authors)].filter(Boolean).join(' · ');
}

function titleOf(yaml: Yaml, statementTitle: string | null, shortName: string | null): string {
  const name = yaml.name;
  if (typeof name === 'string' && name.trim()) return name.trim();
  if (name && typeof name === 'object') {
    const best = pickLanguage(
      Object.entries(name as Yaml).map(([k, v]) => [k, str(v) ?? ''] as [string, string]),
    );
    if (best?.[1].trim()) return best[1].trim();
  }
  return statementTitle ?? shortName ?? 'Untitled';
}

/** Seconds → ms from limits.time_limit, DOMjudge's .timelimit or domjudge-problem.ini. */
function packageTimeLimit(yaml: Yaml, pkg: PackageFiles): number | null {
  const limits = (yaml.limits ?? {}) as Yaml;
  const seconds = (v: unknown) => {
    const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? ''));
    return Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : null;
  };
  const fromYaml = seconds(limits.time_limit);
  if (fromYaml) return fromYaml;
  const file = pkg.text('.timelimit');
  if (file !== undefined && seconds(file.trim())) return seconds(file.trim());
  const ini = pkg.text('domjudge-problem.ini');
  const m = ini ? /^\s*timelimit\s*=\s*['"]?([\d.]+)/m.exec(ini) : null;
  return m ? seconds(m[1]) : null;
}

// ---------------------------------------------------------------- the problem

export function parseKattis(pkg: PackageFiles, options: KattisOptions): ParsedProblem {
  const yaml = readYaml(pkg, 'problem.yaml');
  if (!yaml) throw importError('kattis.missingProblemYaml');
  const notices: ImportNotice[] = [];
  const version = versionOf(yaml);
  const kind = kindOf(yaml);
  const constants: Record<string, string> = {};
  if (yaml.constants && typeof yaml.constants === 'object')
    for (const [k, v] of Object.entries(yaml.constants as Yaml)) constants[k] = String(v);

  const statement = readStatement(pkg, constants, notices);

  let timeLimit = packageTimeLimit(yaml, pkg);
  if (timeLimit === null) {
    timeLimit = options.defaults.timeLimitMs;
    notices.push({ key: 'import.kattis.defaultTimeLimit', params: { ms: timeLimit } });
  }
  const limits = (yaml.limits ?? {}) as Yaml;
  const memory = Number(limits.memory);
  const memoryLimit =
    Number.isFinite(memory) && memory > 0 ? Math.round(memory) : options.defaults.memoryLimitMb;

  // validator
  const validatorPath = findValidator(pkg);
  let program: ParsedProgram | null = null;
  if (kind.custom || (validatorPath && version !== 'legacy')) {
    if (!validatorPath) throw importError('kattis.validatorMissing');
    program = readValidator(pkg, validatorPath, notices);
  }

  // test data: samples first, then secret, each in name order
  const { refs, cases } = readKattisCases(pkg, kind.interactive, notices);

  // validator flags: one set per problem, from the secret data (samples may lack them, see docs)
  const problemFlags = strList(yaml.validator_flags).join(' ');
  const flagSets = new Map<string, string>();
  for (const r of refs.filter((x) => !x.sample)) {
    const flags = caseFlags(pkg, r.base, problemFlags);
    if (!flagSets.has(flags)) flagSets.set(flags, r.base);
  }
  if (flagSets.size > 1) {
    const [a, b] = [...flagSets.entries()];
    throw importError('kattis.mixedValidatorFlags', { a: `${a[1]}: "${a[0]}"`, b: `${b[1]}: "${b[0]}"` });
  }
  const flags = [...flagSets.keys()][0] ?? '';
  if (flags.length > 255) throw importError('kattis.flagsTooLong', { length: flags.length });
  const sampleFlags = refs.filter((x) => x.sample).map((r) => caseFlags(pkg, r.base, problemFlags));
  if (sampleFlags.some((f) => f !== flags))
    notices.push({ key: 'import.kattis.sampleFlagsDiffer', params: { flags } });

  let type = 0;
  let judgeCaseMode: JudgeCaseMode = 'ergodic_without_error';
  let ioScore = 100;
  if (kind.scoring) {
    const secret = refs.map((r, i) => (r.sample ? -1 : i)).filter((i) => i >= 0);
    const samples = refs.map((r, i) => (r.sample ? i : -1)).filter((i) => i >= 0);
    const groups = usesModernScoring(pkg, version)
      ? modernGroups(pkg, refs, secret, notices)
      : legacyGroups(pkg, refs, secret, notices);
    const applied = applyScoring(groups, cases, samples);
    type = 1;
    judgeCaseMode = applied.mode;
    ioScore = applied.ioScore;
  }

  const shortName = displayId(options.shortName);
  return {
    problemId: shortName,
    title: titleOf(yaml, statement.title, options.shortName),
    description: statement.description,
    input: statement.input,
    output: statement.output,
    hint: statement.hint,
    source: sourceText(yaml),
    timeLimit,
    memoryLimit,
    type,
    judgeMode: kind.interactive ? 'interactive' : program ? 'spj' : 'default',
    judgeCaseMode,
    ioScore,
    isRemoveEndBlank: true,
    examples: readExamples(pkg),
    cases,
    program,
    validatorFlags: program ? flags || null : flags,
    fileIO: null,
    languages: allowedLanguages(yaml),
    tags: strList(Array.isArray(yaml.keywords) ? yaml.keywords : str(yaml.keywords)?.split(/[,;]/))
      .map((t) => t.trim())
      .filter(Boolean),
    submissions: readSubmissions(pkg),
    notices,
  };
}

/** Where the problems of a Kattis upload are: the root, or each top-level folder with a problem.yaml. */
export function kattisRoots(pkg: PackageFiles): string[] {
  if (pkg.has('problem.yaml')) return [''];
  return pkg.children('').dirs.filter((d) => pkg.has(`${d}/problem.yaml`));
}
