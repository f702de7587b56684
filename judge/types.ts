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
