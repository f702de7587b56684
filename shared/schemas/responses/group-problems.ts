import { z } from 'zod';
import { problem, problemListItem, tag } from './problems';

/** Answers about a group's problems (docs/architecture.md, Group problems and judging). */

/**
 * GET /api/group/get-problem-list: HOJ's ProblemVO of a group's public problem, its counts of the
 * group's submissions, plus the caller's status on it (Verdict: AC wins, else the latest, -10 none).
 */
export const groupProblemListItem = problemListItem.extend({ myStatus: z.number() });

/** GET /api/group/get-admin-problem-list: HOJ's Problem entity with its request to be public. */
export const groupAdminProblem = problem.extend({
  /** null none, 1 asked, 2 agreed (public), 3 refused */
  applyPublicProgress: z.number().nullable(),
});

/** GET /api/group/get-all-problem-tags: the site's tags (gid null) and the group's own. */
export const groupTag = tag.extend({ gid: z.number().nullable() });

/** GET /api/admin/group-problem/list: a group's problem with its request to be public (HOJ's columns). */
export const applyPublicProblem = z.object({
  id: z.number(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  type: z.number(),
  judgeMode: z.string(),
  gid: z.number(),
  /** the group's name (Verdict: the console shows whose problem it is) */
  groupName: z.string().nullable(),
  applyPublicProgress: z.number(),
});
