/**
 * The contract between the judge engine and whoever feeds it (the in-process worker of the
 * server, or a remote judge daemon). The judge never imports server code.
 */
import type { JudgeCaseMode, JudgeMode } from '../shared/api/types';

export interface TestCaseSpec {
  /** 1-based position in the problem's case list */
  seq: number;
  /** id of the problem_case row (reported back) */
  caseId: number;
  /** absolute host paths of the case's input and expected output (read by the judge, never by the program) */
  inputPath: string;
  outputPath: string;
  /** OI score of the case */
  score: number;
  groupNum: number | null;
}

/** Checker or interactor protocol (docs/judge.md, Special judge). */
export type CheckerProtocol = 'testlib' | 'hoj' | 'kattis';

/** A program the problem supplies: special judge checker or interactor. */
export interface ProblemProgram {
  protocol: CheckerProtocol;
  /** language name from the language table (C, C++, Python3 ...) */
  language: string;
  code: string;
  /** files placed next to the source when compiling (testlib.h ...): name → content */
  extraFiles: Record<string, string>;
  /** changes whenever code, language or extra files change: the compiled program is cached by it */
  key: string;
}

export interface JudgeTask {
  submitId: number;
  /** language name exactly as in the language table (C, C++, Python3 ...) */
  language: string;
  code: string;
  /** the problem's limits before any language factor: ms and MB */
  timeLimit: number;
  memoryLimit: number;
  /** MB; defaults to the memory limit */
  stackLimit?: number;
  /** 0 ACM, 1 OI (the problem's type, as HOJ) */
  problemType: number;
  ioScore: number;
  difficulty: number;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  isRemoveEndBlank: boolean;
  cases: TestCaseSpec[];
  /** judgeMode 'spj' */
  checker?: ProblemProgram | null;
  /** judgeMode 'interactive' */
  interactor?: ProblemProgram | null;
  /**
   * Kattis default output validator flags for judgeMode 'default' (e.g. "float_tolerance 1e-6
   * case_sensitive space_change_sensitive"; "" = Kattis defaults); null: HOJ's comparison (remove-end-blank / PE rule).
   */
  validatorFlags?: string | null;
  /** file IO problems: the program reads inputName and writes outputName in its working directory */
  fileIO?: { inputName: string; outputName: string } | null;
  /** files placed next to the contestant's source: name → content */
  userExtraFiles?: Record<string, string>;
}

/** An online test run (HOJ's submit-problem-test-judge): one run on the user's input. */
export interface TestRunTask {
  language: string;
  code: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit?: number;
  /** at most 1000 characters (LIMITS.testInputMaxLength); the judge appends a newline */
  input: string;
  /** compared like the problem's output when given; absent: AC when the program ran fine */
  expectedOutput: string | null;
  isRemoveEndBlank: boolean;
  fileIO?: { inputName: string; outputName: string } | null;
  userExtraFiles?: Record<string, string>;
}

/** HOJ's test-judge result (problemJudgeMode is added by the server). */
export interface TestRunResult {
  status: number;
  /** ms */
  time: number | null;
  /** KB */
  memory: number | null;
  /** stdout, cut to 1000 characters + "..." */
  userOutput: string;
  /** stderr and the verdict's message (compile errors included) */
  stderr: string;
}

export interface CaseResult {
  seq: number;
  caseId: number;
  status: number;
  /** CPU time in ms */
  time: number;
  /** peak memory in KB */
  memory: number;
  score: number;
  /** per-case message: exit code, signal, checker text ... (HOJ stores it in user_output) */
  userOutput: string | null;
  groupNum: number | null;
}

export interface JudgeResult {
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  oiRankScore: number | null;
  errorMessage: string | null;
  cases: CaseResult[];
}

export interface JudgeHooks {
  /** compilation starts (status 6) */
  onCompiling?(): void | Promise<void>;
  /** compilation done, cases start (status 7) */
  onJudging?(): void | Promise<void>;
  /** one case finished */
  onCase?(result: CaseResult): void | Promise<void>;
}
