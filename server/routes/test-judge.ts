import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testJudgeBody, testJudgeResultQuery } from '../../shared/schemas/api';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { getTestRunResult, submitTestRun } from '../services/submissions/test-run';

/** Online test runs (HOJ's submit-problem-test-judge and get-test-judge-result). */
export const testJudgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/submit-problem-test-judge',
    { schema: { tags: ['submissions'], body: testJudgeBody } },
    async (request) => {
      const user = requireUser(request);
      return ok(await submitTestRun(ctx, user, request.body));
    },
  );

  app.get(
    '/api/get-test-judge-result',
    { schema: { tags: ['submissions'], querystring: testJudgeResultQuery } },
    async (request) => {
      const user = requireUser(request);
      return ok(await getTestRunResult(ctx.db, user, request.query.testJudgeKey));
    },
  );
};
