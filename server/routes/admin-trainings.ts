import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { page } from '../../shared/schemas/responses/common';
import {
  adminTraining,
  adminTrainingDto,
  adminTrainingProblemList,
  trainingCategory,
  trainingProblemRow,
} from '../../shared/schemas/responses/trainings';
import {
  addTrainingProblemBody,
  adminTrainingListQuery,
  adminTrainingProblemListQuery,
  changeTrainingStatusQuery,
  trainingCategoryBody,
  trainingCategoryDeleteQuery,
  trainingCreateBody,
  trainingIdQuery,
  trainingProblemDeleteQuery,
  trainingProblemUpdateBody,
  trainingUpdateBody,
} from '../../shared/schemas/trainings';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  adminAddTraining,
  adminChangeTrainingStatus,
  adminDeleteTraining,
  adminGetTraining,
  adminListTrainings,
  adminUpdateTraining,
} from '../services/trainings/admin';
import {
  addTrainingProblem,
  listAdminTrainingProblems,
  removeTrainingProblem,
  updateTrainingProblem,
} from '../services/trainings/admin-problems';
import {
  addTrainingCategory,
  deleteTrainingCategory,
  updateTrainingCategory,
} from '../services/trainings/categories';

const tags = ['admin-training'];

/** The console's training calls at HOJ's paths (/api/admin/training*; who may call what: services/trainings/admin.ts). */
export const adminTrainingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/training/get-training-list',
    { schema: { tags, querystring: adminTrainingListQuery, response: okResponse(page(adminTraining)) } },
    async (request) => ok(await adminListTrainings(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/admin/training',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(adminTrainingDto) } },
    async (request) => ok(await adminGetTraining(ctx.db, requireUser(request), request.query.tid)),
  );

  app.post(
    '/api/admin/training',
    { schema: { tags, body: trainingCreateBody, response: okResponse(adminTrainingDto) } },
    async (request) =>
      ok(
        await adminAddTraining(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.created'),
      ),
  );

  app.put(
    '/api/admin/training',
    { schema: { tags, body: trainingUpdateBody, response: okResponse(adminTrainingDto) } },
    async (request) =>
      ok(
        await adminUpdateTraining(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.updated'),
      ),
  );

  app.delete(
    '/api/admin/training',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await adminDeleteTraining(ctx.db, requireUser(request), request.query.tid);
      return ok(null, request.t('trainingAdmin.deleted'));
    },
  );

  app.put(
    '/api/admin/training/change-training-status',
    { schema: { tags, querystring: changeTrainingStatusQuery, response: okResponse(z.null()) } },
    async (request) => {
      await adminChangeTrainingStatus(ctx.db, requireUser(request), request.query.tid, request.query.status);
      return ok(null, request.t('trainingAdmin.updated'));
    },
  );

  app.get(
    '/api/admin/training/get-problem-list',
    {
      schema: {
        tags,
        querystring: adminTrainingProblemListQuery,
        response: okResponse(adminTrainingProblemList),
      },
    },
    async (request) => ok(await listAdminTrainingProblems(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/training/add-problem-from-public',
    { schema: { tags, body: addTrainingProblemBody, response: okResponse(trainingProblemRow) } },
    async (request) =>
      ok(
        await addTrainingProblem(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.problemAdded'),
      ),
  );

  app.put(
    '/api/admin/training/problem',
    { schema: { tags, body: trainingProblemUpdateBody, response: okResponse(trainingProblemRow) } },
    async (request) =>
      ok(
        await updateTrainingProblem(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.updated'),
      ),
  );

  app.delete(
    '/api/admin/training/problem',
    { schema: { tags, querystring: trainingProblemDeleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      await removeTrainingProblem(ctx.db, requireUser(request), request.query.tid, request.query.pid);
      return ok(null, request.t('trainingAdmin.problemRemoved'));
    },
  );

  app.post(
    '/api/admin/training/category',
    { schema: { tags, body: trainingCategoryBody, response: okResponse(trainingCategory) } },
    async (request) =>
      ok(
        await addTrainingCategory(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.categorySaved'),
      ),
  );

  app.put(
    '/api/admin/training/category',
    { schema: { tags, body: trainingCategoryBody, response: okResponse(trainingCategory) } },
    async (request) =>
      ok(
        await updateTrainingCategory(ctx.db, requireUser(request), request.body),
        request.t('trainingAdmin.categorySaved'),
      ),
  );

  app.delete(
    '/api/admin/training/category',
    { schema: { tags, querystring: trainingCategoryDeleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteTrainingCategory(ctx.db, requireUser(request), request.query.cid);
      return ok(null, request.t('trainingAdmin.categoryDeleted'));
    },
  );
};
