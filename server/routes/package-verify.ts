import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VerifyStatus } from '../../shared/api/package-verify-types';
import { verifyStarted, verifyStatus } from '../../shared/schemas/responses/package-verify';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { readUpload } from '../plugins/multipart-upload';
import { IMPORT_LIMITS } from '../services/packages/archive';
import type { ImportNotice } from '../services/packages/types';
import {
  assertCanVerify,
  startVerification,
  VERIFY_TEMP_DIR,
  VerifyJobs,
  type VerifyJobView,
  verificationStatus,
} from '../services/packages/verify-jobs';

const tags = ['import'];
const PATH = '/api/admin/problem/verify-package';
const statusQuery = z.object({ verifyId: z.string().min(1).max(64) });

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A job's view with its messages in the caller's language. */
function wire(view: VerifyJobView, t: Translate): VerifyStatus {
  const say = (n: ImportNotice) => t(n.key, n.params);
  const { report, error, ...progress } = view;
  return {
    ...progress,
    ...(report
      ? {
          report: {
            ...report,
            notices: report.notices.map(say),
            results: report.results.map(({ reason, ...r }) => (reason ? { ...r, reason: say(reason) } : r)),
          },
        }
      : {}),
    ...(error ? { error: say(error) } : {}),
  };
}

/**
 * Root's Verify in the console: a Kattis or Polygon zip's example submissions judged by this
 * server's in-process judge, as a job the console polls (services/packages/verify-jobs.ts).
 */
export const packageVerifyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const judge = ctx.inProcessJudge;
  const jobs = new VerifyJobs({
    tempDir: join(ctx.config.dataDir, VERIFY_TEMP_DIR),
    judge: judge ? (task) => judge(task, {}) : null,
    languages: () => ctx.languages.names(),
    log: app.log,
  });
  app.addHook('onClose', () => jobs.close());
  const deps = { db: ctx.db, jobs };

  app.post(
    PATH,
    { schema: { tags, consumes: ['multipart/form-data'], response: okResponse(verifyStarted) } },
    async (request) => {
      const user = requireUser(request);
      await assertCanVerify(deps, user);
      return ok(await startVerification(deps, user, await readUpload(request)));
    },
  );

  app.get(
    PATH,
    { schema: { tags, querystring: statusQuery, response: okResponse(verifyStatus) } },
    async (request) => {
      const view = verificationStatus(deps, requireUser(request), request.query.verifyId);
      return ok(wire(view, (key, params) => request.t(key, params)));
    },
  );
};
