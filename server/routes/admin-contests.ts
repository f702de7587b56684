import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addContestProblemBody,
  adminContestListQuery,
  adminContestProblemListQuery,
  changeContestVisibleQuery,
  contestCreateBody,
  contestIdQuery,
  contestProblemQuery,
  contestProblemUpdateBody,
  contestUpdateBody,
} from '../../shared/schemas/contests';
import { page } from '../../shared/schemas/responses/common';
import {
  adminContestListItem,
  adminContestProblemList,
  adminContestVO,
  contestProblem,
} from '../../shared/schemas/responses/contests';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  changeContestVisible,
  createContest,
  deleteContest,
  getAdminContest,
  listAdminContests,
  updateContest,
} from '../services/contests/admin-contests';
import {
  addProblemFromPublic,
  getContestProblem,
  listAdminContestProblems,
  removeContestProblem,
  updateContestProblem,
} from '../services/contests/contest-problems';

/** Contest administration at HOJ's admin paths (/api/admin/contest/*). */
export const adminContestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin', 'contest'];

  app.get(
    '/api/admin/contest/get-contest-list',
    {
      schema: { tags, querystring: adminContestListQuery, response: okResponse(page(adminContestListItem)) },
    },
    async (request) => ok(await listAdminContests(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/admin/contest',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(adminContestVO) } },
    async (request) => ok(await getAdminContest(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post(
    '/api/admin/contest',
    { schema: { tags, body: contestCreateBody, response: okResponse(adminContestVO) } },
    async (request) =>
      ok(await createContest(ctx.db, requireUser(request), request.body), request.t('contest.created')),
  );

  app.put(
    '/api/admin/contest',
    { schema: { tags, body: contestUpdateBody, response: okResponse(adminContestVO) } },
    async (request) =>
      ok(await updateContest(ctx.db, requireUser(request), request.body), request.t('contest.updated')),
  );

  app.delete(
    '/api/admin/contest',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteContest(ctx.db, requireUser(request), request.query.cid);
      return ok(null, request.t('contest.deleted'));
    },
  );

  app.put(
    '/api/admin/contest/change-contest-visible',
    { schema: { tags, querystring: changeContestVisibleQuery, response: okResponse(z.null()) } },
    async (request) => {
      await changeContestVisible(ctx.db, requireUser(request), request.query.cid, request.query.visible);
      return ok(null, request.t('contest.updated'));
    },
  );

  app.get(
    '/api/admin/contest/get-problem-list',
    {
      schema: {
        tags,
        querystring: adminContestProblemListQuery,
        response: okResponse(adminContestProblemList),
      },
    },
    async (request) => ok(await listAdminContestProblems(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/contest/add-problem-from-public',
    { schema: { tags, body: addContestProblemBody, response: okResponse(contestProblem) } },
    async (request) => {
      const link = await addProblemFromPublic(ctx.db, ctx.queue.events, requireUser(request), request.body);
      return ok(link, request.t('contest.problemAdded'));
    },
  );

  app.get(
    '/api/admin/contest/contest-problem',
    { schema: { tags, querystring: contestProblemQuery, response: okResponse(contestProblem) } },
    async (request) =>
      ok(await getContestProblem(ctx.db, requireUser(request), request.query.cid, request.query.pid)),
  );

  app.put(
    '/api/admin/contest/contest-problem',
    { schema: { tags, body: contestProblemUpdateBody, response: okResponse(contestProblem) } },
    async (request) =>
      ok(
        await updateContestProblem(ctx.db, ctx.queue.events, requireUser(request), request.body),
        request.t('contest.updated'),
      ),
  );

  app.delete(
    '/api/admin/contest/contest-problem',
    { schema: { tags, querystring: contestProblemQuery, response: okResponse(z.null()) } },
    async (request) => {
      await removeContestProblem(ctx.db, requireUser(request), request.query.cid, request.query.pid);
      return ok(null, request.t('contest.problemRemoved'));
    },
  );
};
