import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkContestStatusBody,
  contestIdQuery,
  contestListQuery,
  contestProblemDetailQuery,
  contestProblemListQuery,
  contestSubmissionsQuery,
  registerContestBody,
} from '../../shared/schemas/contests';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { checkContestStatuses, listContestSubmissions } from '../services/contests/contest-submissions';
import { getContestProblemDetail, listContestProblems } from '../services/contests/participant-problems';
import {
  getContestAccess,
  getContestInfo,
  listContests,
  registerContest,
} from '../services/contests/public-contests';

/** The participants' contest calls, at HOJ's paths. */
export const contestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];

  app.get('/api/get-contest-list', { schema: { tags, querystring: contestListQuery } }, async (request) =>
    ok(await listContests(ctx.db, request.query)),
  );

  app.get('/api/get-contest-info', { schema: { tags, querystring: contestIdQuery } }, async (request) =>
    ok(await getContestInfo(ctx.db, requireUser(request), request.query.cid)),
  );

  app.get('/api/get-contest-access', { schema: { tags, querystring: contestIdQuery } }, async (request) =>
    ok(await getContestAccess(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post('/api/register-contest', { schema: { tags, body: registerContestBody } }, async (request) => {
    const { alreadyRegistered } = await registerContest(ctx.db, requireUser(request), request.body);
    return ok(null, request.t(alreadyRegistered ? 'contest.alreadyRegistered' : 'contest.registered'));
  });

  app.get(
    '/api/get-contest-problem',
    { schema: { tags, querystring: contestProblemListQuery } },
    async (request) =>
      ok(await listContestProblems(ctx.db, request.user, request.query.cid, !!request.query.containsEnd)),
  );

  app.get(
    '/api/get-contest-problem-details',
    { schema: { tags, querystring: contestProblemDetailQuery } },
    async (request) =>
      ok(
        await getContestProblemDetail(ctx.db, ctx.languages, ctx.caches.problems, requireUser(request), {
          cid: request.query.cid,
          displayId: request.query.displayId,
          containsEnd: !!request.query.containsEnd,
        }),
      ),
  );

  app.get(
    '/api/contest-submissions',
    { schema: { tags, querystring: contestSubmissionsQuery } },
    async (request) => ok(await listContestSubmissions(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/check-contest-submissions-status',
    { schema: { tags, body: checkContestStatusBody } },
    async (request) =>
      ok(await checkContestStatuses(ctx.db, requireUser(request), request.body.cid, request.body.submitIds)),
  );
};
