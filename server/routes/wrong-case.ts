import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WrongCaseInfo } from '../../shared/api/types';
import { submitIdQuery } from '../../shared/schemas/api';
import { wrongCaseInfo } from '../../shared/schemas/responses/submissions';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { downloadWrongCase, wrongCaseState } from '../services/submissions/wrong-case';

/** The wrong-case card of the submission detail: its state and the download. */
export const wrongCaseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-wrong-case-info',
    { schema: { tags: ['submissions'], querystring: submitIdQuery, response: okResponse(wrongCaseInfo) } },
    async (request) => {
      const user = requireUser(request);
      const state = await wrongCaseState(ctx.db, user, request.query.submitId);
      const info: WrongCaseInfo = {
        downloadable: state.reasonKey === null && state.remaining > 0,
        reason: state.reasonKey === null ? null : request.t(state.reasonKey),
        caseSeq: state.caseSeq,
        dailyLimit: state.dailyLimit,
        remaining: state.remaining,
      };
      return ok(info);
    },
  );

  app.get(
    '/api/file/download-wrong-case',
    // a zip: no response schema
    { schema: { tags: ['submissions'], querystring: submitIdQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await downloadWrongCase(ctx.db, ctx.files, user, request.query.submitId);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Downloads-Remaining', String(file.remaining))
        .send(file.zip);
    },
  );
};
