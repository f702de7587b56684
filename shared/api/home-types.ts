import type { z } from 'zod';
import type * as home from '../schemas/responses/home';

/** HOJ RecentUpdatedProblemVO: a problem in the home page's recently updated list. */
export type RecentProblem = z.infer<typeof home.recentProblem>;

/** HOJ SubmissionStatisticsVO: the week's submissions per day, oldest first. */
export type SubmissionStatistics = z.infer<typeof home.submissionStatistics>;

/** HOJ RandomProblemVO. */
export type RandomProblem = z.infer<typeof home.randomProblem>;

/** HOJ's entry of another site's contest (always an empty list here). */
export type OtherContest = z.infer<typeof home.otherContest>;
