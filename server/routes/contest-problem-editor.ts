import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemAuth } from '../../shared/constants/problems';
import { dbId } from '../../shared/schemas/db-int';
import { adminProblemQuery, problemDtoBody } from '../../shared/schemas/problem-admin';
import { adminProblem, savedProblem } from '../../shared/schemas/responses/problem-editor';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { removeContestProblem } from '../services/contests/contest-problems';
import { deleteProblem } from '../services/problems/admin/delete';
import { getAdminProblem } from '../services/problems/admin/read';
import { createProblem, updateProblem } from '../services/problems/admin/save';

const tags = ['contest-admin'];
const deleteQuery = z.object({
  pid: adminProblemQuery.shape.pid,
  cid: dbId().optional(),
});

/**
 * HOJ's problems made for a contest (`/api/admin/contest/problem`): the problem editor's calls,
 * with a new problem kept for contests only (its contest's participants see it, nobody else).
 * The editor then places it in the contest with PUT /api/admin/contest/contest-problem.
 */
export const contestProblemEditorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const saveCtx = { db: ctx.db, files: ctx.files, events: ctx.queue.events, languages: ctx.languages };

  app.get(
    '/api/admin/contest/problem',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(adminProblem) } },
    async (request) => ok(await getAdminProblem(ctx.db, requireUser(request), request.query.pid)),
  );

  app.post(
    '/api/admin/contest/problem',
    { schema: { tags, body: problemDtoBody, response: okResponse(savedProblem) } },
    async (request) => {
      const dto = { ...request.body, problem: { ...request.body.problem, auth: ProblemAuth.CONTEST } };
      return ok(await createProblem(saveCtx, requireUser(request), dto), request.t('problemAdmin.saved'));
    },
  );

  app.put(
    '/api/admin/contest/problem',
    { schema: { tags, body: problemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(await updateProblem(saveCtx, requireUser(request), request.body), request.t('problemAdmin.saved')),
  );

  app.delete(
    '/api/admin/contest/problem',
    { schema: { tags, querystring: deleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      const user = requireUser(request);
      // with a contest: take the problem out of it (as HOJ); without: delete the problem itself
      if (request.query.cid) await removeContestProblem(ctx.db, user, request.query.cid, request.query.pid);
      else await deleteProblem(ctx.db, ctx.queue.events, user, request.query.pid);
      return ok(null, request.t('problemAdmin.deleted'));
    },
  );
};
