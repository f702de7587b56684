import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminGroupProblemListQuery,
  applyGroupProblemPublicQuery,
  changeGroupProblemAuthQuery,
  changeGroupProblemProgressBody,
  groupIdQuery,
  groupProblemCasesQuery,
  groupProblemDtoBody,
  groupProblemIdQuery,
  groupProblemListQuery,
} from '../../shared/schemas/group-problems';
import { compileCheckerBody } from '../../shared/schemas/problem-admin';
import { page } from '../../shared/schemas/responses/common';
import {
  applyPublicProblem,
  groupAdminProblem,
  groupProblemListItem,
  groupTag,
} from '../../shared/schemas/responses/group-problems';
import { adminProblem, adminProblemCase, savedProblem } from '../../shared/schemas/responses/problem-editor';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  addGroupProblem,
  applyGroupProblemPublic,
  changeGroupProblemAuth,
  compileGroupChecker,
  deleteGroupProblem,
  getGroupProblem,
  getGroupProblemCases,
  getGroupProblemTags,
  listGroupAdminProblems,
  listGroupProblems,
  updateGroupProblem,
} from '../services/groups/problems';
import { changeApplyPublicProgress, listApplyPublicProblems } from '../services/groups/problems-admin';

/**
 * A group's problems at HOJ's paths (HOJ's GroupProblemController) and root's answer to a group's
 * request to publish one (HOJ's AdminGroupProblemController). The rules: docs/architecture.md,
 * Group problems and judging.
 */
export const groupProblemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['group-problems'];
  const saveCtx = { db: ctx.db, files: ctx.files, events: ctx.queue.events, languages: ctx.languages };
  const compileDeps = { db: ctx.db, languages: ctx.languages, compile: ctx.compileProgram };

  app.get(
    '/api/group/get-problem-list',
    {
      schema: { tags, querystring: groupProblemListQuery, response: okResponse(page(groupProblemListItem)) },
    },
    async (request) => ok(await listGroupProblems(ctx.db, request.user, request.query)),
  );

  app.get(
    '/api/group/get-admin-problem-list',
    { schema: { tags, querystring: groupProblemListQuery, response: okResponse(page(groupAdminProblem)) } },
    async (request) => ok(await listGroupAdminProblems(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/problem',
    { schema: { tags, querystring: groupProblemIdQuery, response: okResponse(adminProblem) } },
    async (request) => ok(await getGroupProblem(ctx.db, requireUser(request), request.query.pid)),
  );

  app.post(
    '/api/group/problem',
    { schema: { tags, body: groupProblemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(await addGroupProblem(saveCtx, requireUser(request), request.body), request.t('problemAdmin.saved')),
  );

  app.put(
    '/api/group/problem',
    { schema: { tags, body: groupProblemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(
        await updateGroupProblem(saveCtx, requireUser(request), request.body),
        request.t('problemAdmin.saved'),
      ),
  );

  app.delete(
    '/api/group/problem',
    { schema: { tags, querystring: groupProblemIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupProblem(ctx.db, ctx.queue.events, requireUser(request), request.query.pid);
      return ok(null, request.t('problemAdmin.deleted'));
    },
  );

  app.get(
    '/api/group/get-problem-cases',
    {
      schema: { tags, querystring: groupProblemCasesQuery, response: okResponse(z.array(adminProblemCase)) },
    },
    async (request) =>
      ok(await getGroupProblemCases(ctx.db, ctx.files, requireUser(request), request.query.pid)),
  );

  app.get(
    '/api/group/get-all-problem-tags',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(z.array(groupTag)) } },
    async (request) => ok(await getGroupProblemTags(ctx.db, requireUser(request), request.query.gid)),
  );

  for (const path of ['/api/group/compile-spj', '/api/group/compile-interactive']) {
    app.post(
      path,
      {
        schema: { tags, querystring: groupIdQuery, body: compileCheckerBody, response: okResponse(z.null()) },
      },
      async (request) => {
        await compileGroupChecker(compileDeps, requireUser(request), request.query.gid, request.body);
        return ok(null, request.t('problemAdmin.compiled'));
      },
    );
  }

  app.put(
    '/api/group/change-problem-auth',
    { schema: { tags, querystring: changeGroupProblemAuthQuery, response: okResponse(z.null()) } },
    async (request) => {
      const { pid, auth } = request.query;
      await changeGroupProblemAuth(ctx.db, ctx.queue.events, requireUser(request), pid, auth);
      return ok(null, request.t('problemAccess.authChanged'));
    },
  );

  app.put(
    '/api/group/apply-public',
    { schema: { tags, querystring: applyGroupProblemPublicQuery, response: okResponse(z.null()) } },
    async (request) => {
      const { pid, isApplied } = request.query;
      const key = await applyGroupProblemPublic(
        ctx.db,
        ctx.queue.events,
        requireUser(request),
        pid,
        isApplied,
      );
      return ok(null, request.t(key));
    },
  );

  app.get(
    '/api/admin/group-problem/list',
    {
      schema: {
        tags: ['admin', ...tags],
        querystring: adminGroupProblemListQuery,
        response: okResponse(page(applyPublicProblem)),
      },
    },
    async (request) => ok(await listApplyPublicProblems(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/admin/group-problem/change-progress',
    {
      schema: {
        tags: ['admin', ...tags],
        body: changeGroupProblemProgressBody,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await changeApplyPublicProgress(ctx.db, ctx.queue.events, requireUser(request), request.body);
      return ok(null, request.t('groupProblem.progressChanged'));
    },
  );
};
