/** Helpers the three package formats share: languages, text, scores, programs, expectations. */
import type { Example } from '../../../shared/api/examples';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { decodeText, isUtf8, type PackageFiles } from './archive';
import type { ImportNotice, ParsedProgram } from './types';

/** Judge language names (judge/languages.ts). */
export const LANG = {
  C: 'C',
  CPP: 'C++',
  CPP14: 'C++ 14',
  CPP20: 'C++ 20',
  JAVA: 'Java',
  PY3: 'Python3',
  PY2: 'Python2',
  RUST: 'Rust',
  JS: 'JavaScript (Node)',
  GO: 'Golang',
  KOTLIN: 'Kotlin',
  CSHARP: 'C#',
  PHP: 'PHP',
  RUBY: 'Ruby',
  PASCAL: 'Pascal',
  HASKELL: 'Haskell',
  PYPY3: 'PyPy3',
  TS: 'TypeScript',
} as const;

const EXTENSIONS: Record<string, string> = {
  c: LANG.C,
  cpp: LANG.CPP,
  cc: LANG.CPP,
  cxx: LANG.CPP,
  'c++': LANG.CPP,
  C: LANG.CPP,
  java: LANG.JAVA,
  py3: LANG.PY3,
  py2: LANG.PY2,
  rs: LANG.RUST,
  js: LANG.JS,
  go: LANG.GO,
  kt: LANG.KOTLIN,
  cs: LANG.CSHARP,
  php: LANG.PHP,
  rb: LANG.RUBY,
  pas: LANG.PASCAL,
  hs: LANG.HASKELL,
  ts: LANG.TS,
};

/**
 * Language of a source file by extension. `.py` is Python 3 unless its first line is a python2
 * shebang (Kattis legacy rule); `.py2` is Python 2 (2025-09 rule).
 */
export function languageOfFile(name: string, code: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1);
  if (ext === 'py') return /^#!.*python2/.test(code.split('\n', 1)[0] ?? '') ? LANG.PY2 : LANG.PY3;
  return EXTENSIONS[ext] ?? EXTENSIONS[ext.toLowerCase()] ?? null;
}

export const isCFamily = (language: string) => language === LANG.C || language.startsWith('C++');

/** Kattis/DOMjudge ignore files and folders starting with '.' or '-'. */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || part.startsWith('-'));
}

export const lf = (data: Buffer): Buffer =>
  data.includes('\r\n') ? Buffer.from(data.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : data;

/** Sample text as shown on the problem page (trailing newlines dropped, as in HOJ's examples). */
export function exampleText(data: Buffer | string | undefined): string {
  const text = typeof data === 'string' ? data : data ? decodeText(data) : '';
  return text.replace(/\r\n/g, '\n').replace(/\s+$/, '');
}

export function example(input: Buffer | string | undefined, output: Buffer | string | undefined): Example {
  return { input: exampleText(input), output: exampleText(output) };
}

/**
 * Splits `total` points over `n` cases as HOJ's admin does: each gets floor(total/n) and the last
 * (total mod n) cases one more, so the sum is exactly `total`.
 */
export function distributeScore(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - extra ? 1 : 0));
}

/** Integer points (the database keeps integers); fractions are rounded with a notice. */
export function integerScore(value: number, where: string, notices: ImportNotice[]): number {
  const rounded = Math.round(value);
  if (rounded !== value)
    notices.push({ key: 'import.scoreRounded', params: { where, from: value, to: rounded } });
  return rounded;
}

/** A display id from a package's short name: letters, digits, '_' and '-', at most 64. */
export function displayId(name: string | null | undefined): string | null {
  if (!name) return null;
  const id = name
    .trim()
    .replace(/\.(zip|kpp|xml)$/i, '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 64);
  return id || null;
}

/** Files of a program directory except the source itself, as {name: text} (binaries are left out). */
export function extraFilesOf(
  pkg: PackageFiles,
  dir: string,
  names: string[],
  notices: ImportNotice[],
): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const name of names) {
    const data = pkg.get(dir ? `${dir}/${name}` : name);
    if (!data) continue;
    if (!isUtf8(data)) {
      notices.push({ key: 'import.binaryFileSkipped', params: { path: dir ? `${dir}/${name}` : name } });
      continue;
    }
    extra[name] = decodeText(data);
  }
  return extra;
}

export const includesTestlib = (code: string) => /#\s*include\s*[<"]testlib\.h[>"]/.test(code);

/**
 * A program that includes testlib.h gets the package's own copy when there is one; otherwise the
 * judge compiles it against Verdict's bundled testlib.h (judge/testlib/, docs/judge.md), which the
 * notice says. Nothing is refused.
 */
export function attachTestlib(
  program: ParsedProgram,
  found: string | undefined,
  what: string,
  notices: ImportNotice[],
): void {
  if (!includesTestlib(program.code) || program.extraFiles['testlib.h'] !== undefined) return;
  if (found === undefined) notices.push({ key: 'import.testlibBundled', params: { program: what } });
  else program.extraFiles['testlib.h'] = found;
}

const S = JudgeStatus;
export const WRONG = [S.WRONG_ANSWER, S.PRESENTATION_ERROR];
export const REJECTED = [
  S.WRONG_ANSWER,
  S.PRESENTATION_ERROR,
  S.TIME_LIMIT_EXCEEDED,
  S.MEMORY_LIMIT_EXCEEDED,
  S.RUNTIME_ERROR,
  S.PARTIAL_ACCEPTED,
];

/** Kattis submission directories; memory overruns are RTE there (docs/problem-formats.md, `verdict verify`). */
export const KATTIS_EXPECTATIONS: Record<string, number[]> = {
  accepted: [S.ACCEPTED],
  wrong_answer: WRONG,
  time_limit_exceeded: [S.TIME_LIMIT_EXCEEDED],
  run_time_error: [S.RUNTIME_ERROR, S.MEMORY_LIMIT_EXCEEDED],
  partially_accepted: [S.PARTIAL_ACCEPTED],
  rejected: REJECTED,
  brute_force: [S.TIME_LIMIT_EXCEEDED, S.RUNTIME_ERROR, S.MEMORY_LIMIT_EXCEEDED],
  compiler_error: [S.COMPILE_ERROR],
  compile_error: [S.COMPILE_ERROR],
};

/** DOMjudge's @EXPECTED_RESULTS@ names. */
const DOMJUDGE_RESULTS: Record<string, number[]> = {
  CORRECT: [S.ACCEPTED],
  'WRONG-ANSWER': WRONG,
  'NO-OUTPUT': WRONG,
  TIMELIMIT: [S.TIME_LIMIT_EXCEEDED],
  'RUN-ERROR': [S.RUNTIME_ERROR, S.MEMORY_LIMIT_EXCEEDED],
  'OUTPUT-LIMIT': [S.RUNTIME_ERROR],
  'COMPILER-ERROR': [S.COMPILE_ERROR],
};

/** The @EXPECTED_RESULTS@ header of a DOMjudge example source, which overrides its directory. */
export function domjudgeExpected(code: string): { names: string; statuses: number[] } | null {
  const m = /@EXPECTED_RESULTS@:?\s*([A-Z][A-Z, -]*[A-Z])/.exec(code);
  if (!m) return null;
  const statuses = new Set<number>();
  for (const name of m[1].split(/[\s,]+/)) for (const s of DOMJUDGE_RESULTS[name] ?? []) statuses.add(s);
  return statuses.size > 0 ? { names: m[1], statuses: [...statuses] } : null;
}

/** Polygon solution tags (docs/problem-formats.md, `verdict verify`). */
export const POLYGON_EXPECTATIONS: Record<string, number[]> = {
  main: [S.ACCEPTED],
  accepted: [S.ACCEPTED],
  'wrong-answer': WRONG,
  'presentation-error': WRONG,
  'time-limit-exceeded': [S.TIME_LIMIT_EXCEEDED],
  'time-limit-exceeded-or-accepted': [S.TIME_LIMIT_EXCEEDED, S.ACCEPTED],
  'time-limit-exceeded-or-memory-limit-exceeded': [S.TIME_LIMIT_EXCEEDED, S.MEMORY_LIMIT_EXCEEDED],
  'memory-limit-exceeded': [S.MEMORY_LIMIT_EXCEEDED],
  rejected: REJECTED,
  failed: REJECTED,
  'do-not-run': [],
};
