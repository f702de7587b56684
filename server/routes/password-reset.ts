import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyResetPasswordSchema, resetPasswordSchema } from '../../shared/schemas/forms';
import { captchaImage } from '../../shared/schemas/responses/account';
import type { AppContext } from '../context';
import { ok, okResponse } from '../plugins/envelope';
import { createCaptcha } from '../services/auth/captcha';
import { applyResetPassword, resetPassword } from '../services/auth/reset';
import { listenOrigin } from '../services/site/links';
import { accountDeps } from './registration';

/** Forgotten passwords (HOJ's captcha, apply-reset-password and reset-password). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/captcha',
    { schema: { tags: ['account'], response: okResponse(captchaImage) } },
    async (request) => ok(await createCaptcha(ctx.db, ctx.hasher, request.ip)),
  );

  app.post(
    '/api/apply-reset-password',
    { schema: { tags: ['account'], body: applyResetPasswordSchema, response: okResponse(z.null()) } },
    async (request) => {
      const msg = await applyResetPassword(accountDeps(ctx, request), request.body, {
        publicUrl: ctx.config.publicUrl,
        listenOrigin: listenOrigin(app.server.address()),
      });
      return ok(null, msg);
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { tags: ['account'], body: resetPasswordSchema, response: okResponse(z.null()) } },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null, request.t('server.passwordReset'));
    },
  );
};
