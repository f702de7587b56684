import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestIdQuery, contestRankBody } from '../../shared/schemas/contests';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { getContestRank, getOutsideInfo, getOutsideScoreboard } from '../services/contests/board/rank-pages';

/** Contest scoreboards at HOJ's paths: the board inside the contest, the public board and its info. */
export const contestRankRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];

  app.post('/api/get-contest-rank', { schema: { tags, body: contestRankBody } }, async (request) =>
    ok(await getContestRank(ctx.db, ctx.caches.contestBoards, requireUser(request), request.body)),
  );

  app.post(
    '/api/get-contest-outside-scoreboard',
    { schema: { tags, body: contestRankBody } },
    async (request) =>
      ok(await getOutsideScoreboard(ctx.db, ctx.caches.contestBoards, request.user, request.body)),
  );

  app.get(
    '/api/get-contest-outsize-info',
    { schema: { tags, querystring: contestIdQuery } },
    async (request) => ok(await getOutsideInfo(ctx.db, request.user, request.query.cid)),
  );
};
