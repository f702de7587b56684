import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryUpsertBody,
  discussionCreateBody,
  discussionIdQuery,
  discussionLikeQuery,
  discussionListQuery,
  discussionReportBody,
  discussionUpdateBody,
} from '../../shared/schemas/discussions';
import { page } from '../../shared/schemas/responses/common';
import {
  discussionCategory,
  discussionDetail,
  discussionItem,
  discussionLike,
} from '../../shared/schemas/responses/discussions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { listCategories, upsertCategories } from '../services/discussions/categories';
import { listDiscussions, discussionDetail as readDiscussion } from '../services/discussions/queries';
import {
  createDiscussion,
  deleteDiscussion,
  likeDiscussion,
  reportDiscussion,
  updateDiscussion,
} from '../services/discussions/write';

/** Discussions at HOJ's paths (HOJ's DiscussionController; the rules: docs/architecture.md, Discussions). */
export const discussionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['discussion'];

  app.get(
    '/api/discussion-category',
    { schema: { tags, response: okResponse(z.array(discussionCategory)) } },
    async () => ok(await listCategories(ctx.db)),
  );

  app.post(
    '/api/discussion-category',
    { schema: { tags, body: categoryUpsertBody, response: okResponse(z.array(discussionCategory)) } },
    async (request) =>
      ok(await upsertCategories(ctx.db, requireUser(request), request.body), request.t('discussion.saved')),
  );

  app.get(
    '/api/get-discussion-list',
    { schema: { tags, querystring: discussionListQuery, response: okResponse(page(discussionItem)) } },
    async (request) => ok(await listDiscussions(ctx.db, request.user, request.query)),
  );

  app.get(
    '/api/get-discussion-detail',
    { schema: { tags, querystring: discussionIdQuery, response: okResponse(discussionDetail) } },
    async (request) =>
      ok(await readDiscussion(ctx.db, request.user, request.query.did, request.user?.uid ?? request.ip)),
  );

  app.post(
    '/api/discussion',
    { schema: { tags, body: discussionCreateBody, response: okResponse(discussionItem) } },
    async (request) =>
      ok(await createDiscussion(ctx.db, requireUser(request), request.body), request.t('discussion.posted')),
  );

  app.put(
    '/api/discussion',
    { schema: { tags, body: discussionUpdateBody, response: okResponse(discussionItem) } },
    async (request) =>
      ok(await updateDiscussion(ctx.db, requireUser(request), request.body), request.t('discussion.updated')),
  );

  app.delete(
    '/api/discussion',
    { schema: { tags, querystring: discussionIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteDiscussion(ctx.db, requireUser(request), request.query.did);
      return ok(null, request.t('discussion.deleted'));
    },
  );

  app.get(
    '/api/discussion-like',
    { schema: { tags, querystring: discussionLikeQuery, response: okResponse(discussionLike) } },
    async (request) => {
      const result = await likeDiscussion(ctx.db, requireUser(request), request.query);
      return ok(result, request.t(result.liked ? 'discussion.liked' : 'discussion.unliked'));
    },
  );

  app.post(
    '/api/discussion-report',
    { schema: { tags, body: discussionReportBody, response: okResponse(z.null()) } },
    async (request) => {
      await reportDiscussion(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('discussion.reported'));
    },
  );
};
