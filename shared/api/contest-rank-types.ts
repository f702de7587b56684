import type { ContestProblem, ContestVO } from './contest-types';

/** An ACM cell (HOJ submissionInfo entry); only problems the participant tried are present. */
export interface AcmRankCell {
  isAC: boolean;
  /** seconds from the start to the counted accept (ICPC mode: whole minutes, in seconds) */
  ACTime: number | null;
  /** rejected tries that cost penalty */
  errorNum: number;
  /** tries shown as pending: made after the seal (frozen) or not judged yet */
  tryNum: number;
  isFirstAC: boolean;
  isAfterContest: boolean;
  /** Verdict extension: the cell has tries hidden by the seal */
  isFrozen: boolean;
}

/** What every scoreboard row carries (HOJ ACMContestRankVO / OIContestRankVO). */
interface RankRowBase {
  /** 1-based, shared by ties; -1 for star (unofficial) participants */
  rank: number;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
  /** ACM: penalty in seconds; OI: sum of the fastest accepted run times (ms) */
  totalTime: number;
}

export interface AcmRankRow extends RankRowBase {
  ac: number;
  /** submissions the board counts */
  total: number;
  submissionInfo: Record<string, AcmRankCell>;
}

export interface OiRankRow extends RankRowBase {
  totalScore: number;
  /** display id → the problem's counted score */
  submissionInfo: Record<string, number>;
  /** display id → the fastest accepted run time (ms) */
  timeInfo: Record<string, number>;
}

export type ContestRankRow = AcmRankRow | OiRankRow;

/** HOJ GET /api/get-contest-outsize-info: what the public board page needs besides the rows. */
export interface ContestOutsideInfo {
  contest: ContestVO;
  problemList: ContestProblem[];
}
