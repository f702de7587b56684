import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scrollBoardInfo, scrollBoardSubmission } from '../../shared/schemas/responses/scroll-board';
import { scrollBoardInfoQuery, scrollBoardSubmissionQuery } from '../../shared/schemas/scroll-board';
import type { AppContext } from '../context';
import { ok, okResponse } from '../plugins/envelope';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../services/contests/scroll/scroll-board';

/**
 * The scroll board's data (the resolver-style replay of a frozen ACM board). HOJ serves both without
 * login; here a sealed board is for contest admins only (see loadScrollContest).
 */
export const scrollBoardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];

  app.get(
    '/api/get-contest-scroll-board-info',
    { schema: { tags, querystring: scrollBoardInfoQuery, response: okResponse(scrollBoardInfo) } },
    async (request) => ok(await getScrollBoardInfo(ctx.db, request.user, request.query.cid)),
  );

  app.get(
    '/api/get-contest-scroll-board-submission',
    {
      schema: {
        tags,
        querystring: scrollBoardSubmissionQuery,
        response: okResponse(z.array(scrollBoardSubmission)),
      },
    },
    async (request) =>
      ok(
        await getScrollBoardSubmissions(
          ctx.db,
          request.user,
          request.query.cid,
          request.query.removeStar ?? false,
        ),
      ),
  );
};
