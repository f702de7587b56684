import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noticeCreateBody,
  noticeIdQuery,
  noticeListQuery,
  noticeUpdateBody,
} from '../../shared/schemas/messages';
import { page } from '../../shared/schemas/responses/common';
import { adminSysNotice } from '../../shared/schemas/responses/messages';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  createAdminNotice,
  deleteAdminNotice,
  listAdminNotices,
  updateAdminNotice,
} from '../services/messages/admin-notices';

/** Root's system notices (HOJ's GET|POST|PUT|DELETE /api/admin/msg/notice, root only). */
export const adminNoticeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], querystring: noticeListQuery, response: okResponse(page(adminSysNotice)) } },
    async (request) => ok(await listAdminNotices(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], body: noticeCreateBody, response: okResponse(adminSysNotice) } },
    async (request) =>
      ok(
        await createAdminNotice(ctx.db, requireUser(request), request.body),
        request.t('messages.noticeSent'),
      ),
  );

  app.put(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], body: noticeUpdateBody, response: okResponse(adminSysNotice) } },
    async (request) =>
      ok(
        await updateAdminNotice(ctx.db, requireUser(request), request.body),
        request.t('messages.noticeUpdated'),
      ),
  );

  app.delete(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], querystring: noticeIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteAdminNotice(ctx.db, requireUser(request), request.query.id);
      return ok(null, request.t('messages.noticeDeleted'));
    },
  );
};
