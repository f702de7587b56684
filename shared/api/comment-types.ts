import type { z } from 'zod';
import type * as comments from '../schemas/responses/comments';

/** How a comment's or reply's author is badged (HOJ: root | admin (admin, problem admin) | user). */
export type CommentRole = z.infer<typeof comments.commentRole>;

/** HOJ ReplyVO: a reply to a comment; to* is the user it answers. */
export type ReplyVO = z.infer<typeof comments.replyVO>;

/** HOJ CommentVO: replyList holds the newest 3 replies (COMMENT_LIMITS.replyPreview), totalReplyNum all. */
export type CommentVO = z.infer<typeof comments.commentVO>;

/** GET /api/comments: a page of comments and which of them the caller likes (comment id → true). */
export type CommentList = z.infer<typeof comments.commentList>;

/** GET /api/comment-like: whether the caller now likes the comment, and its like count. */
export type CommentLike = z.infer<typeof comments.commentLike>;
