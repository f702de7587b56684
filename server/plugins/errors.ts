import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../services/errors';

/**
 * Every failure leaves as HOJ's envelope with the HTTP status mirroring the body status
 * (docs/architecture.md, Wire format), and a message in the caller's language. Unexpected errors
 * are logged and answered with a generic 500 that reveals nothing.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send({ status: error.status, data: error.data, msg: request.t(error.key, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? '';
      const translated = request.t(message);
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      const msg =
        translated !== message
          ? translated
          : request.t('server.badRequest', { detail: field ? `${field}: ${message}` : message });
      return reply.code(400).send({ status: 400, data: null, msg });
    }
    const code = error.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      return reply
        .code(400)
        .send({ status: 400, data: null, msg: request.t('server.badRequest', { detail: error.message }) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, data: null, msg: request.t('server.serverError') });
  });
});
