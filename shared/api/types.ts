/**
 * Wire shapes of HOJ's HTTP API (docs/architecture.md, Wire format), shared by the server (which
 * produces them), the web app and the extension (which consume them).
 */

import type { z } from 'zod';
import type * as account from '../schemas/responses/account';
import type * as problems from '../schemas/responses/problems';

/* Answers with a response schema: the type is the schema's (docs/architecture.md, Contracts on the wire). */
export type { ApiEnvelope, Page } from '../schemas/responses/common';
export type Language = z.infer<typeof problems.language>;
export type Tag = z.infer<typeof problems.tag>;
export type ProblemCounts = z.infer<typeof problems.problemCounts>;
export type ProblemListItem = z.infer<typeof problems.problemListItem>;
export type JudgeMode = z.infer<typeof problems.judgeMode>;
export type JudgeCaseMode = z.infer<typeof problems.judgeCaseMode>;
export type Problem = z.infer<typeof problems.problem>;
export type ProblemDetail = z.infer<typeof problems.problemDetail>;
export type StatementHtml = z.infer<typeof problems.statementHtml>;
export type LimitFactor = z.infer<typeof problems.limitFactor>;
export type TagClassification = z.infer<typeof problems.tagClassification>;
export type TagGroup = z.infer<typeof problems.tagGroup>;
export type UserProblemStatus = z.infer<typeof problems.userProblemStatus>;
export type Discussion = z.infer<typeof problems.discussion>;
export type ProblemAnnexFile = z.infer<typeof problems.problemAnnexFile>;

export type UserInfo = z.infer<typeof account.userInfo>;
export type AuthInfo = z.infer<typeof account.authInfo>;

export type * from './site-types';
export type * from './submission-types';
