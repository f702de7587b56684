import { z } from 'zod';
import {
  ContestAuth,
  ContestStatus,
  ContestType,
  OI_RANK_SCORE_TYPES,
  PENALTY_MODES,
  RANK_SHOW_NAMES,
} from '../../constants/contests';
import { isoTime, page } from './common';
import { problem, problemDetail } from './problems';

/** Answers about contests: the contest, its problems (docs/architecture.md, Contracts on the wire). */

export const contestType = z.literal([ContestType.ACM, ContestType.OI]);
export const contestAuth = z.literal([ContestAuth.PUBLIC, ContestAuth.PRIVATE, ContestAuth.PROTECTED]);
export const contestStatus = z.literal([ContestStatus.SCHEDULED, ContestStatus.RUNNING, ContestStatus.ENDED]);
export const oiRankScoreType = z.enum(OI_RANK_SCORE_TYPES);
export const penaltyMode = z.enum(PENALTY_MODES);
export const rankShowName = z.enum(RANK_SHOW_NAMES);

/** One award level of a contest (HOJ award_config entries). */
export const contestAward = z.object({
  priority: z.number(),
  name: z.string(),
  background: z.string(),
  color: z.string(),
  num: z.number(),
});

/** HOJ's ContestVO: what participants see (never the password). */
export const contestVO = z.object({
  id: z.number(),
  author: z.string(),
  uid: z.string(),
  title: z.string(),
  type: contestType,
  description: z.string(),
  /** computed from the times: -1 scheduled, 0 running, 1 ended */
  status: contestStatus,
  source: z.number(),
  auth: contestAuth,
  /** server time (ISO) */
  now: isoTime,
  startTime: isoTime,
  endTime: isoTime,
  /** seconds */
  duration: z.number(),
  sealRank: z.boolean(),
  sealRankTime: isoTime.nullable(),
  autoRealRank: z.boolean(),
  openPrint: z.boolean(),
  openRank: z.boolean(),
  rankShowName,
  oiRankScoreType,
  penaltyMode,
  allowEndSubmit: z.boolean(),
  informedTitle: z.string().nullable(),
  informed: z.string().nullable(),
  /**
   * `description` and `informed` rendered and sanitised on the server (get-contest-info only; not
   * in HOJ: its clients ignore them)
   */
  descriptionHtml: z.string().optional(),
  informedHtml: z.string().optional(),
  /** number of registrations */
  count: z.number(),
  gid: z.number().nullable(),
});

/** HOJ's ContestProblem row. */
export const contestProblem = z.object({
  id: z.number(),
  cid: z.number(),
  pid: z.number(),
  displayId: z.string(),
  displayTitle: z.string(),
  color: z.string().nullable(),
});

/** HOJ's AdminContestVO: everything, for the contest's admins. */
export const adminContestVO = contestVO.extend({
  pwd: z.string().nullable(),
  visible: z.boolean(),
  starAccount: z.array(z.string()),
  awardType: z.number(),
  awardConfigList: z.array(contestAward),
  shortName: z.string().nullable(),
  subheading: z.string().nullable(),
  sponsor: z.string().nullable(),
  coOrganizer: z.string().nullable(),
  organizer: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  /** submissions (and test runs) each participant may make at once, then one per submitRefillSeconds */
  submitBurst: z.number(),
  submitRefillSeconds: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** A row of the admin contest list: the participant view plus the visibility switch. */
export const adminContestListItem = contestVO.extend({ visible: z.boolean() });

/** A contest problem as participants list it: accepted and total submissions in the caller's window. */
export const contestProblemVO = contestProblem.extend({ ac: z.number(), total: z.number() });

/**
 * A contest problem's detail (HOJ get-contest-problem-details): while the contest runs, the
 * author, source and difficulty are withheld (null).
 */
export const contestProblemDetail = problemDetail.extend({
  problem: problem.extend({
    author: z.string().nullable(),
    source: z.string().nullable(),
    difficulty: z.number().nullable(),
  }),
});

/** A contest problem in the admin list, with the problem's own id and title. */
/**
 * HOJ GET /api/admin/contest/get-problem-list: a page of problems (the contest's, or with
 * `problemType` the ones that could be added) and the contest's problems by problem id.
 */
export const adminContestProblemList = z.object({
  problemList: page(problem),
  contestProblemMap: z.record(z.string(), contestProblem),
});

export const contestAccess = z.object({ access: z.boolean() });
