import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATEMENT_FILES } from '../../shared/constants/statement-files';
import { dbId } from '../../shared/schemas/db-int';
import { uploadedStatementFile } from '../../shared/schemas/responses/statement-files';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { type LimitedPart, readLimitedPart } from '../plugins/multipart-upload';
import { notFound } from '../services/errors';
import { attachmentDisposition } from '../services/files/statement-file-names';
import {
  assertCanUploadStatementFile,
  deleteStatementFile,
  fileTooLarge,
  imageTooLarge,
  readStatementFile,
  saveStatementFile,
  saveStatementImage,
} from '../services/files/statement-files';

const tags = ['statement-files'];

const IMAGE: LimitedPart = {
  field: STATEMENT_FILES.imageField,
  maxBytes: STATEMENT_FILES.imageMaxBytes,
  tooLarge: imageTooLarge,
  requiredKey: 'statementFile.imageRequired',
};
const FILE: LimitedPart = {
  field: STATEMENT_FILES.fileField,
  maxBytes: STATEMENT_FILES.fileMaxBytes,
  tooLarge: fileTooLarge,
  requiredKey: 'statementFile.fileRequired',
};

/**
 * Images and files for Markdown statements at HOJ's paths (docs/security.md, Statement images and
 * files). Images are served by the avatar route (/api/public/img/); files here, as downloads only.
 */
export const statementFileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: STATEMENT_FILES.fileMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const deps = { db: ctx.db, files: ctx.files };

  app.post(
    '/api/file/upload-md-img',
    { schema: { tags, consumes: ['multipart/form-data'], response: okResponse(uploadedStatementFile) } },
    async (request, reply) => {
      const user = requireUser(request);
      await assertCanUploadStatementFile(ctx.db, user);
      const upload = await readLimitedPart(request, reply, IMAGE);
      return ok(await saveStatementImage(deps, user, upload), request.t('statementFile.imageUploaded'));
    },
  );

  app.post(
    '/api/file/upload-md-file',
    { schema: { tags, consumes: ['multipart/form-data'], response: okResponse(uploadedStatementFile) } },
    async (request, reply) => {
      const user = requireUser(request);
      await assertCanUploadStatementFile(ctx.db, user);
      const upload = await readLimitedPart(request, reply, FILE);
      return ok(await saveStatementFile(deps, user, upload), request.t('statementFile.fileUploaded'));
    },
  );

  app.get(
    '/api/file/delete-md-img',
    {
      schema: {
        tags,
        querystring: z.object({ fileId: dbId() }),
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await deleteStatementFile(ctx.db, requireUser(request), request.query.fileId);
      return ok(null, request.t('statementFile.deleted'));
    },
  );

  app.get(
    '/api/public/file/:name',
    // bytes, not JSON: no response schema
    { schema: { tags, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await readStatementFile(deps, request.params.name);
      if (!file) throw notFound('statementFile.notFound');
      // a download, whatever it holds: never rendered or sniffed as a page of the site
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', attachmentDisposition(file.downloadName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
};
