import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestIdQuery, contestRankBody } from '../../shared/schemas/contests';
import { page } from '../../shared/schemas/responses/common';
import { contestOutsideInfo, contestRankRowWire } from '../../shared/schemas/responses/contest-rank';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { getContestRank, getOutsideInfo, getOutsideScoreboard } from '../services/contests/board/rank-pages';

/** Contest scoreboards at HOJ's paths: the board inside the contest, the public board and its info. */
export const contestRankRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];
  // ACM or OI rows after the contest's type, which only the service learns (contest-rank.ts schemas)
  const board = okResponse(page(contestRankRowWire));

  app.post(
    '/api/get-contest-rank',
    { schema: { tags, body: contestRankBody, response: board } },
    async (request) =>
      ok(await getContestRank(ctx.db, ctx.caches.contestBoards, requireUser(request), request.body)),
  );

  app.post(
    '/api/get-contest-outside-scoreboard',
    { schema: { tags, body: contestRankBody, response: board } },
    async (request) =>
      ok(await getOutsideScoreboard(ctx.db, ctx.caches.contestBoards, request.user, request.body)),
  );

  app.get(
    '/api/get-contest-outsize-info',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(contestOutsideInfo) } },
    async (request) => ok(await getOutsideInfo(ctx.db, request.user, request.query.cid)),
  );
};
