import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLARIFICATION_PATHS as P } from '../../shared/api/clarification-endpoints';
import {
  answerClarificationBody,
  askClarificationBody,
  clarificationListQuery,
  clarificationQueueQuery,
  clarificationUnreadQuery,
  sendClarificationBody,
} from '../../shared/schemas/clarifications';
import {
  clarificationQueueItem,
  clarificationUnread,
  contestClarification,
} from '../../shared/schemas/responses/clarifications';
import { page } from '../../shared/schemas/responses/common';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { answerClarification, clarificationQueue, sendClarification } from '../services/clarifications/jury';
import { askClarification } from '../services/clarifications/questions';
import { listClarifications, unreadClarifications } from '../services/clarifications/reading';

/**
 * Contest clarifications (HOJ has none; paths in the style of its contest calls): participants ask and
 * read, the contest's admins answer from their queue and send clarifications to everyone.
 */
export const clarificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];
  const adminTags = ['admin', 'contest'];

  app.get(
    P.list,
    {
      schema: { tags, querystring: clarificationListQuery, response: okResponse(page(contestClarification)) },
    },
    async (request) => ok(await listClarifications(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    P.unread,
    { schema: { tags, querystring: clarificationUnreadQuery, response: okResponse(clarificationUnread) } },
    async (request) => ok(await unreadClarifications(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post(
    P.ask,
    { schema: { tags, body: askClarificationBody, response: okResponse(contestClarification) } },
    async (request) =>
      ok(
        await askClarification(ctx.db, requireUser(request), request.body),
        request.t('clarification.asked'),
      ),
  );

  app.get(
    P.queue,
    {
      schema: {
        tags: adminTags,
        querystring: clarificationQueueQuery,
        response: okResponse(page(clarificationQueueItem)),
      },
    },
    async (request) => ok(await clarificationQueue(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    P.send,
    { schema: { tags: adminTags, body: sendClarificationBody, response: okResponse(contestClarification) } },
    async (request) =>
      ok(
        await sendClarification(ctx.db, requireUser(request), request.body),
        request.t('clarification.sent'),
      ),
  );

  app.post(
    P.answer,
    {
      schema: {
        tags: adminTags,
        body: answerClarificationBody,
        response: okResponse(clarificationQueueItem),
      },
    },
    async (request) =>
      ok(
        await answerClarification(ctx.db, requireUser(request), request.body),
        request.t('clarification.answered'),
      ),
  );
};
