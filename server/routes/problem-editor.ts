import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testdataUploadQuery } from '../../shared/schemas/group-problems';
import {
  adminProblemListQuery,
  adminProblemQuery,
  compileCheckerBody,
  problemDtoBody,
} from '../../shared/schemas/problem-admin';
import { page } from '../../shared/schemas/responses/common';
import {
  adminProblem,
  adminProblemCase,
  codeTemplate,
  savedProblem,
  stagedUpload,
} from '../../shared/schemas/responses/problem-editor';
import { language, problem, tag } from '../../shared/schemas/responses/problems';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { readUpload } from '../plugins/multipart-upload';
import { IMPORT_LIMITS } from '../services/packages/archive';
import { compileChecker } from '../services/problems/admin/compile-checker';
import { deleteProblem } from '../services/problems/admin/delete';
import { getAdminProblem, getAdminProblemCases, listAdminProblems } from '../services/problems/admin/read';
import { createProblem, updateProblem } from '../services/problems/admin/save';
import { downloadTestdata } from '../services/problems/admin/testdata-download';
import { problemCodeTemplates, problemLanguageList, problemTags } from '../services/problems/problem-calls';
import { allTags } from '../services/problems/tags';
import { assertCanUploadTestdata, stageTestdata } from '../services/problems/testdata/staging';

const tags = ['admin-problems'];
const pidQuery = z.object({ pid: adminProblemQuery.shape.pid, isUpload: z.string().optional() });

/** The admin console's problem pages at HOJ's paths (docs/security.md, Problems in the admin console). */
export const problemEditorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const saveCtx = { db: ctx.db, files: ctx.files, events: ctx.queue.events, languages: ctx.languages };

  app.get(
    '/api/admin/problem/get-problem-list',
    { schema: { tags, querystring: adminProblemListQuery, response: okResponse(page(problem)) } },
    async (request) => ok(await listAdminProblems(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/admin/problem',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(adminProblem) } },
    async (request) => ok(await getAdminProblem(ctx.db, requireUser(request), request.query.pid)),
  );

  app.post(
    '/api/admin/problem',
    { schema: { tags, body: problemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(await createProblem(saveCtx, requireUser(request), request.body), request.t('problemAdmin.saved')),
  );

  app.put(
    '/api/admin/problem',
    { schema: { tags, body: problemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(await updateProblem(saveCtx, requireUser(request), request.body), request.t('problemAdmin.saved')),
  );

  app.delete(
    '/api/admin/problem',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteProblem(ctx.db, ctx.queue.events, requireUser(request), request.query.pid);
      return ok(null, request.t('problemAdmin.deleted'));
    },
  );

  app.get(
    '/api/admin/problem/get-problem-cases',
    { schema: { tags, querystring: pidQuery, response: okResponse(z.array(adminProblemCase)) } },
    async (request) =>
      ok(await getAdminProblemCases(ctx.db, ctx.files, requireUser(request), request.query.pid)),
  );

  // HOJ answers these to anyone; the problem's page shows the same (services/problems/problem-calls.ts)
  app.get(
    '/api/get-problem-tags',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(z.array(tag)) } },
    async (request) => ok(await problemTags(ctx.db, request.user, request.query.pid)),
  );

  app.get(
    '/api/get-all-problem-tags',
    {
      schema: {
        tags,
        querystring: z.object({ oj: z.string().optional() }),
        response: okResponse(z.array(tag)),
      },
    },
    async () => ok(await allTags(ctx.db)),
  );

  app.get(
    '/api/get-problem-code-template',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(z.array(codeTemplate)) } },
    async (request) => ok(await problemCodeTemplates(ctx.db, ctx.languages, request.user, request.query.pid)),
  );

  app.get(
    '/api/get-problem-languages',
    { schema: { tags, querystring: adminProblemQuery, response: okResponse(z.array(language)) } },
    async (request) => ok(await problemLanguageList(ctx.db, ctx.languages, request.user, request.query.pid)),
  );

  for (const path of ['/api/admin/problem/compile-spj', '/api/admin/problem/compile-interactive']) {
    app.post(
      path,
      { schema: { tags, body: compileCheckerBody, response: okResponse(z.null()) } },
      async (request) => {
        await compileChecker(
          { db: ctx.db, languages: ctx.languages, compile: ctx.compileProgram },
          requireUser(request),
          request.body,
        );
        return ok(null, request.t('problemAdmin.compiled'));
      },
    );
  }

  app.get(
    '/api/file/download-testcase',
    // a zip: no response schema
    { schema: { tags, querystring: adminProblemQuery } },
    async (request, reply) => {
      const file = await downloadTestdata(ctx.db, ctx.files, requireUser(request), request.query.pid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.zip);
    },
  );

  app.post(
    '/api/file/upload-testcase-zip',
    // `?gid=`: a group's admin uploads for their group's problem (HOJ's group editor)
    { schema: { tags, querystring: testdataUploadQuery, response: okResponse(stagedUpload) } },
    async (request) => {
      const user = requireUser(request);
      await assertCanUploadTestdata(ctx.db, user, request.query.gid);
      const upload = await readUpload(request);
      return ok(await stageTestdata(ctx.db, ctx.files, user, upload.data));
    },
  );
};
