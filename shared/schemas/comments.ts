import { z } from 'zod';
import { pageQuery, queryBool } from './api';
import { dbId } from './db-int';

/** Message keys of comments and replies (locales/*.json, section `comments`). */
export const COMMENT_MESSAGES = {
  contentEmpty: 'comments.contentEmpty',
  contentTooLong: 'comments.contentTooLong',
  idRequired: 'comments.idRequired',
  sourceRequired: 'comments.sourceRequired',
  sourceTypeInvalid: 'comments.sourceTypeInvalid',
  quoteTypeInvalid: 'comments.quoteTypeInvalid',
  replyRequired: 'comments.replyRequired',
} as const;
const K = COMMENT_MESSAGES;

/** A comment or reply is non-empty after trimming and at most 10000 characters. */
export const COMMENT_LIMITS = { maxLength: 10000, pageSize: 10, replyPreview: 3 } as const;

/** Where a like happened (HOJ's sourceType). */
export const COMMENT_SOURCE_TYPES = ['Contest', 'Discussion'] as const;
export type CommentSourceType = (typeof COMMENT_SOURCE_TYPES)[number];
/** What a reply quotes (HOJ's quoteType). */
export const REPLY_QUOTE_TYPES = ['Comment', 'Reply'] as const;
export type ReplyQuoteType = (typeof REPLY_QUOTE_TYPES)[number];

const id = (message: string) => dbId(message);
/** An optional id: HOJ clients send null or '' for "none". */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id(message).optional());

/** The text of a comment or a reply (the web form uses the same rule). */
export const commentContent = z
  .string({ error: K.contentEmpty })
  .max(COMMENT_LIMITS.maxLength, K.contentTooLong)
  .refine((v) => v.trim().length > 0, K.contentEmpty);

/** GET /api/comments: a contest's (cid) or a discussion's (did) comments. */
export const commentListQuery = pageQuery.extend({
  cid: optionalId(K.sourceRequired),
  did: optionalId(K.sourceRequired),
});
export interface CommentListQuery {
  cid?: number;
  did?: number;
  currentPage?: number;
  limit?: number;
}
export type CommentListParams = z.output<typeof commentListQuery>;

/** POST /api/comment (HOJ Comment). */
export const commentCreateBody = z.object({
  content: commentContent,
  cid: optionalId(K.sourceRequired),
  did: optionalId(K.sourceRequired),
});
export interface CommentCreateForm {
  content: string;
  cid?: number | null;
  did?: number | null;
}
export type CommentCreateParams = z.output<typeof commentCreateBody>;

/** DELETE /api/comment (HOJ Comment: only id matters; the rest is what the client knows of it). */
export const commentDeleteBody = z.object({
  id: id(K.idRequired),
  fromUid: z.string().max(64).nullish(),
  cid: optionalId(K.sourceRequired),
  did: optionalId(K.sourceRequired),
});
export interface CommentDeleteForm {
  id: number;
  fromUid?: string | null;
  cid?: number | null;
  did?: number | null;
}
export type CommentDeleteParams = z.output<typeof commentDeleteBody>;

/** GET /api/comment-like: cid is the comment id; toLike true likes, false takes the like back. */
export const commentLikeQuery = z.object({
  cid: id(K.idRequired),
  toLike: queryBool,
  sourceId: optionalId(K.sourceRequired),
  sourceType: z.enum(COMMENT_SOURCE_TYPES, { error: K.sourceTypeInvalid }).optional(),
});
export interface CommentLikeQuery {
  /** the comment's id */
  cid: number;
  toLike: boolean;
  sourceId?: number;
  sourceType?: CommentSourceType;
}
export type CommentLikeParams = z.output<typeof commentLikeQuery>;

/** POST /api/reply (HOJ ReplyDto): to* are decided by the server from the quoted comment or reply. */
export const replyCreateBody = z.object({
  reply: z.object(
    {
      commentId: id(K.idRequired),
      content: commentContent,
      toUid: z.string().max(64).nullish(),
      toName: z.string().max(255).nullish(),
      toAvatar: z.string().max(512).nullish(),
    },
    { error: K.replyRequired },
  ),
  did: optionalId(K.sourceRequired),
  quoteId: optionalId(K.idRequired),
  quoteType: z.enum(REPLY_QUOTE_TYPES, { error: K.quoteTypeInvalid }).nullish(),
});
export interface ReplyCreateForm {
  reply: {
    commentId: number;
    content: string;
    toUid?: string | null;
    toName?: string | null;
    toAvatar?: string | null;
  };
  did?: number | null;
  quoteId?: number | null;
  quoteType?: ReplyQuoteType | null;
}
export type ReplyCreateParams = z.output<typeof replyCreateBody>;

/** DELETE /api/reply (HOJ ReplyDto: reply.id matters). */
export const replyDeleteBody = z.object({
  reply: z.object({ id: id(K.idRequired) }, { error: K.replyRequired }),
  did: optionalId(K.sourceRequired),
});
export interface ReplyDeleteForm {
  reply: { id: number };
  did?: number | null;
}
export type ReplyDeleteParams = z.output<typeof replyDeleteBody>;

/** GET /api/reply: every reply of a comment. */
export const replyListQuery = z.object({
  commentId: id(K.idRequired),
  cid: optionalId(K.sourceRequired),
});
export interface ReplyListQuery {
  commentId: number;
  cid?: number;
}
export type ReplyListParams = z.output<typeof replyListQuery>;
