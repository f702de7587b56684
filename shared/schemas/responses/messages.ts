import { z } from 'zod';
import { NOTICE_TYPES } from '../../constants/messages';
import { isoTime } from './common';

/** Answers of the message centre and root's system notices (docs/architecture.md, Contracts on the wire). */

/** GET /api/msg/unread: the caller's unread messages of each kind. */
export const unreadCounts = z.object({
  comment: z.number(),
  reply: z.number(),
  like: z.number(),
  sys: z.number(),
  mine: z.number(),
});

/** HOJ UserMsgVO: a comment, reply or like reminder (GET /api/msg/comment|reply|like). */
export const userMsg = z.object({
  id: z.number(),
  /** Discuss | Reply | Like_Post | Like_Discuss */
  action: z.string(),
  sourceId: z.number().nullable(),
  /** what it happened in: Discussion, Contest ... */
  sourceType: z.string().nullable(),
  /** the comment or reply text, or what was liked */
  sourceContent: z.string().nullable(),
  quoteId: z.number().nullable(),
  quoteType: z.string().nullable(),
  /** where to see it on the site */
  url: z.string().nullable(),
  /** read before this page was fetched (fetching a page marks it read) */
  state: z.boolean(),
  senderId: z.string(),
  senderUsername: z.string().nullable(),
  senderAvatar: z.string().nullable(),
  gmtCreate: isoTime,
});

/** HOJ SysMsgVO: a notice in the caller's box (GET /api/msg/sys|mine); content is Markdown. */
export const sysMsg = z.object({
  /** the box entry (what DELETE /api/msg/clean takes) */
  id: z.number(),
  sysNoticeId: z.number(),
  title: z.string(),
  content: z.string(),
  type: z.enum(['Sys', 'Mine']),
  /** read before this page was fetched (fetching a page marks it read) */
  state: z.boolean(),
  gmtCreate: isoTime,
});

/** HOJ AdminSysNoticeVO: a notice as root manages it (GET /api/admin/msg/notice). */
export const adminSysNotice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTICE_TYPES),
  /** delivered (always true: broadcasts reach each user when they next read their messages) */
  state: z.boolean(),
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  recipientId: z.string().nullable(),
  recipientUsername: z.string().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});
