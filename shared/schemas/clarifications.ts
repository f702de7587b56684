import { z } from 'zod';
import { CLARIFICATION_LIMITS as L } from '../constants/clarifications';
import { CONTEST_LIMITS } from '../constants/contests';
import { pageQuery, queryBool } from './api';
import { dbId } from './db-int';

/** Message keys of the clarification calls (locales/*.json, section `clarification`). */
export const CLARIFICATION_MESSAGES = {
  cidRequired: 'clarification.cidRequired',
  idRequired: 'clarification.idRequired',
  textRequired: 'clarification.textRequired',
  textTooLong: 'clarification.textTooLong',
  toAllRequired: 'clarification.toAllRequired',
  problemInvalid: 'clarification.problemInvalid',
} as const;
const K = CLARIFICATION_MESSAGES;

const id = (message: string) => dbId(message);
const cid = id(K.cidRequired);

/** A question or an answer: 1 to 2000 characters once trimmed; stored trimmed. */
export const clarificationText = z
  .string({ error: K.textRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, K.textRequired).max(L.textMax, K.textTooLong));

/** The contest problem by its display id; absent, null or blank: the contest in general. */
const displayId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: K.problemInvalid })
    .trim()
    .max(CONTEST_LIMITS.displayIdMaxLength, K.problemInvalid)
    .nullish()
    .transform((v) => v ?? null),
);

/** POST /api/contest-clarification: a participant's question. */
export const askClarificationBody = z.object({ cid, displayId, content: clarificationText });
export type AskClarificationForm = z.input<typeof askClarificationBody>;
export type AskClarificationParams = z.output<typeof askClarificationBody>;

/** POST /api/admin/contest/clarification: a clarification of the jury that nobody asked for, to everyone. */
export const sendClarificationBody = askClarificationBody;
export type SendClarificationForm = AskClarificationForm;
export type SendClarificationParams = AskClarificationParams;

/** POST /api/admin/contest/clarification/answer: the jury's answer to one question, to its asker or to everyone. */
export const answerClarificationBody = z.object({
  cid,
  id: id(K.idRequired),
  content: clarificationText,
  toAll: z.boolean({ error: K.toAllRequired }),
});
export type AnswerClarificationForm = z.input<typeof answerClarificationBody>;
export type AnswerClarificationParams = z.output<typeof answerClarificationBody>;

/** GET /api/get-contest-clarifications: the caller's list, a page at a time. */
export const clarificationListQuery = pageQuery.extend({ cid });
export type ClarificationListQuery = z.output<typeof clarificationListQuery>;

/** GET /api/get-contest-clarification-unread. */
export const clarificationUnreadQuery = z.object({ cid });
export type ClarificationUnreadQuery = z.output<typeof clarificationUnreadQuery>;

/**
 * GET /api/admin/contest/clarification: the jury's queue; `displayId` keeps one problem's questions,
 * `general` the general ones, neither every question.
 */
export const clarificationQueueQuery = pageQuery.extend({
  cid,
  displayId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(CONTEST_LIMITS.displayIdMaxLength, K.problemInvalid).optional(),
  ),
  general: queryBool.optional(),
});
export type ClarificationQueueQuery = z.output<typeof clarificationQueueQuery>;
export type ClarificationQueueParams = z.output<typeof clarificationQueueQuery>;
