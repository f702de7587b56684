import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { importError } from '../services/packages/archive';
import { exportHojProblems } from '../services/packages/hoj-export';
import { assertCanImport } from '../services/packages/import';
import { exportKattisProblem } from '../services/packages/kattis-export';

/**
 * HOJ's client sends `pid` once per problem (`?pid=1&pid=2`). The ids are read after the login
 * and role checks, so a caller without the right hears 401/403 whatever the query holds.
 */
const exportQuery = z.object({ pid: z.union([z.string(), z.array(z.string())]).optional() });

function pidsOf(value: string | string[] | undefined): number[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((v) => {
    const n = Number(v.trim());
    if (!Number.isSafeInteger(n) || n <= 0) throw importError('hoj.exportBadPid', { pid: v });
    return n;
  });
}

/** HOJ GET /api/file/export-problem: problems as HOJ's zip (server/services/packages/hoj-export.ts), root only. */
export const problemExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/file/export-problem',
    // a zip: no response schema
    { schema: { tags: ['import'], querystring: exportQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      assertCanImport(user);
      const file = await exportHojProblems(ctx.db, ctx.files, user, pidsOf(request.query.pid));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.zip);
    },
  );

  // Verdict's own call (HOJ has no Kattis export): one problem as a Kattis package
  app.get(
    '/api/file/export-problem-kattis',
    // a zip: no response schema
    { schema: { tags: ['import'], querystring: z.object({ pid: z.string().optional() }) } },
    async (request, reply) => {
      const user = requireUser(request);
      assertCanImport(user);
      const [pid] = pidsOf(request.query.pid);
      if (pid === undefined) throw importError('hoj.exportNothing');
      const file = await exportKattisProblem(ctx.db, ctx.files, user, pid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.zip);
    },
  );
};
