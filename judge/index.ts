/** Public API of the judge engine. */
export { type CompareOutcome, compareBuffers, compareFiles } from './compare';
export { errorResult, type JudgeOptions, judgeSubmission } from './judge-submission';
export { detectLanguages, findLanguage, type LanguageSpec } from './languages';
export { defaultBoxRoot } from './sandbox/boxes';
export { runInSandbox, type SandboxResult, type SandboxRunOptions } from './sandbox/driver';
export { sandboxProblem } from './sandbox/paths';
export type { CaseResult, JudgeHooks, JudgeResult, JudgeTask, TestCaseSpec } from './types';
