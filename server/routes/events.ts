import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE } from '../../shared/constants/live';
import { liveStreamQuery } from '../../shared/schemas/live';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { badRequest } from '../services/errors';
import { watchContest } from '../services/live/contest-watch';

/** The client must ask for an event stream: any other caller gets a plain answer, never a stream that never ends. */
function wantsEventStream(accept: string | undefined): boolean {
  return !!accept && accept.split(',').some((part) => part.trim().split(';')[0] === 'text/event-stream');
}

const lastEventIdOf = (header: string | string[] | undefined, query: string | undefined): string | null => {
  const value = Array.isArray(header) ? header[0] : header;
  const id = (value ?? query ?? '').trim();
  return id && id.length <= 64 ? id : null;
};

/**
 * GET /api/events: the live push channel (docs/architecture.md, Live push). A logged-in caller's
 * stream carries their own submissions, queue places and unread counts, and the contest it watches
 * (`contest`); a visitor may only watch a contest's public board.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    LIVE.path,
    {
      schema: {
        tags: ['live'],
        querystring: liveStreamQuery,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      if (!wantsEventStream(request.headers.accept)) throw badRequest('live.acceptEventStream');
      const cid = request.query.contest ?? null;
      // a visitor's stream exists only to watch a public board
      const user = cid === null ? requireUser(request) : request.user;
      if (cid !== null && request.tokenRejected) requireUser(request);
      const watch = cid === null ? null : await watchContest(ctx.db, user, cid);
      const stream = ctx.live.open({
        user,
        ip: request.ip,
        watch,
        lastEventId: lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId),
      });
      // the client going away ends the stream (and frees its place under the caps)
      reply.raw.on('close', () => stream.close());
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-store')
          // nginx: pass each event on at once instead of buffering the answer
          .header('X-Accel-Buffering', 'no')
          .send(stream.body)
      );
    },
  );
};
