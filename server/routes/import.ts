import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { IMPORT_LIMITS, importError } from '../services/packages/archive';
import {
  assertCanImport,
  getImportDefaults,
  importPackage,
  type PackageFormat,
  type Upload,
  updateImportDefaults,
} from '../services/packages/import';

const ENDPOINTS: [string, PackageFormat][] = [
  ['/api/file/import-kattis-problem', 'kattis'],
  ['/api/file/import-polygon-problem', 'polygon'],
  ['/api/file/import-fps-problem', 'fps'],
];

const importConfigBody = z.object({
  timeLimitMs: z.number().int().optional(),
  memoryLimitMb: z.number().int().optional(),
});

/** Multipart field `file` (and optional `problemId`); multipart failures become 400 with a message. */
async function readUpload(request: FastifyRequest): Promise<{ upload: Upload; problemId?: string }> {
  let upload: Upload | null = null;
  let problemId: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !upload)
          upload = { filename: part.filename, data: await part.toBuffer() };
        else part.file.resume();
      } else if (part.fieldname === 'problemId' && typeof part.value === 'string') {
        problemId = part.value;
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw importError('tooLarge', { limit: IMPORT_LIMITS.uploadBytes / 1024 / 1024 });
    if (code?.startsWith('FST_')) throw importError('fileRequired');
    throw e;
  }
  if (!upload || upload.data.length === 0) throw importError('fileRequired');
  return { upload, problemId };
}

/** Problem package import, root only. */
export const importRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  for (const [path, format] of ENDPOINTS) {
    app.post(path, { schema: { tags: ['import'], consumes: ['multipart/form-data'] } }, async (request) => {
      const user = requireUser(request);
      assertCanImport(user);
      const { upload, problemId } = await readUpload(request);
      const stored = await importPackage(
        { db: ctx.db, files: ctx.files, events: ctx.queue.events },
        user,
        format,
        upload,
        { problemId },
      );
      return ok({
        problems: stored.map((p) => ({
          pid: p.pid,
          problemId: p.problemId,
          title: p.title,
          notices: p.notices.map((n) => request.t(n.key, n.params)),
        })),
      });
    });
  }

  app.get('/api/admin/import-config', { schema: { tags: ['import'] } }, async (request) =>
    ok(await getImportDefaults(ctx.db, requireUser(request))),
  );

  app.put(
    '/api/admin/import-config',
    { schema: { tags: ['import'], body: importConfigBody } },
    async (request) => ok(await updateImportDefaults(ctx.db, requireUser(request), request.body)),
  );
};
