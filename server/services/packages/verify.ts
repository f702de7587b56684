/**
 * Verification of a problem package: its own example submissions (Kattis `submissions/<verdict>/…`,
 * Polygon solutions with tags) judged against its test data, expected verdict against actual.
 * Shared by `npx verdict verify` (scripts/cli/verify.ts, the local judge) and the admin console's
 * Verify button (verify-jobs.ts, the server's in-process judge): the judge is passed in, so this
 * module knows neither.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeResult, JudgeTask, ProblemProgram } from '../../../judge/types';
import type { JudgeMode } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { importError, type PackageFiles } from './archive';
import { hydroRoots, parseHydro } from './hydro';
import { parseArchive } from './import';
import { kattisRoots } from './kattis';
import { polygonRoots } from './polygon';
import { parseQduoj, qduojRoots } from './qduoj';
import type { ExampleSubmission, ImportDefaults, ImportNotice, ParsedProblem, ParsedProgram } from './types';

/** Judges one submission: the local engine (CLI) or the server's in-process one. */
export type VerifyJudge = (task: JudgeTask) => Promise<JudgeResult>;

export type VerifyState = 'ok' | 'mismatch' | 'skipped';

/** The first case that did not pass, as the package names it. */
export interface FailedCase {
  seq: number;
  /** where the case came from in the package (data/secret/02) */
  name: string;
  /** the judge's per-case message (exit code, checker text); null when it gave none */
  message: string | null;
}

export interface VerifyResult {
  /** path inside the package (submissions/accepted/a.cpp) */
  path: string;
  /** judge language, null when the package's language is unknown here */
  language: string | null;
  /** the verdicts the package allows (JudgeStatus codes) */
  expected: number[];
  /** the final verdict; null when skipped */
  actual: number | null;
  score: number | null;
  /** ms; null when skipped or the judge measured none */
  time: number | null;
  state: VerifyState;
  /** why a submission was skipped (a locale key and its parameters) */
  reason?: ImportNotice;
  failedCase?: FailedCase;
  /** the first line of the judge's message (a compile error) when no case failed */
  message?: string;
}

export interface VerifyHeader {
  title: string;
  cases: number;
  judgeMode: JudgeMode;
  timeLimit: number;
  memoryLimit: number;
  /** the importer's notices about the package (locale keys) */
  notices: ImportNotice[];
}

export interface VerifyReport extends VerifyHeader {
  results: VerifyResult[];
}

type BaseTask = Omit<JudgeTask, 'submitId' | 'language' | 'code'>;

/**
 * A package ready to be judged: its cases written to a directory, the rest kept small (the
 * submissions' code and the cases' names), so a verification waiting its turn holds no test data
 * in memory.
 */
export interface PreparedVerification {
  header: VerifyHeader;
  submissions: ExampleSubmission[];
  caseNames: string[];
  base: BaseTask;
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

/**
 * The one problem of a Hydro, QDUOJ, Kattis or Polygon package, whichever it is. `name` names the package in
 * messages (the CLI's path, the upload's file name).
 */
export function packageProblem(pkg: PackageFiles, name: string, defaults: ImportDefaults): ParsedProblem {
  let problems: ParsedProblem[];
  if (hydroRoots(pkg).length > 0) problems = parseHydro(pkg);
  else if (qduojRoots(pkg).length > 0) problems = parseQduoj(pkg);
  else if (kattisRoots(pkg).length > 0) problems = parseArchive(pkg, 'kattis', name, defaults);
  else if (polygonRoots(pkg).length > 0) problems = parseArchive(pkg, 'polygon', name, defaults);
  else throw importError('verify.notAPackage', { path: name });
  const [problem] = problems;
  if (problems.length !== 1 || !problem) throw importError('verify.onePackage', { count: problems.length });
  return problem;
}

function programOf(p: ParsedProgram): ProblemProgram {
  const key = createHash('sha256')
    .update(JSON.stringify([p.protocol, p.language, p.code, p.extraFiles]))
    .digest('hex');
  return { ...p, key };
}

/** Writes the problem's cases into `dir` (which the caller owns and removes) and builds the task all submissions share. */
export async function prepareVerification(
  problem: ParsedProblem,
  dir: string,
): Promise<PreparedVerification> {
  const cases = [];
  for (const [k, c] of problem.cases.entries()) {
    const inputPath = join(dir, `${k + 1}.in`);
    const outputPath = join(dir, `${k + 1}.ans`);
    await writeFile(inputPath, c.input, { mode: 0o644 });
    await writeFile(outputPath, c.output, { mode: 0o644 });
    cases.push({ seq: k + 1, caseId: k + 1, inputPath, outputPath, score: c.score, groupNum: c.groupNum });
  }
  const program = problem.program ? programOf(problem.program) : null;
  const base: BaseTask = {
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
  return {
    header: {
      title: problem.title,
      cases: problem.cases.length,
      judgeMode: problem.judgeMode,
      timeLimit: problem.timeLimit,
      memoryLimit: problem.memoryLimit,
      notices: problem.notices,
    },
    submissions: problem.submissions,
    caseNames: problem.cases.map((c) => c.name),
    base,
  };
}

/** Why a submission is not judged, or null when it is. */
function skipReason(s: ExampleSubmission, languages: ReadonlySet<string>): ImportNotice | null {
  if (s.unsupported) return s.unsupported;
  if (s.expected.length === 0) return { key: 'import.verify.doNotRun' };
  if (!s.language || !languages.has(s.language))
    return { key: 'import.verify.languageUnavailable', params: { language: s.language ?? '?' } };
  return null;
}

/**
 * Judges every example submission in package order, one at a time (a verification must not take
 * more than one judge slot). `onResult` sees each result as it is made (the CLI prints it, a job
 * counts it).
 */
export async function runVerification(
  prepared: PreparedVerification,
  deps: { judge: VerifyJudge; languages: ReadonlySet<string> },
  onResult?: (result: VerifyResult, index: number) => void | Promise<void>,
): Promise<VerifyReport> {
  const results: VerifyResult[] = [];
  for (const [k, s] of prepared.submissions.entries()) {
    const head = { path: s.path, language: s.language, expected: s.expected };
    const reason = skipReason(s, deps.languages);
    let result: VerifyResult;
    if (reason) {
      result = { ...head, actual: null, score: null, time: null, state: 'skipped', reason };
    } else {
      const language = s.language as string;
      // a Java program is judged as written: the judge runs the class it declares
      const judged = await deps.judge({ ...prepared.base, submitId: k + 1, language, code: s.code });
      const good = matches(
        s.expected,
        judged.status,
        judged.cases.map((c) => c.status),
      );
      result = {
        ...head,
        actual: judged.status,
        score: judged.score,
        time: judged.time,
        state: good ? 'ok' : 'mismatch',
      };
      const failed = judged.cases.find((c) => c.status !== JudgeStatus.ACCEPTED);
      if (failed) {
        result.failedCase = {
          seq: failed.seq,
          name: prepared.caseNames[failed.seq - 1] ?? '',
          message: failed.userOutput,
        };
      } else if (judged.errorMessage) {
        result.message = judged.errorMessage.split('\n')[0] ?? '';
      }
    }
    results.push(result);
    await onResult?.(result, k);
  }
  return { ...prepared.header, results };
}

/** How many results are in each state. */
export function countStates(results: readonly VerifyResult[]): Record<VerifyState, number> {
  const counts = { ok: 0, mismatch: 0, skipped: 0 };
  for (const r of results) counts[r.state]++;
  return counts;
}
