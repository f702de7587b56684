import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailCodeQuery,
  changeEmailSchema,
  changePasswordSchema,
  heatmapQuery,
  userHomeQuery,
  userInfoUpdateSchema,
} from '../../shared/schemas/profile';
import { registerCodeSent, userInfo } from '../../shared/schemas/responses/account';
import { calendarHeatmap, changeAccountResult, userHome } from '../../shared/schemas/responses/profile';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  changeEmail,
  changePassword,
  sendChangeEmailCode,
  updateUserInfo,
} from '../services/profile/account';
import { getCalendarHeatmap } from '../services/profile/heatmap';
import { getUserHome } from '../services/profile/home';
import { accountDeps } from './registration';

/** Logged-in calls answer 401 before their input is looked at. */
async function loginFirst(request: FastifyRequest) {
  requireUser(request);
}

/** HOJ: without uid and username, the home page and heatmap are the logged-in caller's own. */
function whoseHome<T extends { uid?: string; username?: string }>(request: FastifyRequest, query: T): T {
  return query.uid || query.username || !request.user ? query : { ...query, uid: request.user.uid };
}

/** User home and account settings, at HOJ's paths. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-user-home-info',
    { schema: { tags: ['profile'], querystring: userHomeQuery, response: okResponse(userHome) } },
    async (request) => ok(await getUserHome(ctx.db, whoseHome(request, request.query))),
  );

  app.get(
    '/api/get-user-calendar-heatmap',
    { schema: { tags: ['profile'], querystring: heatmapQuery, response: okResponse(calendarHeatmap) } },
    async (request) => ok(await getCalendarHeatmap(ctx.db, whoseHome(request, request.query))),
  );

  app.post(
    '/api/change-userInfo',
    {
      preValidation: loginFirst,
      schema: { tags: ['profile'], body: userInfoUpdateSchema, response: okResponse(userInfo) },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await updateUserInfo(ctx.db, user.uid, request.body),
        request.t('profile.server.profileSaved'),
      );
    },
  );

  app.post(
    '/api/change-password',
    {
      preValidation: loginFirst,
      schema: { tags: ['profile'], body: changePasswordSchema, response: okResponse(changeAccountResult) },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await changePassword(
        {
          ...accountDeps(ctx, request),
          onNoticeError: (error) => request.log.error({ err: error }, 'password-change notice not sent'),
        },
        user.uid,
        request.body,
      );
      return ok(result, result.msg);
    },
  );

  app.get(
    '/api/get-change-email-code',
    {
      preValidation: loginFirst,
      schema: {
        tags: ['profile'],
        querystring: changeEmailCodeQuery,
        response: okResponse(registerCodeSent),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const sent = await sendChangeEmailCode(accountDeps(ctx, request), user.uid, request.query.email);
      return ok(sent, sent.msg);
    },
  );

  app.post(
    '/api/change-email',
    {
      preValidation: loginFirst,
      schema: { tags: ['profile'], body: changeEmailSchema, response: okResponse(changeAccountResult) },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await changeEmail(accountDeps(ctx, request), user.uid, request.body);
      return ok(result, result.msg);
    },
  );
};
