import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkContestStatusBody,
  contestIdQuery,
  contestListQuery,
  contestProblemDetailQuery,
  contestProblemListQuery,
  contestSubmissionsQuery,
  registerContestBody,
} from '../../shared/schemas/contests';
import { page } from '../../shared/schemas/responses/common';
import {
  contestAccess,
  contestProblemDetail,
  contestProblemVO,
  contestVO,
} from '../../shared/schemas/responses/contests';
import { submissionListItem } from '../../shared/schemas/responses/submissions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { checkContestStatuses, listContestSubmissions } from '../services/contests/contest-submissions';
import { getContestProblemDetail, listContestProblems } from '../services/contests/participant-problems';
import {
  getContestAccess,
  getContestInfo,
  listContests,
  registerContest,
} from '../services/contests/public-contests';
import { pageWithQueuePlaces, recordWithQueuePlaces } from '../services/judge-queue/queue-position';

/** The participants' contest calls, at HOJ's paths. */
export const contestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];

  app.get(
    '/api/get-contest-list',
    { schema: { tags, querystring: contestListQuery, response: okResponse(page(contestVO)) } },
    async (request) => ok(await listContests(ctx.db, request.query)),
  );

  app.get(
    '/api/get-contest-info',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(contestVO) } },
    async (request) => ok(await getContestInfo(ctx.db, requireUser(request), request.query.cid)),
  );

  app.get(
    '/api/get-contest-access',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(contestAccess) } },
    async (request) => ok(await getContestAccess(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post(
    '/api/register-contest',
    { schema: { tags, body: registerContestBody, response: okResponse(z.null()) } },
    async (request) => {
      const { alreadyRegistered } = await registerContest(ctx.db, requireUser(request), request.body);
      return ok(null, request.t(alreadyRegistered ? 'contest.alreadyRegistered' : 'contest.registered'));
    },
  );

  app.get(
    '/api/get-contest-problem',
    {
      schema: { tags, querystring: contestProblemListQuery, response: okResponse(z.array(contestProblemVO)) },
    },
    async (request) =>
      ok(
        await listContestProblems(
          ctx.db,
          request.user,
          request.query.cid,
          !!request.query.containsEnd,
          ctx.caches.problems,
        ),
      ),
  );

  app.get(
    '/api/get-contest-problem-details',
    { schema: { tags, querystring: contestProblemDetailQuery, response: okResponse(contestProblemDetail) } },
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
    {
      schema: { tags, querystring: contestSubmissionsQuery, response: okResponse(page(submissionListItem)) },
    },
    async (request) =>
      ok(
        await pageWithQueuePlaces(
          ctx.queuePlaces,
          await listContestSubmissions(ctx.db, requireUser(request), request.query),
        ),
      ),
  );

  app.post(
    '/api/check-contest-submissions-status',
    {
      schema: {
        tags,
        body: checkContestStatusBody,
        // by submitId; submissions the caller may not poll are left out
        response: okResponse(z.record(z.string(), submissionListItem)),
      },
    },
    async (request) =>
      ok(
        await recordWithQueuePlaces(
          ctx.queuePlaces,
          await checkContestStatuses(ctx.db, requireUser(request), request.body.cid, request.body.submitIds),
        ),
      ),
  );
};
