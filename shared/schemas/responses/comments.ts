import { z } from 'zod';
import { isoTime, page } from './common';

/** Answers of the comment, reply and like calls (docs/architecture.md, Contracts on the wire). */

/** How a comment's or reply's author is badged (HOJ: root | admin (admin, problem admin) | user). */
export const commentRole = z.enum(['root', 'admin', 'user']);

/** Who wrote a comment or reply, as both carry it. */
const fromFields = {
  fromUid: z.string(),
  fromName: z.string(),
  fromAvatar: z.string().nullable(),
  fromRole: commentRole,
  fromTitleName: z.string().nullable(),
  fromTitleColor: z.string().nullable(),
};

/** HOJ ReplyVO: a reply to a comment; to* is the user it answers. */
export const replyVO = z.object({
  id: z.number(),
  commentId: z.number(),
  ...fromFields,
  toUid: z.string(),
  toName: z.string(),
  toAvatar: z.string().nullable(),
  content: z.string(),
  status: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** HOJ CommentVO: replyList holds the newest 3 replies (COMMENT_LIMITS.replyPreview), totalReplyNum all. */
export const commentVO = z.object({
  id: z.number(),
  cid: z.number().nullable(),
  did: z.number().nullable(),
  content: z.string(),
  ...fromFields,
  likeNum: z.number(),
  totalReplyNum: z.number(),
  replyList: z.array(replyVO),
  gmtCreate: isoTime,
});

/** GET /api/comments: a page of comments and which of them the caller likes (comment id → true). */
export const commentList = z.object({
  commentList: page(commentVO),
  commentLikeMap: z.record(z.string(), z.boolean()),
});

/** GET /api/comment-like: whether the caller now likes the comment, and its like count. */
export const commentLike = z.object({
  liked: z.boolean(),
  likeNum: z.number(),
});
