import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGE_TYPES } from '../../shared/constants/messages';
import { pageQuery } from '../../shared/schemas/api';
import { cleanMessagesQuery } from '../../shared/schemas/messages';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { cleanMessages, listMessages } from '../services/messages/inbox';
import { unreadCounts } from '../services/messages/unread';

/** The message centre (HOJ's /api/msg/*): the caller's own messages only. */
export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/msg/unread', { schema: { tags: ['messages'] } }, async (request) => {
    const user = requireUser(request);
    return ok(await unreadCounts(ctx.db, user));
  });

  for (const type of MESSAGE_TYPES) {
    app.get(
      `/api/msg/${type}`,
      { schema: { tags: ['messages'], querystring: pageQuery } },
      async (request) => {
        const user = requireUser(request);
        return ok(await listMessages(ctx.db, user, type, request.query));
      },
    );
  }

  app.delete(
    '/api/msg/clean',
    { schema: { tags: ['messages'], querystring: cleanMessagesQuery } },
    async (request) => {
      const user = requireUser(request);
      const { type, id } = request.query;
      await cleanMessages(ctx.db, user, type, id);
      return ok(null, request.t(id === undefined ? 'messages.cleanedAll' : 'messages.deleted'));
    },
  );
};
