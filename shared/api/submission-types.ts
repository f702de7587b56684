/** Answers about submissions and their judging, shared by the server, the web app and the extension. */

import type { z } from 'zod';
import type { judgeCaseMode } from '../schemas/responses/problems';

type JudgeCaseMode = z.infer<typeof judgeCaseMode>;

/** A submission row (HOJ `judge`). */
export interface Submission {
  submitId: number;
  pid: number;
  displayPid: string;
  /** contest display id when cid != 0 */
  displayId?: string | null;
  uid: string;
  username: string;
  realname?: string | null;
  title?: string;
  submitTime: string;
  status: number;
  share: boolean;
  errorMessage: string | null;
  time: number | null;
  memory: number | null;
  score: number | null;
  oiRankScore: number | null;
  length: number | null;
  code: string | null;
  language: string;
  cid: number;
  cpid: number;
  gid: number | null;
  judger: string | null;
  isManual: boolean;
}

export type SubmissionListItem = Omit<Submission, 'code' | 'errorMessage'>;

export interface SubmissionDetail {
  submission: Submission;
  codeShare: boolean;
}

export interface JudgeCase {
  seq: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  inputData?: string | null;
  outputData?: string | null;
  userOutput: string | null;
  groupNum: number | null;
  mode: string;
}

export interface SubtaskResult {
  groupNum: number;
  status: number;
  score: number | null;
  ac: number;
  total: number;
  time: number | null;
  memory: number | null;
  subtaskDetailList: JudgeCase[];
}

export interface AllCaseResult {
  judgeCaseMode: JudgeCaseMode;
  judgeCaseList: JudgeCase[] | null;
  subTaskJudgeCaseVoList: SubtaskResult[] | null;
}

/** GET /api/get-last-ac-code: the caller's latest Accepted code for a problem. */
export interface LastAcCode {
  submitId: number;
  code: string;
  language: string;
}

/**
 * GET /api/get-wrong-case-info: whether the caller may download this submission's first failing
 * case and how many downloads are left today (UTC).
 */
export interface WrongCaseInfo {
  /** the caller may download it now (a download is left) */
  downloadable: boolean;
  /** why not, in the caller's language; null when downloadable or when only the quota is used up */
  reason: string | null;
  /** seq of the first failing case; null when there is none to give */
  caseSeq: number | null;
  dailyLimit: number;
  remaining: number;
}
