/** Answers about submissions and their judging, shared by the server, the web app and the extension. */

import type { z } from 'zod';
import type * as submissions from '../schemas/responses/submissions';

/** A submission row (HOJ `judge`). */
export type Submission = z.infer<typeof submissions.submission>;

export type SubmissionListItem = z.infer<typeof submissions.submissionListItem>;

export type SubmissionDetail = z.infer<typeof submissions.submissionDetail>;

export type JudgeCase = z.infer<typeof submissions.judgeCase>;

export type SubtaskResult = z.infer<typeof submissions.subtaskResult>;

export type AllCaseResult = z.infer<typeof submissions.allCaseResult>;

/** GET /api/get-last-ac-code: the caller's latest Accepted code for a problem. */
export type LastAcCode = z.infer<typeof submissions.lastAcCode>;

/**
 * GET /api/get-wrong-case-info: whether the caller may download this submission's first failing
 * case and how many downloads are left today (UTC).
 */
export type WrongCaseInfo = z.infer<typeof submissions.wrongCaseInfo>;
