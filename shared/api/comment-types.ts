import type { Page } from './types';

/** How a comment's or reply's author is badged (HOJ: root | admin (admin, problem admin) | user). */
export type CommentRole = 'root' | 'admin' | 'user';

/** HOJ ReplyVO: a reply to a comment; to* is the user it answers. */
export interface ReplyVO {
  id: number;
  commentId: number;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: CommentRole;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  toUid: string;
  toName: string;
  toAvatar: string | null;
  content: string;
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

/** HOJ CommentVO: replyList holds the newest 3 replies (COMMENT_LIMITS.replyPreview), totalReplyNum all. */
export interface CommentVO {
  id: number;
  cid: number | null;
  did: number | null;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: CommentRole;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  likeNum: number;
  totalReplyNum: number;
  replyList: ReplyVO[];
  gmtCreate: string;
}

/** GET /api/comments: a page of comments and which of them the caller likes (comment id → true). */
export interface CommentList {
  commentList: Page<CommentVO>;
  commentLikeMap: Record<string, boolean>;
}
