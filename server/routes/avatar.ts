import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR } from '../../shared/constants/profile';
import { userInfo } from '../../shared/schemas/responses/account';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { type LimitedPart, readLimitedPart } from '../plugins/multipart-upload';
import { notFound } from '../services/errors';
import { avatarTooLarge, readPublicImage, saveAvatar } from '../services/profile/avatar';

const AVATAR_PART: LimitedPart = {
  field: 'image',
  maxBytes: AVATAR.maxBytes,
  tooLarge: avatarTooLarge,
  requiredKey: 'profile.server.avatarRequired',
};

/** Avatar upload and the public images (HOJ: POST /api/file/upload-avatar, GET /api/public/img/**). */
export const avatarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/api/file/upload-avatar',
    { schema: { tags: ['profile'], consumes: ['multipart/form-data'], response: okResponse(userInfo) } },
    async (request, reply) => {
      const user = requireUser(request);
      const { data: image } = await readLimitedPart(request, reply, AVATAR_PART);
      return ok(await saveAvatar(ctx, user.uid, image), request.t('profile.server.avatarSaved'));
    },
  );

  app.get(
    '/api/public/img/:name',
    { schema: { tags: ['profile'], params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const image = await readPublicImage(ctx, request.params.name);
      if (!image) throw notFound('profile.server.imageNotFound');
      return reply
        .header('Content-Type', image.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(image.data);
    },
  );
};
