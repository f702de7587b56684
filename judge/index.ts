/** Public API of the judge engine. */
export {
  type CheckerExit,
  type CheckerVerdict,
  decodeHoj,
  decodeKattis,
  decodeTestlib,
  type KattisFeedback,
} from './checker-protocols';
export { type CompareOutcome, compareBuffers, compareFiles } from './compare';
export { errorResult } from './error-results';
export { type JudgeOptions, judgeSubmission, type ProgramEvent } from './judge-submission';
export { detectLanguages, findLanguage, type LanguageSpec } from './languages';
export {
  type CompiledProgram,
  type PrepareOutcome,
  type ProgramCacheOptions,
  prepareProgram,
  programCacheDir,
} from './programs';
export { defaultBoxRoot } from './sandbox/boxes';
export {
  type Mount,
  type PairResult,
  type PairSide,
  runInSandbox,
  runPairInSandbox,
  type SandboxResult,
  type SandboxRunOptions,
} from './sandbox/driver';
export { sandboxProblem } from './sandbox/paths';
export {
  type BoxOptions,
  type BoxRunOptions,
  PersistentSandbox,
} from './sandbox/persistent';
export { oiScore } from './scoring';
export { TEST_OUTPUT_CHARS, type TestRunOptions, testRun } from './test-run';
export { compareTokenFiles, compareTokens, type TokenVerdict } from './token-compare';
export type {
  CaseResult,
  CheckerProtocol,
  JudgeHooks,
  JudgeResult,
  JudgeTask,
  ProblemProgram,
  TestCaseSpec,
  TestRunResult,
  TestRunTask,
} from './types';
export { parseValidatorFlags, type ValidatorFlags, ValidatorFlagsError } from './validator-flags';
