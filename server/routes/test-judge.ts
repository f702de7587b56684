import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testJudgeBody, testJudgeResultQuery } from '../../shared/schemas/api';
import { testJudgeResult } from '../../shared/schemas/responses/submissions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { getTestRunResult, submitTestRun } from '../services/submissions/test-run';

/** Online test runs (HOJ's submit-problem-test-judge and get-test-judge-result). */
export const testJudgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/submit-problem-test-judge',
    // the key to poll the result with ("TEST_JUDGE_<32 hex>")
    { schema: { tags: ['submissions'], body: testJudgeBody, response: okResponse(z.string()) } },
    async (request) => {
      const user = requireUser(request);
      return ok(await submitTestRun(ctx, user, request.body));
    },
  );

  app.get(
    '/api/get-test-judge-result',
    {
      schema: {
        tags: ['submissions'],
        querystring: testJudgeResultQuery,
        response: okResponse(testJudgeResult),
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await getTestRunResult(ctx.db, user, request.query.testJudgeKey));
    },
  );
};
