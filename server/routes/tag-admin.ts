import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tag, tagClassification } from '../../shared/schemas/responses/problems';
import {
  classificationBody,
  classificationIdQuery,
  tagBody,
  tagIdQuery,
} from '../../shared/schemas/tag-admin';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  deleteClassification,
  deleteTag,
  listClassifications,
  saveClassification,
  saveTag,
} from '../services/problems/tag-admin';

const tags = ['admin-tags'];

/** Tags and classifications in the admin console, at HOJ's paths. */
export const tagAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const events = ctx.queue.events;
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/admin/tag',
      schema: { tags, body: tagBody, response: okResponse(tag) },
      handler: async (request) =>
        ok(await saveTag(ctx.db, events, requireUser(request), request.body, method === 'PUT')),
    });
    app.route({
      method,
      url: '/api/admin/tag/classification',
      schema: { tags, body: classificationBody, response: okResponse(tagClassification) },
      handler: async (request) =>
        ok(await saveClassification(ctx.db, requireUser(request), request.body, method === 'PUT')),
    });
  }

  app.delete(
    '/api/admin/tag',
    { schema: { tags, querystring: tagIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteTag(ctx.db, events, requireUser(request), request.query.tid);
      return ok(null);
    },
  );

  app.get(
    '/api/admin/tag/classification',
    {
      schema: {
        tags,
        querystring: z.object({ oj: z.string().optional() }),
        response: okResponse(z.array(tagClassification)),
      },
    },
    async (request) => ok(await listClassifications(ctx.db, requireUser(request))),
  );

  app.delete(
    '/api/admin/tag/classification',
    { schema: { tags, querystring: classificationIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteClassification(ctx.db, requireUser(request), request.query.tcid);
      return ok(null);
    },
  );
};
