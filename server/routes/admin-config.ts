import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_ADMIN_LIMITS } from '../../shared/constants/limits';
import {
  carouselImage,
  dbConfig,
  emailConfig,
  judgeServiceInfo,
  serviceInfo,
  testEmailResult,
} from '../../shared/schemas/responses/admin-config';
import { carouselIdQuery, emailConfigBody, testEmailBody } from '../../shared/schemas/site-admin-config';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { uploadRefusal } from '../plugins/multipart-upload';
import { jwtSecret } from '../secrets';
import { badRequest } from '../services/errors';
import { getEmailConfig, sendTestEmail, setEmailConfig } from '../services/mail/mail-admin';
import { MailSettingsStore } from '../services/mail/mail-settings';
import {
  addCarouselImage,
  assertCanEditCarousel,
  carouselTooLarge,
  deleteCarouselImage,
  listCarousel,
} from '../services/site/carousel';
import {
  getDbConfig,
  getJudgeServiceInfo,
  getServiceInfo,
  refuseDbConfigChange,
} from '../services/site/service-info';

const tags = ['admin'];

/** Room for the multipart boundaries and part headers around the image. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * The image of a carousel upload: multipart field `file` (HOJ's name; `image`, the avatar's, is
 * taken too). An oversized body is refused from its declared length, and the connection closed
 * after the answer, so the rest is never read.
 */
async function readCarouselImage(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > SITE_ADMIN_LIMITS.carouselImageBytes + MULTIPART_OVERHEAD) {
    reply.header('Connection', 'close');
    throw carouselTooLarge();
  }
  if (!request.isMultipart()) throw badRequest('adminConfig.carouselImageRequired');
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if ((part.fieldname !== 'file' && part.fieldname !== 'image') || image) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (e) {
    reply.header('Connection', 'close');
    throw uploadRefusal(e, carouselTooLarge, () => badRequest('adminConfig.carouselImageRequired'));
  }
  if (!image || image.length === 0) throw badRequest('adminConfig.carouselImageRequired');
  return image;
}

/**
 * The admin console's site and judges pages at HOJ's paths (docs/security.md, Site settings in the
 * admin console): this server, its judges, mail, database and home carousel; root only, except the
 * carousel's public list.
 */
export const adminConfigRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: {
      fileSize: SITE_ADMIN_LIMITS.carouselImageBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
    },
  });
  // the same secret the tokens and the generated-account vault are keyed with (read once, as app.ts does)
  const store = new MailSettingsStore(ctx.db, jwtSecret(ctx.config.dataDir, ctx.config.jwtSecret));
  const mailDeps = { db: ctx.db, store, mail: ctx.mail, smtpUrl: ctx.config.smtpUrl };

  app.get(
    '/api/admin/config/get-service-info',
    { schema: { tags, response: okResponse(serviceInfo) } },
    async (request) => ok(await getServiceInfo(ctx, requireUser(request))),
  );

  app.get(
    '/api/admin/config/get-judge-service-info',
    { schema: { tags, response: okResponse(judgeServiceInfo) } },
    async (request) =>
      ok(await getJudgeServiceInfo({ db: ctx.db, leaseMs: ctx.queue.leaseMs }, requireUser(request))),
  );

  app.get(
    '/api/admin/config/get-email-config',
    { schema: { tags, response: okResponse(emailConfig) } },
    async (request) => ok(await getEmailConfig(mailDeps, requireUser(request))),
  );

  // HOJ's screen saves with PUT; POST is taken too
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/admin/config/set-email-config',
      schema: { tags, body: emailConfigBody, response: okResponse(emailConfig) },
      handler: async (request) =>
        ok(
          await setEmailConfig(mailDeps, requireUser(request), request.body),
          request.t('adminConfig.emailSaved'),
        ),
    });
  }

  app.post(
    '/api/admin/config/test-email',
    { schema: { tags, body: testEmailBody, response: okResponse(testEmailResult) } },
    async (request) => {
      const result = await sendTestEmail(mailDeps, requireUser(request), request.body.email, (key, params) =>
        request.t(key, params),
      );
      const key = result.source === 'files' ? 'adminConfig.testEmailWritten' : 'adminConfig.testEmailSent';
      return ok(result, request.t(key, { email: request.body.email }));
    },
  );

  app.get(
    '/api/admin/config/get-db-and-redis-config',
    { schema: { tags, response: okResponse(dbConfig) } },
    async (request) => ok(getDbConfig(ctx.config, requireUser(request))),
  );

  app.put(
    '/api/admin/config/set-db-and-redis-config',
    // whatever is sent, the answer is the same refusal
    { schema: { tags, response: okResponse(z.null()) } },
    async (request) => refuseDbConfigChange(requireUser(request)),
  );

  app.post(
    '/api/file/upload-carouse-img',
    { schema: { tags, consumes: ['multipart/form-data'], response: okResponse(carouselImage) } },
    async (request, reply) => {
      const user = requireUser(request);
      assertCanEditCarousel(user);
      const image = await readCarouselImage(request, reply);
      return ok(await addCarouselImage(ctx, user, image), request.t('adminConfig.carouselSaved'));
    },
  );

  app.delete(
    '/api/admin/config/home-carousel',
    { schema: { tags, querystring: carouselIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteCarouselImage(ctx.db, requireUser(request), request.query.id);
      return ok(null, request.t('adminConfig.carouselDeleted'));
    },
  );

  app.get(
    '/api/home-carousel',
    { schema: { tags: ['site'], response: okResponse(z.array(carouselImage)) } },
    async () => ok(await listCarousel(ctx.db)),
  );
};
