import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCreateBody,
  commentDeleteBody,
  commentLikeQuery,
  commentListQuery,
  replyCreateBody,
  replyDeleteBody,
  replyListQuery,
} from '../../shared/schemas/comments';
import { commentLike, commentList, commentVO, replyVO } from '../../shared/schemas/responses/comments';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { createComment, deleteComment, likeComment, listComments } from '../services/comments/comments';
import { createReply, deleteReply, listReplies } from '../services/comments/replies';

/** Comments, replies and likes, at HOJ's paths. */
export const commentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['comment'];

  app.get(
    '/api/comments',
    { schema: { tags, querystring: commentListQuery, response: okResponse(commentList) } },
    async (request) => ok(await listComments(ctx.db, request.user, request.query)),
  );

  app.post(
    '/api/comment',
    { schema: { tags, body: commentCreateBody, response: okResponse(commentVO) } },
    async (request) =>
      ok(
        await createComment(ctx.db, requireUser(request), request.body),
        request.t('comments.commentPosted'),
      ),
  );

  app.delete(
    '/api/comment',
    { schema: { tags, body: commentDeleteBody, response: okResponse(z.null()) } },
    async (request) => {
      await deleteComment(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('comments.commentDeleted'));
    },
  );

  app.get(
    '/api/comment-like',
    { schema: { tags, querystring: commentLikeQuery, response: okResponse(commentLike) } },
    async (request) => {
      const result = await likeComment(ctx.db, requireUser(request), request.query);
      return ok(result, request.t(result.liked ? 'comments.liked' : 'comments.unliked'));
    },
  );

  app.get(
    '/api/reply',
    { schema: { tags, querystring: replyListQuery, response: okResponse(z.array(replyVO)) } },
    async (request) => ok(await listReplies(ctx.db, request.user, request.query)),
  );

  app.post(
    '/api/reply',
    { schema: { tags, body: replyCreateBody, response: okResponse(replyVO) } },
    async (request) =>
      ok(await createReply(ctx.db, requireUser(request), request.body), request.t('comments.replyPosted')),
  );

  app.delete(
    '/api/reply',
    { schema: { tags, body: replyDeleteBody, response: okResponse(z.null()) } },
    async (request) => {
      await deleteReply(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('comments.replyDeleted'));
    },
  );
};
