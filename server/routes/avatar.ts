import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR } from '../../shared/constants/profile';
import { userInfo } from '../../shared/schemas/responses/account';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { badRequest, notFound } from '../services/errors';
import { avatarTooLarge, readPublicImage, saveAvatar } from '../services/profile/avatar';

/** Room for the multipart boundaries and part headers around the image. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Refuses the upload and closes the connection after the answer, so the rest of an oversized
 * body is never read.
 */
function refuseAndClose(reply: FastifyReply, error: Error): Error {
  reply.header('Connection', 'close');
  return error;
}

const TOO_LARGE = Symbol('too large');

/**
 * A file part's bytes; at the size limit the part is dropped at once (destroying it makes the
 * multipart parser stop reading the request), rather than read to its end and thrown away.
 */
function readWithinLimit(file: Readable): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      resolve(TOO_LARGE);
      file.destroy();
    });
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}

/** The multipart field `image` (HOJ's name), read up to the size limit and not a byte further. */
async function readImage(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > AVATAR.maxBytes + MULTIPART_OVERHEAD) throw refuseAndClose(reply, avatarTooLarge());
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      const data = await readWithinLimit(part.file);
      if (data === TOO_LARGE) throw refuseAndClose(reply, avatarTooLarge());
      image = data;
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuseAndClose(reply, avatarTooLarge());
    if (code?.startsWith('FST_')) throw refuseAndClose(reply, badRequest('profile.server.avatarRequired'));
    throw e;
  }
  if (!image || image.length === 0) throw badRequest('profile.server.avatarRequired');
  return image;
}

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
      const image = await readImage(request, reply);
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
