import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeProblemAuthBody } from '../../shared/schemas/problem-admin';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { changeProblemAuth } from '../services/problems/change-auth';

/** Problem administration at HOJ's admin paths. */
export const adminProblemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/api/admin/problem/change-problem-auth',
    { schema: { tags: ['admin', 'problems'], body: changeProblemAuthBody, response: okResponse(z.null()) } },
    async (request) => {
      const { id, pid, auth } = request.body;
      await changeProblemAuth(ctx.db, ctx.queue.events, requireUser(request), { id: id ?? pid ?? 0, auth });
      return ok(null, request.t('problemAccess.authChanged'));
    },
  );
};
