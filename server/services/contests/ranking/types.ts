/**
 * Plain data of the contest ranking engine: no database, no HTTP.
 * All times are milliseconds since the contest start unless a field says otherwise.
 */

export type ContestRuleType = 'ACM' | 'OI';

/**
 * 'hoj-seconds': accept time in whole seconds + the penalty for every earlier counted try, summed (HOJ).
 * 'icpc-minutes': each solved problem's accept time floored to the minute, then the penalty added (ICPC);
 * ties are then broken by the minute of the last accepted problem.
 */
export type PenaltyMode = 'hoj-seconds' | 'icpc-minutes';

export type OiScoreMode = 'Recent' | 'Highest';

/** What a verdict does on the board. Verdicts absent from the table cost nothing and solve nothing. */
export interface VerdictEffect {
  penalty: boolean;
  solved: boolean;
  /** A verdict that is not a final judgement (queued, judging, judging error): shown as a pending try. */
  pending?: boolean;
}

export type VerdictTable = Readonly<Record<string, VerdictEffect>>;

export interface AwardLevel {
  name: string;
  background: string;
  color: string;
  /** A percentage of the non-star participants (floored) for 'percent', a number of rows for 'count'. */
  num: number;
}

export type AwardSettings =
  | { type: 'none' }
  | { type: 'percent'; levels: readonly AwardLevel[] }
  | { type: 'count'; levels: readonly AwardLevel[] };

export interface RankingSettings {
  type: ContestRuleType;
  /** ISO start time; informational, all submission times are relative to it. */
  startTime?: string;
  /** Start of the frozen period (ms since start), or null when the board is never sealed. */
  sealRankTime: number | null;
  /** Whether the viewer of this board sees it sealed (frozen) or live. */
  sealed: boolean;
  penaltyMode?: PenaltyMode;
  /** Minutes added per counted rejected try; 20 by default. */
  penaltyMinutes?: number;
  /** Verdict code → effect; defaults to HOJ's table (see verdicts.ts). */
  verdicts?: VerdictTable;
  oiScoreMode?: OiScoreMode;
  /** Star (unofficial) participants: rank -1, take no rank number and no award. */
  starUids?: readonly string[];
  awards?: AwardSettings;
  /** Count submissions made after the end (HOJ containsEnd); otherwise they are left out entirely. */
  includeAfterContest?: boolean;
}

export interface RankingParticipant {
  uid: string;
  /** Display name, used to order rows that share a rank. */
  name?: string;
}

export interface RankingSubmission {
  uid: string;
  /** The contest problem's display id. */
  problem: string;
  /** Milliseconds since the contest start. */
  time: number;
  /** Verdict code (a key of the verdict table), or null while not judged. */
  verdict: string | null;
  /** OI score of this submission. */
  score?: number | null;
  /** OI: run time in ms of an accepted submission (ties are broken by the sum of the smallest per problem). */
  useTime?: number | null;
  afterContest?: boolean;
}

export interface RankingInput {
  settings: RankingSettings;
  /** Display ids, in board order. */
  problems: readonly string[];
  /** Participants who appear even without submissions; submitters missing here are added. */
  participants?: readonly RankingParticipant[];
  submissions: readonly RankingSubmission[];
}

export interface ProblemCell {
  isAC: boolean;
  /** Seconds; in 'icpc-minutes' mode floored to the minute. Null when not solved. */
  ACTime: number | null;
  /** Milliseconds since the start of the counted accept (ACM), or of the first accept (OI); null when not solved. */
  acMs: number | null;
  /** Counted rejected tries (before the accept, if any). */
  errorNum: number;
  /** Tries shown as pending: made after the seal for a sealed viewer, or not judged yet. */
  tryNum: number;
  /** True when the cell has tries hidden by the seal. */
  isFrozen: boolean;
  isFirstAC: boolean;
  isAfterContest: boolean;
  /** OI: the chosen score of this problem, null when nothing was judged. */
  score: number | null;
  /** OI: smallest run time (ms) of an accepted submission. */
  useTime: number | null;
}

export interface ScoreboardRow {
  uid: string;
  name: string;
  /** 1-based; -1 for star participants. Tied rows share the rank and leave gaps (1, 1, 3). */
  rank: number;
  isStar: boolean;
  ac: number;
  /** ACM: penalty in seconds. OI: sum of the smallest accepted run times (ms). */
  totalTime: number;
  totalScore: number;
  submissionInfo: Record<string, ProblemCell>;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
}
