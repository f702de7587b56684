import { z } from 'zod';
import { isoTime } from './common';
import { judgeCaseMode } from './problems';

/**
 * Answers about submissions and their judging: the submission, its list and case results, test
 * runs, the judge operations of admins (docs/architecture.md, Contracts on the wire).
 */

/** A submission row (HOJ `judge`). */
export const submission = z.object({
  submitId: z.number(),
  pid: z.number(),
  displayPid: z.string(),
  /** contest display id when cid != 0 */
  displayId: z.string().nullable().optional(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable().optional(),
  title: z.string().optional(),
  submitTime: isoTime,
  status: z.number(),
  share: z.boolean(),
  errorMessage: z.string().nullable(),
  time: z.number().nullable(),
  memory: z.number().nullable(),
  score: z.number().nullable(),
  oiRankScore: z.number().nullable(),
  length: z.number().nullable(),
  code: z.string().nullable(),
  language: z.string(),
  cid: z.number(),
  cpid: z.number(),
  gid: z.number().nullable(),
  judger: z.string().nullable(),
  isManual: z.boolean(),
  /** while waiting for a judge: its place in the queue (1 = next); absent otherwise (HOJ clients ignore it) */
  queuePosition: z.number().optional(),
  /** while waiting: estimated seconds until the verdict; null when no judge is running */
  queueEtaSeconds: z.number().nullable().optional(),
});

/** A submission as lists and polling give it: without its code and message. */
export const submissionListItem = submission.omit({ code: true, errorMessage: true });

/** GET /api/get-submission-detail */
export const submissionDetail = z.object({
  submission,
  codeShare: z.boolean(),
});

/** One test case's result. */
export const judgeCase = z.object({
  seq: z.number(),
  status: z.number(),
  time: z.number().nullable(),
  memory: z.number().nullable(),
  score: z.number().nullable(),
  /** the case's input file name; admins only */
  inputData: z.string().nullable().optional(),
  /** the case's output file name; admins only */
  outputData: z.string().nullable().optional(),
  userOutput: z.string().nullable(),
  groupNum: z.number().nullable(),
  mode: z.string(),
});

/** The cases of one subtask, with the subtask's verdict (the subtask judge case modes). */
export const subtaskResult = z.object({
  groupNum: z.number(),
  status: z.number(),
  score: z.number().nullable(),
  ac: z.number(),
  total: z.number(),
  time: z.number().nullable(),
  memory: z.number().nullable(),
  subtaskDetailList: z.array(judgeCase),
});

/**
 * GET /api/get-all-case-result: the cases as a flat list, or grouped by subtask when the problem
 * scores by subtask (the other list is null).
 */
export const allCaseResult = z.object({
  judgeCaseMode,
  judgeCaseList: z.array(judgeCase).nullable(),
  subTaskJudgeCaseVoList: z.array(subtaskResult).nullable(),
});

/** GET /api/get-last-ac-code: the caller's latest Accepted code for a problem. */
export const lastAcCode = z.object({
  submitId: z.number(),
  code: z.string(),
  language: z.string(),
});

/**
 * GET /api/get-wrong-case-info: whether the caller may download this submission's first failing
 * case and how many downloads are left today (UTC).
 */
export const wrongCaseInfo = z.object({
  /** the caller may download it now (a download is left) */
  downloadable: z.boolean(),
  /** why not, in the caller's language; null when downloadable or when only the quota is used up */
  reason: z.string().nullable(),
  /** seq of the first failing case; null when there is none to give */
  caseSeq: z.number().nullable(),
  dailyLimit: z.number(),
  remaining: z.number(),
});

/** HOJ's test-judge result; while the run waits or runs only `{status: 5}`. */
export const testJudgeResult = z.object({
  status: z.number(),
  /** ms */
  time: z.number().nullable().optional(),
  /** KB */
  memory: z.number().nullable().optional(),
  /** stderr and the verdict's message (compile errors included) */
  stderr: z.string().nullable().optional(),
  userInput: z.string().optional(),
  expectedOutput: z.string().nullable().optional(),
  userOutput: z.string().nullable().optional(),
  problemJudgeMode: z.string().optional(),
});

/** HOJ GET /api/admin/judge/manual-judge: the verdict set. */
export const manualJudgeResult = z.object({
  submitId: z.number(),
  judger: z.string().nullable(),
  status: z.number(),
  score: z.number().nullable(),
  oiRankScore: z.number().nullable(),
});
