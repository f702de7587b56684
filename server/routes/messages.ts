import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { unreadCounts } from '../services/messages/unread';

/** Message centre calls (spec §7): only the unread counts so far. */
export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/msg/unread', { schema: { tags: ['messages'] } }, async (request) => {
    const user = requireUser(request);
    return ok(await unreadCounts(ctx.db, user.uid));
  });
};
