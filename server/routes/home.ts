import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissionStatisticsQuery } from '../../shared/schemas/ranks';
import {
  otherContest,
  recentContest,
  recentProblem,
  submissionStatistics,
} from '../../shared/schemas/responses/home';
import { weekLeader } from '../../shared/schemas/responses/ranks';
import type { AppContext } from '../context';
import { ok, okCached, okResponse } from '../plugins/envelope';
import { isRootUser } from '../services/authz';
import { getRecentContests } from '../services/home/recent-contests';
import { getRecentProblems } from '../services/home/recent-problems';
import { getSubmissionStatistics } from '../services/home/submission-statistics';
import { getWeekLeaders } from '../services/ranks/week-leaders';

/**
 * The home page's calls at HOJ's paths (HOJ's HomeController; docs/architecture.md, Ranks and home
 * page). The carousel (`/api/home-carousel`) and the announcements have their own routes.
 */
export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['home'];

  app.get(
    '/api/get-recent-contest',
    { schema: { tags, response: okResponse(z.array(recentContest)) } },
    async () => ok(await getRecentContests(ctx.db, ctx.caches.home)),
  );

  // HOJ fills this from a crawler of other sites' contests; this server makes no outside calls
  app.get(
    '/api/get-recent-other-contest',
    { schema: { tags, response: okResponse(z.array(otherContest)) } },
    async () => ok([]),
  );

  app.get(
    '/api/get-recent-seven-ac-rank',
    { schema: { tags, response: okResponse(z.array(weekLeader)) } },
    async (_request, reply) => okCached(reply, await getWeekLeaders(ctx.db, ctx.caches.ranks)),
  );

  app.get(
    '/api/get-recent-updated-problem',
    { schema: { tags, response: okResponse(z.array(recentProblem)) } },
    async (_request, reply) => okCached(reply, await getRecentProblems(ctx.db, ctx.caches.home)),
  );

  app.get(
    '/api/get-last-week-submission-statistics',
    { schema: { tags, querystring: submissionStatisticsQuery, response: okResponse(submissionStatistics) } },
    async (request, reply) => {
      // HOJ: only root may make the server count again; anyone else gets the kept counts
      const fresh = !!request.query.forceRefresh && isRootUser(request.user);
      return okCached(reply, await getSubmissionStatistics(ctx.db, ctx.caches.home, fresh));
    },
  );
};
