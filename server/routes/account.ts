import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema } from '../../shared/schemas/forms';
import { authInfo, loginPuzzle, userInfo } from '../../shared/schemas/responses/account';
import { websiteConfig } from '../../shared/schemas/responses/site';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { login, revokeTokens } from '../services/auth/login';
import { createLoginPuzzle } from '../services/auth/puzzle';
import { loadSettings } from '../services/site/settings';

/** Account and site calls at HOJ's paths: web config, login, login puzzle, logout, auth info. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-website-config',
    { schema: { tags: ['site'], response: okResponse(websiteConfig) } },
    async () =>
      ok({
        ...(await loadSettings(ctx.db)).web,
        // demo sites without SMTP say on the register and reset screens where the mail goes
        mailLocalFiles: ctx.mail.localFiles && ctx.config.demo,
      }),
  );

  app.post(
    '/api/login',
    { schema: { tags: ['account'], body: loginBodySchema, response: okResponse(userInfo) } },
    async (request, reply) => {
      const { token, userInfo } = await login(
        ctx.db,
        ctx.tokens,
        request.body,
        request.ip,
        request.headers['user-agent'],
      );
      reply.header('Authorization', token);
      return ok(userInfo);
    },
  );

  /**
   * Verdict's slide puzzle (the server asks for it after 5 failed logins: data.needPuzzle): the
   * background with the cut-out and the piece; POST /api/login then takes puzzleKey and puzzleX.
   */
  app.get(
    '/api/get-login-puzzle',
    { schema: { tags: ['account'], response: okResponse(loginPuzzle) } },
    async (request) => ok(await createLoginPuzzle(ctx.db, request.ip)),
  );

  app.get(
    '/api/logout',
    { schema: { tags: ['account'], response: okResponse(z.null()) } },
    async (request) => {
      const user = requireUser(request);
      await revokeTokens(ctx.db, user.uid);
      return ok(null, request.t('server.loggedOut'));
    },
  );

  app.get(
    '/api/get-user-auth-info',
    { schema: { tags: ['account'], response: okResponse(authInfo) } },
    async (request) => {
      const user = requireUser(request);
      return ok({ roles: user.roles, permissions: null });
    },
  );
};
