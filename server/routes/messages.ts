import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_TYPES } from '../../shared/constants/messages';
import { pageQuery } from '../../shared/schemas/api';
import { cleanMessagesQuery } from '../../shared/schemas/messages';
import { page } from '../../shared/schemas/responses/common';
import { sysMsg, unreadCounts as unreadCountsSchema, userMsg } from '../../shared/schemas/responses/messages';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { cleanMessages, listMessages } from '../services/messages/inbox';
import { unreadCounts } from '../services/messages/unread';

/** The message centre (HOJ's /api/msg/*): the caller's own messages only. */
export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/msg/unread',
    { schema: { tags: ['messages'], response: okResponse(unreadCountsSchema) } },
    async (request) => {
      const user = requireUser(request);
      return ok(await unreadCounts(ctx.db, user));
    },
  );

  for (const type of MESSAGE_TYPES) {
    // sys and mine are notices in the caller's box; comment, reply and like are reminders
    const item = type === 'sys' || type === 'mine' ? sysMsg : userMsg;
    app.get(
      `/api/msg/${type}`,
      { schema: { tags: ['messages'], querystring: pageQuery, response: okResponse(page(item)) } },
      async (request) => {
        const user = requireUser(request);
        return ok(await listMessages(ctx.db, user, type, request.query));
      },
    );
  }

  app.delete(
    '/api/msg/clean',
    { schema: { tags: ['messages'], querystring: cleanMessagesQuery, response: okResponse(z.null()) } },
    async (request) => {
      const user = requireUser(request);
      const { type, id } = request.query;
      await cleanMessages(ctx.db, user, type, id);
      return ok(null, request.t(id === undefined ? 'messages.cleanedAll' : 'messages.deleted'));
    },
  );
};
