/** Answers about a group's problems, shared by the server and the web app. */
import type { z } from 'zod';
import type * as groupProblems from '../schemas/responses/group-problems';

/** GET /api/group/get-problem-list: a group's public problem with the caller's status. */
export type GroupProblemListItem = z.infer<typeof groupProblems.groupProblemListItem>;
/** GET /api/group/get-admin-problem-list: every problem of the group. */
export type GroupAdminProblem = z.infer<typeof groupProblems.groupAdminProblem>;
/** GET /api/group/get-all-problem-tags */
export type GroupTag = z.infer<typeof groupProblems.groupTag>;
/** GET /api/admin/group-problem/list */
export type ApplyPublicProblem = z.infer<typeof groupProblems.applyPublicProblem>;
