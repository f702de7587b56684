import { z } from 'zod';
import { ApplyPublicProgress } from '../constants/groups';
import { PROBLEM_AUTHS, type ProblemAuthValue } from '../constants/problems';
import { pageQuery, queryBool } from './api';
import { dbId } from './db-int';
import { problemDtoBody, problemEntityBody } from './problem-admin';

/**
 * Requests of a group's problems at HOJ's paths (HOJ's GroupProblemController, its admin
 * AdminGroupProblemController; docs/architecture.md, Group problems and judging). HOJ sends the
 * PUT calls' parameters in the query string.
 */

/** Message keys of these calls (locales/*.json, section `groupProblem`). */
export const GROUP_PROBLEM_MESSAGES = {
  gidRequired: 'groupProblem.gidRequired',
  pidRequired: 'groupProblem.pidRequired',
  authInvalid: 'problemAccess.authInvalid',
  progressInvalid: 'groupProblem.progressInvalid',
  isAppliedRequired: 'groupProblem.isAppliedRequired',
} as const;
const M = GROUP_PROBLEM_MESSAGES;

const gid = dbId(M.gidRequired);
const pid = dbId(M.pidRequired);

/** GET /api/group/get-problem-list and get-admin-problem-list (HOJ: 10 a page). */
export const groupProblemListQuery = pageQuery.extend({ gid });
/** What a client sends (the schema also takes the numbers as text). */
export interface GroupProblemListQuery {
  gid: number;
  currentPage?: number;
  limit?: number;
}

/** GET /api/group/get-all-problem-tags; POST /api/group/compile-spj and compile-interactive (query). */
export const groupIdQuery = z.object({ gid });

/** GET / DELETE /api/group/problem */
export const groupProblemIdQuery = z.object({ pid });

/** GET /api/group/get-problem-cases (HOJ's isUpload only orders its list; the cases come by number here). */
export const groupProblemCasesQuery = z.object({ pid, isUpload: queryBool.optional() });

/** PUT /api/group/change-problem-auth?pid=&auth= */
export const changeGroupProblemAuthQuery = z.object({
  pid,
  auth: z.coerce
    .number({ error: M.authInvalid })
    .refine((v) => (PROBLEM_AUTHS as readonly number[]).includes(v), M.authInvalid)
    .transform((v) => v as ProblemAuthValue),
});

/** PUT /api/group/apply-public?pid=&isApplied= (true: ask root to publish it; false: withdraw). */
export const applyGroupProblemPublicQuery = z.object({
  pid,
  isApplied: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: M.isAppliedRequired })
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/**
 * POST / PUT /api/group/problem: HOJ's ProblemDto as the console's editor sends it, with the
 * group (`problem.gid`) on a new problem. `problem.problemId` is the part after the group's short
 * name, which the server puts in front (HOJ).
 */
export const groupProblemDtoBody = problemDtoBody.extend({
  problem: problemEntityBody.extend({ gid: gid.optional().nullable() }),
});
export type GroupProblemDtoForm = z.input<typeof groupProblemDtoBody>;
export type GroupProblemDto = z.output<typeof groupProblemDtoBody>;

/** POST /api/file/upload-testcase-zip: `?gid=` when a group's admin uploads for their group (HOJ). */
export const testdataUploadQuery = z.object({ gid: gid.optional() });

const progress = z.coerce
  .number({ error: M.progressInvalid })
  .int(M.progressInvalid)
  .min(ApplyPublicProgress.APPLIED, M.progressInvalid)
  .max(ApplyPublicProgress.REFUSED, M.progressInvalid);

/**
 * GET /api/admin/group-problem/list: the group problems asking to be public (HOJ: 10 a page);
 * `progress` keeps one state (Verdict's: the console lists the open requests apart).
 */
export const adminGroupProblemListQuery = pageQuery.extend({
  keyword: z.string().trim().max(255).optional(),
  gid: gid.optional(),
  progress: z.preprocess((v) => (v === '' ? undefined : v), progress.optional()),
});
export interface AdminGroupProblemListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  gid?: number;
  progress?: number;
}

/** PUT /api/admin/group-problem/change-progress: HOJ's ChangeGroupProblemProgressDTO. */
export const changeGroupProblemProgressBody = z.object({
  pid,
  progress,
  /** HOJ's remote problems only; Verdict has none */
  problemId: z.string().max(255).optional().nullable(),
});
export interface ChangeGroupProblemProgressForm {
  pid: number;
  progress: number;
  problemId?: string | null;
}
