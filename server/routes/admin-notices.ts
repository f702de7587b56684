import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noticeCreateBody,
  noticeIdQuery,
  noticeListQuery,
  noticeUpdateBody,
} from '../../shared/schemas/messages';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
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
    { schema: { tags: ['admin'], querystring: noticeListQuery } },
    async (request) => ok(await listAdminNotices(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], body: noticeCreateBody } },
    async (request) =>
      ok(
        await createAdminNotice(ctx.db, requireUser(request), request.body),
        request.t('messages.noticeSent'),
      ),
  );

  app.put('/api/admin/msg/notice', { schema: { tags: ['admin'], body: noticeUpdateBody } }, async (request) =>
    ok(
      await updateAdminNotice(ctx.db, requireUser(request), request.body),
      request.t('messages.noticeUpdated'),
    ),
  );

  app.delete(
    '/api/admin/msg/notice',
    { schema: { tags: ['admin'], querystring: noticeIdQuery } },
    async (request) => {
      await deleteAdminNotice(ctx.db, requireUser(request), request.query.id);
      return ok(null, request.t('messages.noticeDeleted'));
    },
  );
};
