import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardInfo, loginSession } from '../../shared/schemas/responses/admin-config';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { getDashboardInfo, getPreviousSession } from '../services/site/dashboard';

const tags = ['admin'];

/** The admin dashboard at HOJ's paths: root and admins (HOJ's roles). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // HOJ's client posts the caller's uid as a bare string (a form-encoded body); the answer is
  // always the caller's own, so the body is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, null),
  );

  app.get(
    '/api/admin/dashboard/get-dashboard-info',
    { schema: { tags, response: okResponse(dashboardInfo) } },
    async (request) => ok(await getDashboardInfo(ctx.db, requireUser(request))),
  );

  app.post(
    '/api/admin/dashboard/get-sessions',
    { schema: { tags, response: okResponse(loginSession.nullable()) } },
    async (request) => ok(await getPreviousSession(ctx.db, requireUser(request))),
  );
};
