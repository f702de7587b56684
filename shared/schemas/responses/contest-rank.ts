import { z } from 'zod';
import { contestProblem, contestVO } from './contests';

/** Answers of the contest scoreboards (docs/architecture.md, Contracts on the wire). */

/** An ACM cell (HOJ submissionInfo entry); only problems the participant tried are present. */
export const acmRankCell = z.object({
  isAC: z.boolean(),
  /** seconds from the start to the counted accept (ICPC mode: whole minutes, in seconds) */
  ACTime: z.number().nullable(),
  /** rejected tries that cost penalty */
  errorNum: z.number(),
  /** tries shown as pending: made after the seal (frozen) or not judged yet */
  tryNum: z.number(),
  isFirstAC: z.boolean(),
  isAfterContest: z.boolean(),
  /** Verdict extension: the cell has tries hidden by the seal */
  isFrozen: z.boolean(),
});

/** What every scoreboard row carries (HOJ ACMContestRankVO / OIContestRankVO). */
const rankRowBase = z.object({
  /** 1-based, shared by ties; -1 for star (unofficial) participants */
  rank: z.number(),
  isWinAward: z.boolean(),
  awardName: z.string().nullable(),
  awardBackground: z.string().nullable(),
  awardColor: z.string().nullable(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
  /** ACM: penalty in seconds; OI: sum of the fastest accepted run times (ms) */
  totalTime: z.number(),
});

const acmFields = {
  ac: z.number(),
  /** submissions the board counts */
  total: z.number(),
};

const oiFields = {
  totalScore: z.number(),
  /** display id → the fastest accepted run time (ms) */
  timeInfo: z.record(z.string(), z.number()),
};

/** A row of an ACM board. */
export const acmRankRow = rankRowBase.extend({
  ...acmFields,
  submissionInfo: z.record(z.string(), acmRankCell),
});

/** A row of an OI board. */
export const oiRankRow = rankRowBase.extend({
  ...oiFields,
  /** display id → the problem's counted score */
  submissionInfo: z.record(z.string(), z.number()),
});

/**
 * A board row as it travels: one list carries ACM or OI rows after the contest's type, which the
 * route learns only inside the service, so the row is one object whose ACM-only and OI-only fields
 * are optional. `submissionInfo` is left free-form here, since its values are objects on an ACM board
 * and numbers on an OI board: declaring them as either one would make the writer test every cell
 * against both shapes. The exact shapes are `acmRankRow` and `oiRankRow`, which the service's types follow.
 */
export const contestRankRowWire = rankRowBase.extend({
  ...z.object(acmFields).partial().shape,
  ...z.object(oiFields).partial().shape,
  /** ACM: display id → acmRankCell; OI: display id → the problem's counted score */
  submissionInfo: z.record(z.string(), z.unknown()),
});

/** HOJ GET /api/get-contest-outsize-info: what the public board page needs besides the rows. */
export const contestOutsideInfo = z.object({
  contest: contestVO,
  problemList: z.array(contestProblem),
});
