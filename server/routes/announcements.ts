import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementCreateBody,
  announcementIdQuery,
  announcementUpdateBody,
  pageQuery,
} from '../../shared/schemas/api';
import { page } from '../../shared/schemas/responses/common';
import { announcement } from '../../shared/schemas/responses/site';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAdminAnnouncements,
  listPublicAnnouncements,
  updateAnnouncement,
} from '../services/announcements/announcements';

/** Site announcements: HOJ's public list, and its /api/admin/announcement for root. */
export const announcementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-common-announcement',
    { schema: { tags: ['site'], querystring: pageQuery, response: okResponse(page(announcement)) } },
    async (request) => ok(await listPublicAnnouncements(ctx.db, request.query)),
  );

  app.get(
    '/api/admin/announcement',
    { schema: { tags: ['admin'], querystring: pageQuery, response: okResponse(page(announcement)) } },
    async (request) => ok(await listAdminAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/announcement',
    { schema: { tags: ['admin'], body: announcementCreateBody, response: okResponse(announcement) } },
    async (request) => ok(await createAnnouncement(ctx.db, requireUser(request), request.body)),
  );

  app.put(
    '/api/admin/announcement',
    { schema: { tags: ['admin'], body: announcementUpdateBody, response: okResponse(announcement) } },
    async (request) => ok(await updateAnnouncement(ctx.db, requireUser(request), request.body)),
  );

  app.delete(
    '/api/admin/announcement',
    { schema: { tags: ['admin'], querystring: announcementIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteAnnouncement(ctx.db, requireUser(request), request.query.aid);
      return ok(null, request.t('site.announcementDeleted'));
    },
  );
};
