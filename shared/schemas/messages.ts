import { z } from 'zod';
import { MESSAGE_TYPES, NOTICE_LIMITS, NOTICE_TYPES } from '../constants/messages';
import { pageQuery } from './api';
import { DB_INT_MAX, dbId } from './db-int';

/** Message keys of the message centre's rules (locales/*.json, section `messages`). */
export const MESSAGE_MESSAGES = {
  titleRequired: 'messages.titleRequired',
  titleTooLong: 'messages.titleTooLong',
  contentRequired: 'messages.contentRequired',
  contentTooLong: 'messages.contentTooLong',
  noticeTypeInvalid: 'messages.noticeTypeInvalid',
  recipientRequired: 'messages.recipientRequired',
  recipientTooLong: 'messages.recipientTooLong',
  noticeIdRequired: 'messages.noticeIdRequired',
  messageTypeInvalid: 'messages.messageTypeInvalid',
  messageIdInvalid: 'messages.messageIdInvalid',
} as const;
const K = MESSAGE_MESSAGES;

const title = z
  .string({ error: K.titleRequired })
  .trim()
  .min(1, K.titleRequired)
  .max(NOTICE_LIMITS.titleMaxLength, K.titleTooLong);
const content = z
  .string({ error: K.contentRequired })
  .refine((v) => v.trim().length > 0, K.contentRequired)
  .refine((v) => v.length <= NOTICE_LIMITS.contentMaxLength, K.contentTooLong);
const noticeType = z.enum(NOTICE_TYPES, { error: K.noticeTypeInvalid });
/** the recipient's username; empty means none */
const recipient = z
  .string({ error: K.recipientRequired })
  .trim()
  .max(NOTICE_LIMITS.recipientMaxLength, K.recipientTooLong)
  .nullish()
  .transform((v) => v || null);

/** HOJ POST /api/admin/msg/notice: a Single notice names its recipient by username. */
export const noticeCreateBody = z
  .object({ title, content, type: noticeType, recipient })
  .superRefine((v, ctx) => {
    if (v.type === 'Single' && !v.recipient) {
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: K.recipientRequired });
    }
  });
/** HOJ PUT /api/admin/msg/notice: id plus the fields to change (a Single notice keeps its recipient unless given). */
export const noticeUpdateBody = z.object({
  id: z
    .number({ error: K.noticeIdRequired })
    .int(K.noticeIdRequired)
    .positive(K.noticeIdRequired)
    .max(DB_INT_MAX, K.noticeIdRequired),
  title: title.optional(),
  content: content.optional(),
  type: noticeType.optional(),
  recipient,
});
export type NoticeCreateForm = z.input<typeof noticeCreateBody>;
export type NoticeCreateParams = z.output<typeof noticeCreateBody>;
export type NoticeUpdateForm = z.input<typeof noticeUpdateBody>;
export type NoticeUpdateParams = z.output<typeof noticeUpdateBody>;

/** HOJ GET /api/admin/msg/notice: paged, newest first; keyword searches title and content. */
export const noticeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(255).optional(),
  type: noticeType.optional().or(z.literal('').transform(() => undefined)),
});
export interface NoticeListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  type?: (typeof NOTICE_TYPES)[number];
}

/** HOJ DELETE /api/admin/msg/notice?id= */
export const noticeIdQuery = z.object({
  id: dbId(K.noticeIdRequired),
});

/**
 * HOJ's clean types are Discuss | Reply | Like | Sys | Mine; the message centre's paths say
 * comment | reply | like | sys | mine. Both are accepted, in any case.
 */
const CLEAN_ALIASES: Record<string, (typeof MESSAGE_TYPES)[number]> = {
  discuss: 'comment',
  comment: 'comment',
  reply: 'reply',
  like: 'like',
  sys: 'sys',
  mine: 'mine',
};
export const messageTypeParam = z.preprocess(
  (v) => (typeof v === 'string' ? (CLEAN_ALIASES[v.trim().toLowerCase()] ?? v) : v),
  z.enum(MESSAGE_TYPES, { error: K.messageTypeInvalid }),
);

/** HOJ DELETE /api/msg/clean?type=&id=: one message of the caller, or all of that type without id. */
export const cleanMessagesQuery = z.object({
  type: messageTypeParam,
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId(K.messageIdInvalid).optional()),
});
export type CleanMessagesParams = z.output<typeof cleanMessagesQuery>;
