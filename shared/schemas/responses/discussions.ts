import { z } from 'zod';
import { isoTime } from './common';

/** Answers of the discussion calls (docs/architecture.md, Contracts on the wire; Discussions). */

/** HOJ Category: a discussion category. */
export const discussionCategory = z.object({
  id: z.number(),
  name: z.string(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

const discussionColumns = {
  id: z.number(),
  categoryId: z.number().nullable(),
  title: z.string(),
  description: z.string(),
  /** the problem's display id of a solution or problem discussion */
  pid: z.string().nullable(),
  uid: z.string(),
  author: z.string(),
  avatar: z.string().nullable(),
  /** root | admin | user, as the author was when posting */
  role: z.string(),
  viewNum: z.number(),
  likeNum: z.number(),
  /** comments and replies */
  commentNum: z.number(),
  topPriority: z.boolean(),
  /** 0 visible, 1 blocked, 2 under review */
  status: z.number(),
  gid: z.number().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
};

/**
 * HOJ Discussion as the list sends it: `content` (Markdown) only to its author, null to everyone
 * else (HOJ: the list shows title and description; the detail has the text).
 */
export const discussionItem = z.object({ ...discussionColumns, content: z.string().nullable() });

/** HOJ DiscussionVO (GET /api/get-discussion-detail): the text, its category, the author's title, the caller's like. */
export const discussionDetail = z.object({
  ...discussionColumns,
  /** Markdown with KaTeX maths */
  content: z.string(),
  /** `content` rendered and sanitised on the server (not in HOJ: its clients ignore it) */
  contentHtml: z.string(),
  categoryName: z.string().nullable(),
  /** whether the caller likes it */
  hasLike: z.boolean(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
});

/** GET /api/discussion-like (HOJ answers nothing): whether the caller now likes it, and its count. */
export const discussionLike = z.object({ liked: z.boolean(), likeNum: z.number() });

/** HOJ DiscussionReportVO (GET /api/admin/discussion-report). */
export const discussionReport = z.object({
  id: z.number(),
  did: z.number(),
  /** the reporter's username */
  reporter: z.string(),
  /** HOJ: `#label# ` tags, then the reason */
  content: z.string(),
  /** handled */
  status: z.boolean(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
  /** null when the discussion is gone */
  discussionTitle: z.string().nullable(),
  discussionAuthor: z.string().nullable(),
  gid: z.number().nullable(),
});
