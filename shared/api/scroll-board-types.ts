/**
 * The scroll board (ICPC-resolver style rolling of a frozen ACM board, as HOJ's): the contest's shape and
 * every submission of the contest, from which the client rebuilds the frozen board and reveals it step by
 * step.
 */

/** How a submission counts on the board. */
export type ScrollOutcome = 'solved' | 'rejected' | 'noPenalty' | 'pending';

export interface ScrollBoardProblem {
  displayId: string;
  /** balloon colour (#rrggbb), null when unset */
  color: string | null;
}

export interface ScrollBoardInfo {
  id: number;
  title: string;
  /** username | nickname | realname: which name a row shows */
  rankShowName: string;
  problemCount: number;
  /** in board order */
  problems: ScrollBoardProblem[];
  /** displayId → colour (HOJ field) */
  balloonColor: Record<string, string>;
  startTime: string;
  endTime: string;
  /** start of the frozen period (ISO) */
  sealRankTime: string;
  /** usernames of the star (unofficial) participants */
  starUserList: string[];
  /** 'hoj-seconds' (sum of accept seconds) or 'icpc-minutes' (accept minute per problem, last-accept tie-break) */
  penaltyMode: 'hoj-seconds' | 'icpc-minutes';
  /** minutes added per rejected try on a solved problem */
  penaltyMinutes: number;
  /** the contest was imported from an ICPC event feed (teams are the feed's teams) */
  imported: boolean;
}

export interface ScrollBoardSubmission {
  /** user uuid, or the feed's team id for an imported contest */
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  submitId: number;
  /** HOJ judge status code */
  status: number;
  /** the verdict's short id (AC, WA, ... or the feed's judgement type id), null while not judged */
  verdict: string | null;
  outcome: ScrollOutcome;
  /** ISO */
  submitTime: string;
  displayId: string;
  /** milliseconds since the contest start */
  time: number;
}
