import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkUsernameOrEmailSchema, registerCodeQuery, registerSchema } from '../../shared/schemas/forms';
import { registerCodeSent, usernameOrEmailTaken } from '../../shared/schemas/responses/account';
import type { AppContext } from '../context';
import { ok, okResponse } from '../plugins/envelope';
import type { AccountDeps } from '../services/auth/account-deps';
import { checkUsernameOrEmail, register, sendRegisterCode } from '../services/auth/register';

/** The account services in the caller's language; a failed mail is logged without its content. */
export function accountDeps(ctx: AppContext, request: FastifyRequest): AccountDeps {
  return {
    db: ctx.db,
    hasher: ctx.hasher,
    mail: ctx.mail,
    t: (key, params) => request.t(key, params),
    onMailError: (error) => request.log.error({ err: error }, 'sending mail failed'),
  };
}

/** Registration with an e-mail code (HOJ's get-register-code, check-username-or-email, register). */
export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/get-register-code',
    { schema: { tags: ['account'], querystring: registerCodeQuery, response: okResponse(registerCodeSent) } },
    async (request) => {
      const sent = await sendRegisterCode(accountDeps(ctx, request), request.query.email, request.ip);
      return ok(sent, sent.msg);
    },
  );

  app.post(
    '/api/check-username-or-email',
    {
      schema: {
        tags: ['account'],
        body: checkUsernameOrEmailSchema,
        response: okResponse(usernameOrEmailTaken),
      },
    },
    async (request) => ok(await checkUsernameOrEmail({ db: ctx.db }, request.body)),
  );

  app.post(
    '/api/register',
    { schema: { tags: ['account'], body: registerSchema, response: okResponse(z.null()) } },
    async (request) => {
      await register(accountDeps(ctx, request), request.body);
      return ok(null, request.t('server.registered'));
    },
  );
};
