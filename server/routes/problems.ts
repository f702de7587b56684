import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  explainListQuery,
  languagesQuery,
  problemAnnexFileQuery,
  problemAnnexQuery,
  problemDetailQuery,
  problemListQuery,
  tagsQuery,
  userProblemStatusBody,
} from '../../shared/schemas/api';
import { page } from '../../shared/schemas/responses/common';
import { randomProblem } from '../../shared/schemas/responses/home';
import {
  discussion,
  language,
  problemAnnexFile,
  problemDetail,
  problemListItem,
  tagGroup,
  userProblemStatus,
} from '../../shared/schemas/responses/problems';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okCached, okResponse } from '../plugins/envelope';
import { attachmentHeader, listAnnexFiles, readAnnexFile } from '../services/problems/annex';
import { listExplanations } from '../services/problems/explain';
import { randomProblem as pickRandomProblem } from '../services/problems/problem-calls';
import { getProblemDetailParts, listProblems, problemLanguages } from '../services/problems/queries';
import { tagsAndClassifications } from '../services/problems/tags';
import { userProblemStatuses } from '../services/problems/user-status';

/** Problem calls at HOJ's paths, and the problem page's own calls. */
export const problemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/languages',
    { schema: { tags: ['problems'], querystring: languagesQuery, response: okResponse(z.array(language)) } },
    async (request) => {
      const all = ctx.languages.toLanguages();
      if (!request.query.pid || request.query.all) return ok(all);
      const allowed = new Set(await problemLanguages(ctx.db, ctx.languages, request.query.pid));
      return ok(all.filter((l) => allowed.has(l.name)));
    },
  );

  app.get(
    '/api/get-problem-list',
    {
      schema: {
        tags: ['problems'],
        querystring: problemListQuery,
        response: okResponse(page(problemListItem)),
      },
    },
    async (request) => ok(await listProblems(ctx.db, request.query)),
  );

  app.get(
    '/api/get-random-problem',
    { schema: { tags: ['problems'], response: okResponse(randomProblem) } },
    async () => ok(await pickRandomProblem(ctx.db)),
  );

  app.get(
    '/api/get-problem-tags-and-classification',
    { schema: { tags: ['problems'], querystring: tagsQuery, response: okResponse(z.array(tagGroup)) } },
    async () => ok(await tagsAndClassifications(ctx.db)),
  );

  app.post(
    '/api/get-user-problem-status',
    {
      schema: {
        tags: ['problems'],
        body: userProblemStatusBody,
        response: okResponse(z.record(z.string(), userProblemStatus)),
      },
    },
    async (request) => ok(await userProblemStatuses(ctx.db, requireUser(request), request.body)),
  );

  app.get(
    '/api/get-problem-detail',
    { schema: { tags: ['problems'], querystring: problemDetailQuery, response: okResponse(problemDetail) } },
    async (request, reply) => {
      const { shared, problemCount, myStatus } = await getProblemDetailParts(
        ctx.db,
        ctx.languages,
        ctx.caches.problems,
        request.query.problemId,
        request.user,
      );
      // the shared part is serialized once per cached value; counts and the caller's status per call
      return okCached(reply, shared, { problemCount, myStatus });
    },
  );

  app.get(
    '/api/get-Explain-list',
    { schema: { tags: ['problems'], querystring: explainListQuery, response: okResponse(page(discussion)) } },
    async (request) => ok(await listExplanations(ctx.db, request.query, request.user)),
  );

  app.get(
    '/api/get-problem-annex-list',
    {
      schema: {
        tags: ['problems'],
        querystring: problemAnnexQuery,
        response: okResponse(z.array(problemAnnexFile)),
      },
    },
    async (request) => ok(await listAnnexFiles(ctx.db, request.query.problemId, request.user)),
  );

  app.get(
    '/api/file/download-problem-annex',
    { schema: { tags: ['problems'], querystring: problemAnnexFileQuery } },
    async (request, reply) => {
      const file = await readAnnexFile(ctx.db, request.query.problemId, request.query.name, request.user);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', attachmentHeader(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(file.content, 'utf8'));
    },
  );
};
