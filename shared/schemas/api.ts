import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { codeSchema, M } from './forms';

/**
 * Request schemas of the HOJ endpoints (query strings and bodies), shared by the server's routes
 * and by tests. HOJ clients send booleans and numbers in query strings as text.
 */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

const optionalInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().optional(),
);

export const pageQuery = z.object({
  currentPage: optionalInt,
  limit: optionalInt,
});

export const problemListQuery = pageQuery.extend({
  keyword: z.string().max(255).optional(),
  difficulty: optionalInt,
});

export const problemDetailQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  gid: optionalInt,
});

export const submissionListQuery = pageQuery.extend({
  onlyMine: queryBool.optional(),
  status: optionalInt,
  problemID: z.string().max(255).optional(),
  username: z.string().max(255).optional(),
  completeProblemID: queryBool.optional(),
  gid: optionalInt,
});

export const submitIdQuery = z.object({
  submitId: z.coerce.number().int().positive(),
});

export const checkStatusBody = z.object({
  submitIds: z.array(z.coerce.number().int().positive()).max(100),
  cid: optionalInt,
});

export const languagesQuery = z.object({
  pid: optionalInt,
  all: queryBool.optional(),
});

/** What a client sends (numbers and booleans as such; the schemas also accept them as text). */
export interface ProblemListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  difficulty?: number;
}
export interface SubmissionListQuery {
  currentPage?: number;
  limit?: number;
  onlyMine?: boolean;
  status?: number;
  problemID?: string;
  username?: string;
  completeProblemID?: boolean;
  gid?: number;
}
/** What the server works with after parsing. */
export type ProblemListParams = z.output<typeof problemListQuery>;
export type SubmissionListParams = z.output<typeof submissionListQuery>;

/* ---- Test runs and judge operations (issue 3) ---- */

/** Message keys of the test-run rules (locales/*.json, section `judgeOps`). */
export const TEST_RUN_MESSAGES = {
  inputRequired: 'judgeOps.testInputRequired',
  inputTooLong: 'judgeOps.testInputTooLong',
  expectedTooLong: 'judgeOps.expectedOutputTooLong',
  badType: 'judgeOps.badTestType',
} as const;

/** HOJ POST /api/submit-problem-test-judge: pid is the numeric problem id. */
export const testJudgeBody = z.object({
  pid: z.coerce.number({ error: M.problemRequired }).int().positive(M.problemRequired),
  language: z.string({ error: M.languageRequired }).trim().min(1, M.languageRequired),
  code: codeSchema,
  type: z.enum(['public', 'contest', 'group'], { error: TEST_RUN_MESSAGES.badType }).default('public'),
  userInput: z
    .string({ error: TEST_RUN_MESSAGES.inputRequired })
    .min(1, TEST_RUN_MESSAGES.inputRequired)
    .max(LIMITS.testInputMaxLength, TEST_RUN_MESSAGES.inputTooLong),
  expectedOutput: z
    .string()
    .max(LIMITS.codeMaxLength, TEST_RUN_MESSAGES.expectedTooLong)
    .optional()
    .nullable(),
  /** CodeMirror mime of the editor (HOJ maps it to a language for remote problems) */
  mode: z.string().max(255).optional().nullable(),
  isRemoteJudge: z.boolean().optional().nullable(),
  cid: optionalInt,
  gid: optionalInt,
});
export type TestJudgeForm = z.input<typeof testJudgeBody>;
export type TestJudgeParams = z.output<typeof testJudgeBody>;

export const testJudgeResultQuery = z.object({
  testJudgeKey: z.string().trim().min(1).max(64),
});

/** Spec §3 test-judge result; while the run waits or runs only `{status: 5}`. */
export interface TestJudgeResult {
  status: number;
  time?: number | null;
  memory?: number | null;
  stderr?: string | null;
  userInput?: string;
  expectedOutput?: string | null;
  userOutput?: string | null;
  problemJudgeMode?: string;
}

/** HOJ GET /api/admin/judge/manual-judge */
export const manualJudgeQuery = z.object({
  submitId: z.coerce.number().int().positive(),
  status: z.coerce.number().int(),
  score: optionalInt,
});
export type ManualJudgeParams = z.output<typeof manualJudgeQuery>;

export interface ManualJudgeResult {
  submitId: number;
  judger: string | null;
  status: number;
  score: number | null;
  oiRankScore: number | null;
}
