import { z } from 'zod';
import { isoTime } from './common';
import { contestVO } from './contests';

/** Answers of the home page calls (docs/architecture.md, Contracts on the wire; Ranks and home page). */

/** GET /api/get-recent-updated-problem: HOJ's RecentUpdatedProblemVO. */
export const recentProblem = z.object({
  id: z.number(),
  problemId: z.string(),
  title: z.string(),
  /** 0 ACM, 1 OI */
  type: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** GET /api/get-last-week-submission-statistics: HOJ's SubmissionStatisticsVO, oldest day first. */
export const submissionStatistics = z.object({
  /** MM-dd in the server's time zone */
  dateStrList: z.array(z.string()),
  acCountList: z.array(z.number()),
  totalCountList: z.array(z.number()),
});

/** GET /api/get-recent-contest: HOJ's ContestVO of contests not ended that start within 14 days. */
export const recentContest = contestVO;

/** GET /api/get-random-problem: HOJ's RandomProblemVO. */
export const randomProblem = z.object({ problemId: z.string() });

/**
 * GET /api/get-recent-other-contest: HOJ's entries of other sites' contests (read from a crawler
 * of those sites, which Verdict does not run: the list is always empty).
 */
export const otherContest = z.object({
  oj: z.string(),
  title: z.string(),
  beginTime: isoTime,
  endTime: isoTime,
  url: z.string(),
});
