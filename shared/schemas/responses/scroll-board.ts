import { z } from 'zod';
import { isoTime } from './common';

/**
 * The scroll board (ICPC-resolver style rolling of a frozen ACM board, as HOJ's): the contest's shape and
 * every submission of the contest, from which the client rebuilds the frozen board and reveals it step by
 * step (docs/architecture.md, Contracts on the wire).
 */

/** How a submission counts on the board. */
export const scrollOutcome = z.enum(['solved', 'rejected', 'noPenalty', 'pending']);

export const scrollBoardProblem = z.object({
  displayId: z.string(),
  /** balloon colour (#rrggbb), null when unset */
  color: z.string().nullable(),
});

export const scrollBoardInfo = z.object({
  id: z.number(),
  title: z.string(),
  /** username | nickname | realname: which name a row shows */
  rankShowName: z.string(),
  problemCount: z.number(),
  /** in board order */
  problems: z.array(scrollBoardProblem),
  /** displayId → colour (HOJ field) */
  balloonColor: z.record(z.string(), z.string()),
  startTime: isoTime,
  endTime: isoTime,
  /** start of the frozen period (ISO) */
  sealRankTime: isoTime,
  /** usernames of the star (unofficial) participants */
  starUserList: z.array(z.string()),
  /** 'hoj-seconds' (sum of accept seconds) or 'icpc-minutes' (accept minute per problem, last-accept tie-break) */
  penaltyMode: z.enum(['hoj-seconds', 'icpc-minutes']),
  /** minutes added per rejected try on a solved problem */
  penaltyMinutes: z.number(),
  /** the contest was imported from an ICPC event feed (teams are the feed's teams) */
  imported: z.boolean(),
});

export const scrollBoardSubmission = z.object({
  /** user uuid, or the feed's team id for an imported contest */
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  school: z.string().nullable(),
  submitId: z.number(),
  /** HOJ judge status code */
  status: z.number(),
  /** the verdict's short id (AC, WA, ... or the feed's judgement type id), null while not judged */
  verdict: z.string().nullable(),
  outcome: scrollOutcome,
  /** ISO */
  submitTime: isoTime,
  displayId: z.string(),
  /** milliseconds since the contest start */
  time: z.number(),
});
