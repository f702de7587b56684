import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkStatusBody, submissionListQuery, submitIdQuery } from '../../shared/schemas/api';
import { submitSchema } from '../../shared/schemas/forms';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { resubmit } from '../services/submissions/admin-judge';
import {
  checkStatuses,
  getAllCaseResult,
  getSubmissionDetail,
  listSubmissions,
} from '../services/submissions/queries';
import { submitSolution } from '../services/submissions/submit';

/** Submission calls of spec §7 (second table). */
export const submissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/submit-problem-judge',
    { schema: { tags: ['submissions'], body: submitSchema } },
    async (request) => {
      const user = requireUser(request);
      const submission = await submitSolution(
        { db: ctx.db, languages: ctx.languages, onQueued: ctx.notifyQueued },
        user,
        request.body,
        request.ip,
      );
      return ok(submission);
    },
  );

  app.get(
    '/api/get-submission-detail',
    { schema: { tags: ['submissions'], querystring: submitIdQuery } },
    async (request) => ok(await getSubmissionDetail(ctx.db, request.query.submitId, request.user)),
  );

  app.get(
    '/api/get-all-case-result',
    { schema: { tags: ['submissions'], querystring: submitIdQuery } },
    async (request) => ok(await getAllCaseResult(ctx.db, request.query.submitId, request.user)),
  );

  app.get(
    '/api/get-submission-list',
    { schema: { tags: ['submissions'], querystring: submissionListQuery } },
    async (request) => ok(await listSubmissions(ctx.db, request.query, request.user)),
  );

  app.get(
    '/api/resubmit',
    { schema: { tags: ['submissions'], querystring: submitIdQuery } },
    async (request) => ok(await resubmit(ctx, requireUser(request), request.query.submitId)),
  );

  app.post(
    '/api/check-submissions-status',
    { schema: { tags: ['submissions'], body: checkStatusBody } },
    async (request) => ok(await checkStatuses(ctx.db, request.body.submitIds)),
  );
};
