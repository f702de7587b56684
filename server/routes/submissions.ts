import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkStatusBody,
  lastAcCodeQuery,
  shareSubmissionBody,
  submissionListQuery,
  submitIdQuery,
} from '../../shared/schemas/api';
import { submitSchema } from '../../shared/schemas/forms';
import { page } from '../../shared/schemas/responses/common';
import {
  allCaseResult,
  lastAcCode,
  submission,
  submissionDetail,
  submissionListItem,
} from '../../shared/schemas/responses/submissions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okCached, okResponse } from '../plugins/envelope';
import {
  pageWithQueuePlaces,
  recordWithQueuePlaces,
  withQueuePlaces,
} from '../services/judge-queue/queue-position';
import { resubmit } from '../services/submissions/admin-judge';
import { getLastAcCode } from '../services/submissions/last-ac-code';
import { listSubmissions } from '../services/submissions/list';
import { checkStatuses, getAllCaseResult, getSubmissionDetail } from '../services/submissions/queries';
import { setSubmissionShare } from '../services/submissions/share';
import { submitSolution } from '../services/submissions/submit';

/**
 * Submission calls at HOJ's paths: submit, list, detail, case results, polling, resubmit, last
 * accepted code, share.
 */
export const submissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/submit-problem-judge',
    { schema: { tags: ['submissions'], body: submitSchema, response: okResponse(submission) } },
    async (request) => {
      const user = requireUser(request);
      return ok(await submitSolution(ctx, user, request.body, request.ip));
    },
  );

  app.get(
    '/api/get-submission-detail',
    { schema: { tags: ['submissions'], querystring: submitIdQuery, response: okResponse(submissionDetail) } },
    async (request) => {
      const detail = await getSubmissionDetail(ctx.db, request.query.submitId, request.user);
      const [submission] = await withQueuePlaces(ctx.queuePlaces, [detail.submission]);
      return ok({ ...detail, submission });
    },
  );

  app.get(
    '/api/get-all-case-result',
    {
      schema: {
        tags: ['submissions'],
        querystring: submitIdQuery,
        // null when the caller may not see the cases
        response: okResponse(allCaseResult.nullable()),
      },
    },
    async (request) => ok(await getAllCaseResult(ctx.db, request.query.submitId, request.user)),
  );

  app.get(
    '/api/get-submission-list',
    {
      schema: {
        tags: ['submissions'],
        querystring: submissionListQuery,
        response: okResponse(page(submissionListItem)),
      },
    },
    async (request, reply) =>
      okCached(
        reply,
        await pageWithQueuePlaces(
          ctx.queuePlaces,
          await listSubmissions(ctx.db, request.query, request.user, ctx.caches.submissionList),
        ),
      ),
  );

  app.get(
    '/api/resubmit',
    { schema: { tags: ['submissions'], querystring: submitIdQuery, response: okResponse(submission) } },
    async (request) => ok(await resubmit(ctx, requireUser(request), request.query.submitId)),
  );

  app.get(
    '/api/get-last-ac-code',
    { schema: { tags: ['submissions'], querystring: lastAcCodeQuery, response: okResponse(lastAcCode) } },
    async (request) =>
      ok(await getLastAcCode(ctx.db, requireUser(request), request.query.pid, request.query.cid)),
  );

  app.put(
    '/api/submission',
    { schema: { tags: ['submissions'], body: shareSubmissionBody, response: okResponse(z.null()) } },
    async (request) => {
      const key = await setSubmissionShare(
        ctx.db,
        requireUser(request),
        request.body.submitId,
        request.body.share,
      );
      return ok(null, request.t(key));
    },
  );

  app.post(
    '/api/check-submissions-status',
    {
      schema: {
        tags: ['submissions'],
        body: checkStatusBody,
        // by submitId; submissions the caller may not poll are left out
        response: okResponse(z.record(z.string(), submissionListItem)),
      },
    },
    async (request) =>
      ok(
        await recordWithQueuePlaces(
          ctx.queuePlaces,
          await checkStatuses(ctx.db, request.body.submitIds, request.user),
        ),
      ),
  );
};
