import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDiscussionDeleteBody,
  adminDiscussionUpdateBody,
  categoryBody,
  categoryIdQuery,
  reportListQuery,
  reportUpdateBody,
} from '../../shared/schemas/discussions';
import { page } from '../../shared/schemas/responses/common';
import {
  discussionCategory,
  discussionItem,
  discussionReport,
} from '../../shared/schemas/responses/discussions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  adminDeleteDiscussions,
  adminListReports,
  adminUpdateDiscussion,
  adminUpdateReport,
} from '../services/discussions/admin';
import { deleteCategory, saveCategory } from '../services/discussions/categories';

const tags = ['admin-discussion'];

/**
 * The console's discussion calls: HOJ's /api/admin/discussion and /api/admin/discussion-report
 * (roles root, admin, problem admin), and Verdict's one-at-a-time category admin.
 */
export const adminDiscussionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/api/admin/discussion',
    { schema: { tags, body: adminDiscussionUpdateBody, response: okResponse(discussionItem) } },
    async (request) =>
      ok(
        await adminUpdateDiscussion(ctx.db, requireUser(request), request.body),
        request.t('discussionAdmin.updated'),
      ),
  );

  app.delete(
    '/api/admin/discussion',
    { schema: { tags, body: adminDiscussionDeleteBody, response: okResponse(z.null()) } },
    async (request) => {
      await adminDeleteDiscussions(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('discussionAdmin.deleted'));
    },
  );

  app.get(
    '/api/admin/discussion-report',
    { schema: { tags, querystring: reportListQuery, response: okResponse(page(discussionReport)) } },
    async (request) => ok(await adminListReports(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/admin/discussion-report',
    { schema: { tags, body: reportUpdateBody, response: okResponse(discussionReport) } },
    async (request) =>
      ok(
        await adminUpdateReport(ctx.db, requireUser(request), request.body),
        request.t('discussionAdmin.updated'),
      ),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/admin/discussion-category',
      schema: { tags, body: categoryBody, response: okResponse(discussionCategory) },
      handler: async (request) =>
        ok(
          await saveCategory(ctx.db, requireUser(request), request.body, method === 'PUT'),
          request.t('discussionAdmin.categorySaved'),
        ),
    });
  }

  app.delete(
    '/api/admin/discussion-category',
    { schema: { tags, querystring: categoryIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteCategory(ctx.db, requireUser(request), request.query.id);
      return ok(null, request.t('discussionAdmin.categoryDeleted'));
    },
  );
};
