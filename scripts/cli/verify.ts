/**
 * `verdict verify <package dir | .zip> [--time-limit MS] [--lang zh-CN|en-US]`: judges a problem
 * package's own example submissions (Kattis submissions/<verdict>/..., Polygon solutions with
 * tags) with the local judge, without a server, and prints expected against actual verdicts.
 * Exit 0: every judged submission got an expected verdict; 1: a mismatch; 2: unusable package
 * or arguments.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { detectLanguages, judgeSubmission } from '../../judge';
import type { JudgeTask, ProblemProgram } from '../../judge/types';
import { AppError } from '../../server/services/errors';
import { readDirectory, readZip } from '../../server/services/packages/archive';
import { parseArchive } from '../../server/services/packages/import';
import { kattisRoots } from '../../server/services/packages/kattis';
import { polygonRoots } from '../../server/services/packages/polygon';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import type { ExampleSubmission, ParsedProblem, ParsedProgram } from '../../server/services/packages/types';
import { JudgeStatus, type JudgeStatusCode, STATUS_INFO } from '../../shared/constants/judge-status';
import { createI18n, normalizeLanguage } from '../../shared/i18n';
import { allResources } from '../../shared/i18n/console-messages';

type T = (key: string, params?: Record<string, string | number>) => string;

const statusName = (s: number) => STATUS_INFO[s as JudgeStatusCode]?.short.toUpperCase() ?? String(s);

/**
 * Kattis names a Java program after its file (hello.java holds `public class hello`); the judge
 * runs class Main. The class keeps its name without `public` and a Main that calls it is added.
 */
export function javaForJudge(code: string, path: string): string {
  const name = basename(path).replace(/\.java$/, '');
  const publicClass = /public\s+(final\s+)?class\s+([A-Za-z_$][\w$]*)/.exec(code)?.[2];
  if (!publicClass || publicClass === 'Main' || publicClass !== name) return code;
  const stripped = code.replace(/public\s+((?:final\s+)?class\s+[A-Za-z_$][\w$]*)/, '$1');
  return `${stripped}\nclass Main {\n  public static void main(String[] args) throws Exception {\n    ${publicClass}.main(args);\n  }\n}\n`;
}

function programOf(p: ParsedProgram): ProblemProgram {
  const key = createHash('sha256')
    .update(JSON.stringify([p.protocol, p.language, p.code, p.extraFiles]))
    .digest('hex');
  return { ...p, key };
}

async function loadProblem(path: string, defaults: typeof IMPORT_DEFAULTS, t: T): Promise<ParsedProblem> {
  const info = await stat(path);
  const pkg = info.isDirectory() ? await readDirectory(path) : await readZip(await readFile(path));
  const name = basename(path);
  let problems: ParsedProblem[];
  if (kattisRoots(pkg).length > 0) problems = parseArchive(pkg, 'kattis', name, defaults);
  else if (polygonRoots(pkg).length > 0) problems = parseArchive(pkg, 'polygon', name, defaults);
  else throw new Error(t('import.verify.notAPackage', { path }));
  if (problems.length !== 1) throw new Error(t('import.verify.onePackage', { count: problems.length }));
  return problems[0];
}

async function baseTask(
  problem: ParsedProblem,
  dir: string,
): Promise<Omit<JudgeTask, 'submitId' | 'language' | 'code'>> {
  const cases = [];
  for (const [k, c] of problem.cases.entries()) {
    const inputPath = join(dir, `${k + 1}.in`);
    const outputPath = join(dir, `${k + 1}.ans`);
    await writeFile(inputPath, c.input, { mode: 0o644 });
    await writeFile(outputPath, c.output, { mode: 0o644 });
    cases.push({ seq: k + 1, caseId: k + 1, inputPath, outputPath, score: c.score, groupNum: c.groupNum });
  }
  const program = problem.program ? programOf(problem.program) : null;
  return {
    timeLimit: problem.timeLimit,
    memoryLimit: problem.memoryLimit,
    stackLimit: problem.memoryLimit,
    problemType: problem.type,
    ioScore: problem.ioScore,
    difficulty: 1,
    judgeMode: problem.judgeMode,
    judgeCaseMode: problem.judgeCaseMode,
    isRemoveEndBlank: problem.isRemoveEndBlank,
    cases,
    checker:
      problem.judgeMode === 'spj'
        ? program
        : problem.interactionChecker
          ? programOf(problem.interactionChecker)
          : null,
    interactor: problem.judgeMode === 'interactive' ? program : null,
    validatorFlags: problem.validatorFlags,
    fileIO: problem.fileIO,
  };
}

/**
 * A final verdict meets the package's expectation; on a scoring problem a submission that fails
 * some cases ends Partially Accepted, which meets a WA/TLE/RTE expectation when one of its cases
 * got that verdict (Polygon and Kattis speak of "some test").
 */
export function matches(expected: number[], status: number, caseStatuses: number[]): boolean {
  if (expected.includes(status)) return true;
  return (
    status === JudgeStatus.PARTIAL_ACCEPTED &&
    caseStatuses.some((c) => c !== JudgeStatus.ACCEPTED && expected.includes(c))
  );
}

interface Outcome {
  submission: ExampleSubmission;
  state: 'ok' | 'mismatch' | 'skipped';
  line: string;
}

export async function run(args: string[]): Promise<number> {
  let values: { 'time-limit'?: string; lang?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { 'time-limit': { type: 'string' }, lang: { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    positionals = [];
    values = {};
  }
  const lang = normalizeLanguage(values.lang ?? process.env.VERDICT_LANG ?? process.env.LANG) ?? 'en-US';
  // the importer's messages are the admin console's
  const i18n = createI18n(lang, allResources);
  const t: T = (key, params) => i18n.t(key, params);
  if (positionals.length !== 1) {
    process.stderr.write(`${t('import.verify.usage')}\n`);
    return 2;
  }
  const defaults = { ...IMPORT_DEFAULTS };
  if (values['time-limit'] !== undefined) {
    const ms = Number(values['time-limit']);
    if (!Number.isInteger(ms) || ms <= 0) {
      process.stderr.write(`${t('import.verify.usage')}\n`);
      return 2;
    }
    defaults.timeLimitMs = ms;
  }

  let problem: ParsedProblem;
  try {
    problem = await loadProblem(positionals[0], defaults, t);
  } catch (e) {
    const message = e instanceof AppError ? t(e.key, e.params) : (e as Error).message;
    process.stderr.write(`${t('import.verify.cannotRead', { detail: message })}\n`);
    return 2;
  }
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    t('import.verify.header', {
      title: problem.title,
      cases: problem.cases.length,
      mode: problem.judgeMode,
      timeLimit: problem.timeLimit,
      memoryLimit: problem.memoryLimit,
    }),
  );
  for (const n of problem.notices) out(`  ! ${t(n.key, n.params)}`);
  if (problem.submissions.length === 0) {
    out(t('import.verify.noSubmissions'));
    return 0;
  }

  const available = new Set((await detectLanguages()).map((l) => l.name));
  const dir = await mkdtemp(join(tmpdir(), 'verdict-verify-'));
  const outcomes: Outcome[] = [];
  try {
    const base = await baseTask(problem, dir);
    const width = Math.max(...problem.submissions.map((s) => s.path.length));
    for (const [k, s] of problem.submissions.entries()) {
      const head = `  ${s.path.padEnd(width)}  ${(s.language ?? '-').padEnd(8)}`;
      const expected = s.expected.map(statusName).join('|');
      let skip: string | null = null;
      if (s.unsupported) skip = t(s.unsupported.key, s.unsupported.params);
      else if (s.expected.length === 0) skip = t('import.verify.doNotRun');
      else if (!s.language || !available.has(s.language))
        skip = t('import.verify.languageUnavailable', { language: s.language ?? '?' });
      if (skip) {
        outcomes.push({
          submission: s,
          state: 'skipped',
          line: `${head}  ${t('import.verify.skipped', { reason: skip })}`,
        });
        out(outcomes[outcomes.length - 1].line);
        continue;
      }
      const code = s.language === 'Java' ? javaForJudge(s.code, s.path) : s.code;
      const result = await judgeSubmission({
        ...base,
        submitId: k + 1,
        language: s.language as string,
        code,
      });
      const good = matches(
        s.expected,
        result.status,
        result.cases.map((c) => c.status),
      );
      const failedCase = result.cases.find((c) => c.status !== 0);
      const detail =
        !good && failedCase
          ? ` (#${failedCase.seq} ${problem.cases[failedCase.seq - 1]?.name ?? ''} ${failedCase.userOutput ?? ''})`.trimEnd()
          : !good && result.errorMessage
            ? ` (${result.errorMessage.split('\n')[0]})`
            : '';
      const line = `${head}  ${t(good ? 'import.verify.ok' : 'import.verify.mismatch', {
        expected,
        actual: statusName(result.status),
        score: result.score ?? '-',
        time: result.time ?? 0,
      })}${detail}`;
      outcomes.push({ submission: s, state: good ? 'ok' : 'mismatch', line });
      out(line);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const count = (state: Outcome['state']) => outcomes.filter((o) => o.state === state).length;
  out(
    t('import.verify.summary', { ok: count('ok'), mismatch: count('mismatch'), skipped: count('skipped') }),
  );
  return count('mismatch') > 0 ? 1 : 0;
}
