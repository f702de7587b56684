import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_FEED_EXPORT_PATH, EVENT_FEED_IMPORT_PATH } from '../../shared/api/event-feed-endpoints';
import { contestIdQuery } from '../../shared/schemas/contests';
import { importEventFeedBody } from '../../shared/schemas/event-feed';
import { importedContest } from '../../shared/schemas/responses/contest-ops';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { assertContestAdminArea } from '../services/contests/admin-contests';
import { exportContestEventFeed } from '../services/contests/feed/export';
import { EVENT_FEED_MAX_BYTES, importEventFeed } from '../services/contests/feed/import';
import { badRequest } from '../services/errors';

/** Content types of a raw NDJSON upload; application/json carries the text as one JSON string. */
const RAW_FEED_TYPES = ['application/x-ndjson', 'text/plain', 'application/octet-stream'];

/** ICPC Contest API event feeds: a contest's export, and contests imported from a feed. */
export const eventFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin', 'contest'];
  // this plugin's own parsers: the feed arrives as text, up to 64 MB
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    RAW_FEED_TYPES,
    { parseAs: 'string', bodyLimit: EVENT_FEED_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // a feed over the limit is refused with a message of its own; everything else goes to the site's handler
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw badRequest('eventFeed.tooLarge', { mb: EVENT_FEED_MAX_BYTES / (1024 * 1024) });
    }
    throw error;
  });

  // an NDJSON file: no response schema
  app.get(
    EVENT_FEED_EXPORT_PATH,
    { schema: { tags, querystring: contestIdQuery } },
    async (request, reply) => {
      const file = await exportContestEventFeed(ctx.db, requireUser(request), request.query.cid);
      return reply
        .header('Content-Type', 'application/x-ndjson; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.feed);
    },
  );

  app.post(
    EVENT_FEED_IMPORT_PATH,
    {
      schema: {
        tags,
        body: importEventFeedBody,
        consumes: [...RAW_FEED_TYPES, 'application/json'],
        response: okResponse(importedContest),
      },
      bodyLimit: EVENT_FEED_MAX_BYTES,
      // the caller's role is checked before the body (up to 64 MB) is read; a refused upload also closes
      // the connection, so the rest of it is not read and thrown away either
      onRequest: async (request, reply) => {
        try {
          assertContestAdminArea(requireUser(request));
        } catch (error) {
          reply.header('Connection', 'close');
          throw error;
        }
      },
    },
    async (request) =>
      ok(await importEventFeed(ctx.db, requireUser(request), request.body), request.t('eventFeed.imported')),
  );
};
