import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PACKAGE_FORMATS } from '../../shared/constants/package-formats';
import { importDefaults, importResult } from '../../shared/schemas/responses/problem-admin';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { readUpload } from '../plugins/multipart-upload';
import { IMPORT_LIMITS } from '../services/packages/archive';
import {
  assertCanImport,
  getImportDefaults,
  importPackage,
  updateImportDefaults,
} from '../services/packages/import';

const importConfigBody = z.object({
  timeLimitMs: z.number().int().optional(),
  memoryLimitMb: z.number().int().optional(),
});

/** Problem package import, root only. */
export const importRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  for (const { path, format } of PACKAGE_FORMATS) {
    app.post(
      path,
      { schema: { tags: ['import'], consumes: ['multipart/form-data'], response: okResponse(importResult) } },
      async (request) => {
        const user = requireUser(request);
        assertCanImport(user);
        const upload = await readUpload(request);
        const stored = await importPackage(
          { db: ctx.db, files: ctx.files, events: ctx.queue.events },
          user,
          format,
          upload,
          { problemId: upload.fields.problemId },
        );
        return ok({
          problems: stored.map((p) => ({
            pid: p.pid,
            problemId: p.problemId,
            title: p.title,
            notices: p.notices.map((n) => request.t(n.key, n.params)),
          })),
        });
      },
    );
  }

  app.get(
    '/api/admin/import-config',
    { schema: { tags: ['import'], response: okResponse(importDefaults) } },
    async (request) => ok(await getImportDefaults(ctx.db, requireUser(request))),
  );

  app.put(
    '/api/admin/import-config',
    { schema: { tags: ['import'], body: importConfigBody, response: okResponse(importDefaults) } },
    async (request) => ok(await updateImportDefaults(ctx.db, requireUser(request), request.body)),
  );
};
