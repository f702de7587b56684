import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languagesQuery, problemDetailQuery, problemListQuery } from '../../shared/schemas/api';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { getProblemDetail, listProblems, problemLanguages } from '../services/problems/queries';

/** Problem calls of spec §7 (second table). */
export const problemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/languages',
    { schema: { tags: ['problems'], querystring: languagesQuery } },
    async (request) => {
      const all = ctx.languages.toLanguages();
      if (!request.query.pid || request.query.all) return ok(all);
      const allowed = new Set(await problemLanguages(ctx.db, ctx.languages, request.query.pid));
      return ok(all.filter((l) => allowed.has(l.name)));
    },
  );

  app.get(
    '/api/get-problem-list',
    { schema: { tags: ['problems'], querystring: problemListQuery } },
    async (request) => ok(await listProblems(ctx.db, request.query)),
  );

  app.get(
    '/api/get-problem-detail',
    { schema: { tags: ['problems'], querystring: problemDetailQuery } },
    async (request) =>
      ok(await getProblemDetail(ctx.db, ctx.languages, request.query.problemId, request.user)),
  );
};
