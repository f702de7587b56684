import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupContentListQuery,
  groupTrainingCreateBody,
  groupTrainingProblemFromGroupQuery,
  groupTrainingProblemListQuery,
} from '../../shared/schemas/group-content';
import {
  groupAdminTrainingPage,
  groupTrainingDto,
  groupTrainingPage,
  groupTrainingProblemList,
  groupTrainingProblemRow,
} from '../../shared/schemas/responses/group-content';
import {
  addTrainingProblemBody,
  changeTrainingStatusQuery,
  trainingIdQuery,
  trainingProblemDeleteQuery,
  trainingProblemUpdateBody,
  trainingUpdateBody,
} from '../../shared/schemas/trainings';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  addGroupTraining,
  addGroupTrainingProblemFromGroup,
  addGroupTrainingProblemFromPublic,
  changeGroupTrainingStatus,
  deleteGroupTraining,
  getGroupTraining,
  listGroupAdminTrainings,
  listGroupTrainingProblems,
  listGroupTrainings,
  removeGroupTrainingProblem,
  updateGroupTraining,
  updateGroupTrainingProblem,
} from '../services/groups/trainings';

const tags = ['group'];

/** A group's trainings at HOJ's paths (/api/group/*training*; who may call what: services/groups/trainings.ts). */
export const groupTrainingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/group/get-training-list',
    { schema: { tags, querystring: groupContentListQuery, response: okResponse(groupTrainingPage) } },
    async (request) => ok(await listGroupTrainings(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-admin-training-list',
    { schema: { tags, querystring: groupContentListQuery, response: okResponse(groupAdminTrainingPage) } },
    async (request) => ok(await listGroupAdminTrainings(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/training',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(groupTrainingDto) } },
    async (request) => ok(await getGroupTraining(ctx.db, requireUser(request), request.query.tid)),
  );

  app.post(
    '/api/group/training',
    { schema: { tags, body: groupTrainingCreateBody, response: okResponse(groupTrainingDto) } },
    async (request) =>
      ok(
        await addGroupTraining(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.created'),
      ),
  );

  app.put(
    '/api/group/training',
    { schema: { tags, body: trainingUpdateBody, response: okResponse(groupTrainingDto) } },
    async (request) =>
      ok(
        await updateGroupTraining(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.updated'),
      ),
  );

  app.delete(
    '/api/group/training',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupTraining(ctx.db, requireUser(request), request.query.tid);
      return ok(null, request.t('trainingAdmin.deleted'));
    },
  );

  app.put(
    '/api/group/change-training-status',
    { schema: { tags, querystring: changeTrainingStatusQuery, response: okResponse(z.null()) } },
    async (request) => {
      await changeGroupTrainingStatus(ctx.db, requireUser(request), request.query.tid, request.query.status);
      return ok(null, request.t('trainingAdmin.updated'));
    },
  );

  app.get(
    '/api/group/get-training-problem-list',
    {
      schema: {
        tags,
        querystring: groupTrainingProblemListQuery,
        response: okResponse(groupTrainingProblemList),
      },
    },
    async (request) => ok(await listGroupTrainingProblems(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/group/training-problem',
    { schema: { tags, body: trainingProblemUpdateBody, response: okResponse(groupTrainingProblemRow) } },
    async (request) =>
      ok(
        await updateGroupTrainingProblem(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.updated'),
      ),
  );

  app.delete(
    '/api/group/training-problem',
    { schema: { tags, querystring: trainingProblemDeleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      await removeGroupTrainingProblem(ctx.db, requireUser(request), request.query.tid, request.query.pid);
      return ok(null, request.t('trainingAdmin.problemRemoved'));
    },
  );

  app.post(
    '/api/group/add-training-problem-from-public',
    { schema: { tags, body: addTrainingProblemBody, response: okResponse(groupTrainingProblemRow) } },
    async (request) =>
      ok(
        await addGroupTrainingProblemFromPublic(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.problemAdded'),
      ),
  );

  app.post(
    '/api/group/add-training-problem-from-group',
    {
      schema: {
        tags,
        querystring: groupTrainingProblemFromGroupQuery,
        response: okResponse(groupTrainingProblemRow),
      },
    },
    async (request) =>
      ok(
        await addGroupTrainingProblemFromGroup(ctx.db, requireUser(request), request.query),
        request.t('trainingAdmin.problemAdded'),
      ),
  );
};
