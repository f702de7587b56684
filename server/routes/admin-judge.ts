import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manualJudgeQuery, submitIdQuery } from '../../shared/schemas/api';
import { manualJudgeResult, submission } from '../../shared/schemas/responses/submissions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { cancelJudge, manualJudge, rejudge } from '../services/submissions/admin-judge';

/** Judge operations at HOJ's /api/admin/judge/*: rejudge, manual judge, cancel; root only. */
export const adminJudgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/judge/rejudge',
    { schema: { tags: ['admin'], querystring: submitIdQuery, response: okResponse(submission) } },
    async (request) => ok(await rejudge(ctx, requireUser(request), request.query.submitId)),
  );

  app.get(
    '/api/admin/judge/manual-judge',
    { schema: { tags: ['admin'], querystring: manualJudgeQuery, response: okResponse(manualJudgeResult) } },
    async (request) => ok(await manualJudge(ctx, requireUser(request), request.query)),
  );

  app.get(
    '/api/admin/judge/cancel-judge',
    { schema: { tags: ['admin'], querystring: submitIdQuery, response: okResponse(submission) } },
    async (request) => ok(await cancelJudge(ctx, requireUser(request), request.query.submitId)),
  );
};
