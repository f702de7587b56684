import { z } from 'zod';
import { isoTime } from './common';

/** Answers of the clarification calls (docs/architecture.md, Clarifications). */

/**
 * A clarification as a participant sees it: their own question with its answer, a question of someone
 * else answered to everyone (without the asker), or a clarification the jury sent to everyone unasked.
 */
export const contestClarification = z.object({
  /** the question's id, or the unasked clarification's */
  id: z.number(),
  cid: z.number(),
  /** the contest problem it is about (null: general) */
  displayId: z.string().nullable(),
  problemTitle: z.string().nullable(),
  /** null for a clarification nobody asked for */
  question: z.string().nullable(),
  /** the caller asked it */
  mine: z.boolean(),
  gmtCreate: isoTime,
  /** the jury's answer (the unasked clarification's text); null while unanswered */
  answer: z.string().nullable(),
  /** the answer went to everyone */
  toAll: z.boolean(),
  answeredAt: isoTime.nullable(),
  /** the caller had seen the answer before this call */
  read: z.boolean(),
});

/** The caller's unread answers of a contest; for its admins also the questions waiting for an answer. */
export const clarificationUnread = z.object({
  count: z.number(),
  /** questions without an answer (contest admins only; null for everyone else) */
  unanswered: z.number().nullable(),
  /** the unread ones, newest first (at most CLARIFICATION_LIMITS.unreadListMax) */
  records: z.array(contestClarification),
});

/** A question in the jury's queue. */
export const clarificationQueueItem = z.object({
  id: z.number(),
  cid: z.number(),
  displayId: z.string().nullable(),
  problemTitle: z.string().nullable(),
  question: z.string(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  gmtCreate: isoTime,
  answered: z.boolean(),
  answer: z.string().nullable(),
  toAll: z.boolean(),
  /** the contest admin who answered it */
  answeredBy: z.string().nullable(),
  answeredAt: isoTime.nullable(),
});
