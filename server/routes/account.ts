import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '../../shared/schemas/forms';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { login, revokeTokens } from '../services/auth/login';
import { loadSettings } from '../services/site/settings';

/** Account and site calls of spec §7 (first table). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/get-website-config', { schema: { tags: ['site'] } }, async () =>
    ok((await loadSettings(ctx.db)).web),
  );

  app.post('/api/login', { schema: { tags: ['account'], body: loginSchema } }, async (request, reply) => {
    const { token, userInfo } = await login(ctx.db, ctx.tokens, request.body);
    reply.header('Authorization', token);
    return ok(userInfo);
  });

  app.get('/api/logout', { schema: { tags: ['account'] } }, async (request) => {
    const user = requireUser(request);
    await revokeTokens(ctx.db, user.uid);
    return ok(null, request.t('server.loggedOut'));
  });

  app.get('/api/get-user-auth-info', { schema: { tags: ['account'] } }, async (request) => {
    const user = requireUser(request);
    return ok({ roles: user.roles, permissions: null });
  });
};
