import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestIdQuery, contestListQuery, registerContestBody } from '../../shared/schemas/contests';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import {
  getContestAccess,
  getContestInfo,
  listContests,
  registerContest,
} from '../services/contests/public-contests';

/** The participants' contest calls (spec §7 "Contests"; reference §2.4). */
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
};
