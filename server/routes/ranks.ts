import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rankListQuery } from '../../shared/schemas/ranks';
import { page } from '../../shared/schemas/responses/common';
import { acmRankItem, oiRankItem } from '../../shared/schemas/responses/ranks';
import type { AppContext } from '../context';
import { okCached, okResponse } from '../plugins/envelope';
import { getRankList } from '../services/ranks/rank-list';

/** The site's ranks at HOJ's path (HOJ's RankController; docs/architecture.md, Ranks and home page). */
export const rankRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-rank-list',
    {
      schema: {
        tags: ['ranks'],
        querystring: rankListQuery,
        // ACM rows carry ac/total/rating, OI rows score/ac/total
        response: okResponse(z.union([page(oiRankItem), page(acmRankItem)])),
      },
    },
    async (request, reply) => okCached(reply, await getRankList(ctx.db, ctx.caches.ranks, request.query)),
  );
};
