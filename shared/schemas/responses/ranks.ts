import { z } from 'zod';

/** Answers of the rank calls (docs/architecture.md, Contracts on the wire; Ranks and home page). */

/** The user columns every rank row carries (HOJ's ACMRankVO and OIRankVO). */
const rankUser = {
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** the first 100 characters (HOJ) */
  signature: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
};

/** HOJ ACMRankVO: problems solved outside contests (`ac`) and submissions made there (`total`). */
export const acmRankItem = z.object({
  ...rankUser,
  ac: z.number(),
  total: z.number(),
  /** HOJ's Codeforces-style rating: not kept by Verdict */
  rating: z.null(),
});

/** HOJ OIRankVO: the sum over problems of the best OI rank score (`score`), with `ac` and `total`. */
export const oiRankItem = z.object({
  ...rankUser,
  score: z.number(),
  ac: z.number(),
  total: z.number(),
});

/** GET /api/get-recent-seven-ac-rank: HOJ's ACMRankVO with `ac`, problems first solved this week. */
export const weekLeader = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  ac: z.number(),
});
