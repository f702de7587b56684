import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { page } from '../../shared/schemas/responses/common';
import {
  fullScreenProblem,
  trainingAccess,
  trainingCategory,
  trainingDetail,
  trainingProblemItem,
  trainingRankItem,
  trainingVO,
} from '../../shared/schemas/responses/trainings';
import {
  fullScreenListQuery,
  registerTrainingBody,
  trainingIdQuery,
  trainingListQuery,
  trainingRankQuery,
} from '../../shared/schemas/trainings';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { fullScreenProblemList } from '../services/trainings/full-screen';
import {
  listTrainingCategories,
  listTrainings,
  trainingAccess as readTrainingAccess,
  trainingDetail as readTrainingDetail,
  trainingProblemList,
} from '../services/trainings/queries';
import { trainingRank } from '../services/trainings/rank';
import { registerTraining } from '../services/trainings/register';

/** Trainings at HOJ's paths (HOJ's TrainingController; the rules: docs/architecture.md, Trainings). */
export const trainingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['training'];

  app.get(
    '/api/get-training-category',
    { schema: { tags, response: okResponse(z.array(trainingCategory)) } },
    async () => ok(await listTrainingCategories(ctx.db)),
  );

  app.get(
    '/api/get-training-list',
    { schema: { tags, querystring: trainingListQuery, response: okResponse(page(trainingVO)) } },
    async (request) => ok(await listTrainings(ctx.db, request.user, request.query)),
  );

  app.get(
    '/api/get-training-detail',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(trainingDetail) } },
    async (request) => ok(await readTrainingDetail(ctx.db, request.user, request.query.tid)),
  );

  app.get(
    '/api/get-training-problem-list',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(z.array(trainingProblemItem)) } },
    async (request) => ok(await trainingProblemList(ctx.db, request.user, request.query.tid)),
  );

  app.post(
    '/api/register-training',
    { schema: { tags, body: registerTrainingBody, response: okResponse(z.null()) } },
    async (request) => {
      await registerTraining(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('training.registered'));
    },
  );

  app.get(
    '/api/get-training-access',
    { schema: { tags, querystring: trainingIdQuery, response: okResponse(trainingAccess) } },
    async (request) => ok(await readTrainingAccess(ctx.db, requireUser(request), request.query.tid)),
  );

  app.get(
    '/api/get-training-rank',
    { schema: { tags, querystring: trainingRankQuery, response: okResponse(page(trainingRankItem)) } },
    async (request) => ok(await trainingRank(ctx.db, request.user, request.query)),
  );

  app.get(
    '/api/get-full-screen-problem-list',
    {
      schema: {
        tags: [...tags, 'contest'],
        querystring: fullScreenListQuery,
        response: okResponse(z.array(fullScreenProblem)),
      },
    },
    async (request) => ok(await fullScreenProblemList(ctx.db, requireUser(request), request.query)),
  );
};
