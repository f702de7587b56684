/** Answers about contests: the types are the response schemas' (docs/architecture.md, Contracts on the wire). */

import type { z } from 'zod';
import type * as contests from '../schemas/responses/contests';

/** One award level of a contest (HOJ award_config entries). */
export type ContestAward = z.infer<typeof contests.contestAward>;
/** HOJ's ContestVO: what participants see (never the password). */
export type ContestVO = z.infer<typeof contests.contestVO>;
/** HOJ's AdminContestVO: everything, for the contest's admins. */
export type AdminContestVO = z.infer<typeof contests.adminContestVO>;
/** HOJ's ContestProblem row. */
export type ContestProblem = z.infer<typeof contests.contestProblem>;
/** A contest problem as participants list it: accepted and total submissions in the caller's window. */
export type ContestProblemVO = z.infer<typeof contests.contestProblemVO>;
/** A contest problem's detail: while the contest runs, the author, source and difficulty are withheld (null). */
export type ContestProblemDetail = z.infer<typeof contests.contestProblemDetail>;
/** A contest problem in the admin list, with the problem's own id and title. */
export type AdminContestProblemList = z.infer<typeof contests.adminContestProblemList>;
export type ContestAccess = z.infer<typeof contests.contestAccess>;
/** A row of the admin contest list: the participant view plus the visibility switch. */
export type AdminContestListItem = z.infer<typeof contests.adminContestListItem>;
