import type {
  ContestAuthValue,
  ContestStatusValue,
  ContestTypeValue,
  OiRankScoreType,
  PenaltyModeValue,
  RankShowName,
} from '../constants/contests';
import type { Problem, ProblemDetail } from './types';

/** One award level of a contest (HOJ award_config entries). */
export interface ContestAward {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/** HOJ's ContestVO: what participants see (never the password). */
export interface ContestVO {
  id: number;
  author: string;
  uid: string;
  title: string;
  type: ContestTypeValue;
  description: string;
  /** computed from the times: -1 scheduled, 0 running, 1 ended */
  status: ContestStatusValue;
  source: number;
  auth: ContestAuthValue;
  /** server time (ISO) */
  now: string;
  startTime: string;
  endTime: string;
  /** seconds */
  duration: number;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  openPrint: boolean;
  openRank: boolean;
  rankShowName: RankShowName;
  oiRankScoreType: OiRankScoreType;
  penaltyMode: PenaltyModeValue;
  allowEndSubmit: boolean;
  informedTitle: string | null;
  informed: string | null;
  /**
   * `description` and `informed` rendered and sanitised on the server (get-contest-info only; not
   * in HOJ: its clients ignore them)
   */
  descriptionHtml?: string;
  informedHtml?: string;
  /** number of registrations */
  count: number;
  gid: number | null;
}

/** HOJ's AdminContestVO: everything, for the contest's admins. */
export interface AdminContestVO extends ContestVO {
  pwd: string | null;
  visible: boolean;
  starAccount: string[];
  awardType: number;
  awardConfigList: ContestAward[];
  shortName: string | null;
  subheading: string | null;
  sponsor: string | null;
  coOrganizer: string | null;
  organizer: string | null;
  backgroundImage: string | null;
  /** submissions (and test runs) each participant may make at once, then one per submitRefillSeconds */
  submitBurst: number;
  submitRefillSeconds: number;
  gmtCreate: string;
  gmtModified: string;
}

/** HOJ's ContestProblem row. */
export interface ContestProblem {
  id: number;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** A contest problem as participants list it: accepted and total submissions in the caller's window. */
export interface ContestProblemVO extends ContestProblem {
  ac: number;
  total: number;
}

/**
 * A contest problem's detail (HOJ get-contest-problem-details): while the contest runs, the
 * author, source and difficulty are withheld (null).
 */
export type ContestProblemDetail = Omit<ProblemDetail, 'problem'> & {
  problem: Omit<Problem, 'author' | 'source' | 'difficulty'> & {
    author: string | null;
    source: string | null;
    difficulty: number | null;
  };
};

/** A contest problem in the admin list, with the problem's own id and title. */
export interface AdminContestProblem extends ContestProblem {
  problemId: string;
  title: string;
}

export interface ContestAccess {
  access: boolean;
}

/** A row of the admin contest list: the participant view plus the visibility switch. */
export interface AdminContestListItem extends ContestVO {
  visible: boolean;
}
