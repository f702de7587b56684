import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JUDGE_TOKEN_HEADER, MAX_CLAIM_WAIT_MS } from '../../judge/worker-protocol';
import {
  announcedLanguage,
  claimAnswer,
  helloAnswer,
  renewAnswer,
  reportAnswer,
} from '../../judge/worker-protocol-schemas';
import { JudgeStatus } from '../../shared/constants/judge-status';
import type { AppContext } from '../context';
import { ok, okResponse } from '../plugins/envelope';
import { forbidden, notFound } from '../services/errors';
import { JudgeProtocol } from '../services/judge-queue/protocol';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the sent token with JUDGE_TOKEN (digests have equal length). */
function tokenMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent.length === 0) return false;
  return timingSafeEqual(digest(sent), digest(expected));
}

const int = z.number().int();
/** judges report ms and KB; a fraction is rounded rather than refused */
const measure = z
  .number()
  .nonnegative()
  .transform((v) => Math.round(v));
const name = z.string().trim().min(1).max(100);

const ref = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('submission'), submitId: int.positive(), attempt: int.nonnegative() }),
  z.object({
    kind: z.literal('test'),
    testKey: z.string().regex(/^TEST_JUDGE_[0-9a-f]{32}$/),
    attempt: int.nonnegative(),
  }),
]);

const caseResult = z.object({
  seq: int,
  caseId: int,
  status: int,
  time: measure,
  memory: measure,
  score: z.number().transform((v) => Math.round(v)),
  userOutput: z.string().max(65_536).nullable(),
  groupNum: int.nullable(),
});

const judgeResult = z.object({
  status: int,
  time: measure.nullable(),
  memory: measure.nullable(),
  score: z
    .number()
    .transform((v) => Math.round(v))
    .nullable(),
  oiRankScore: z
    .number()
    .transform((v) => Math.round(v))
    .nullable(),
  errorMessage: z
    .string()
    .max(4 * 1024 * 1024)
    .nullable(),
  cases: z.array(caseResult).max(100_000),
});

const testResult = z.object({
  status: int,
  time: measure.nullable(),
  memory: measure.nullable(),
  userOutput: z.string().max(1024 * 1024),
  stderr: z.string().max(4 * 1024 * 1024),
});

/**
 * What a judge says of its languages on hello and claims: their names (what it claims work in) and,
 * from judges that announce them, what the server needs to offer them (docs/scaling.md, The judge
 * protocol). A judge sending names only, or nothing, is understood as before.
 */
const languageReport = {
  languages: z.array(z.string().max(64)).max(200).optional(),
  languageInfo: z.array(announcedLanguage).max(200).optional(),
};

const helloBody = z.object({ judger: name, ...languageReport });

/** 200 announced languages with 64 KiB templates must not make every claim of their judge fail. */
const ANNOUNCEMENT_BODY_LIMIT = 16 * 1024 * 1024;

const claimBody = z.object({
  worker: name,
  judger: name,
  ...languageReport,
  testRuns: z.boolean().optional(),
  waitMs: z.number().int().min(0).max(MAX_CLAIM_WAIT_MS).optional(),
});

const progressBody = z.object({
  ref,
  judger: name,
  progress: z.union([
    z.object({ status: z.union([z.literal(JudgeStatus.COMPILING), z.literal(JudgeStatus.JUDGING)]) }),
    z.object({ case: caseResult }),
  ]),
});

/** The judge's name is checked against the claim's owner when given (older daemons do not send it). */
const leaseBody = z.object({ ref, judger: name.optional() });

const finishBody = z.object({ ref, judger: name, result: z.union([testResult, judgeResult]) });

/**
 * Aborts when the asking connection closes (a long poll must not claim work for nobody) or when
 * the server shuts down (a pending long poll must not hold the shutdown up).
 */
function connectionSignal(
  request: FastifyRequest,
  polls: Set<AbortController>,
): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const socket = request.raw.socket;
  const onClose = () => controller.abort();
  if (socket.destroyed) controller.abort();
  else socket.once('close', onClose);
  polls.add(controller);
  return {
    signal: controller.signal,
    done: () => {
      socket.off('close', onClose);
      polls.delete(controller);
    },
  };
}

/**
 * The judge protocol for remote judge daemons (docs/scaling.md, The judge protocol), under
 * /api/judge/*, authenticated by the JUDGE_TOKEN environment variable in the X-Judge-Token header.
 * Without JUDGE_TOKEN every call answers 403.
 */
export const judgeProtocolRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const protocol = new JudgeProtocol(ctx.db, ctx.queue, ctx.files);
  const polls = new Set<AbortController>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const poll of polls) poll.abort();
  });

  app.addHook('onRequest', async (request) => {
    const expected = ctx.config.judgeToken;
    if (!expected) throw forbidden('judgeOps.remoteJudgeDisabled');
    if (!tokenMatches(request.headers[JUDGE_TOKEN_HEADER], expected))
      throw forbidden('judgeOps.badJudgeToken');
  });

  app.post(
    '/api/judge/hello',
    {
      schema: { tags: ['judge'], body: helloBody, response: okResponse(helloAnswer) },
      bodyLimit: ANNOUNCEMENT_BODY_LIMIT,
    },
    async (request) => {
      const { judger, ...report } = request.body;
      request.log.info({ judger, languages: report.languages }, 'remote judge connected');
      return ok({ leaseMs: await protocol.hello(judger, report) });
    },
  );

  app.post(
    '/api/judge/claim',
    {
      schema: { tags: ['judge'], body: claimBody, response: okResponse(claimAnswer) },
      bodyLimit: ANNOUNCEMENT_BODY_LIMIT,
    },
    async (request, reply) => {
      const conn = connectionSignal(request, polls);
      try {
        const work = closing ? null : await protocol.claim(request.body, conn.signal);
        // a shutting-down server lets the judge reconnect elsewhere (keep-alive would hold it here)
        if (closing) reply.header('connection', 'close');
        return ok(work);
      } finally {
        conn.done();
      }
    },
  );

  app.post(
    '/api/judge/renew',
    { schema: { tags: ['judge'], body: leaseBody, response: okResponse(renewAnswer) } },
    async (request) => ok({ held: await protocol.renew(request.body.ref, request.body.judger) }),
  );

  app.post(
    '/api/judge/progress',
    { schema: { tags: ['judge'], body: progressBody, response: okResponse(reportAnswer) } },
    async (request) =>
      ok({ accepted: await protocol.progress(request.body.ref, request.body.judger, request.body.progress) }),
  );

  app.post(
    '/api/judge/finish',
    {
      schema: { tags: ['judge'], body: finishBody, response: okResponse(reportAnswer) },
      bodyLimit: 16 * 1024 * 1024,
    },
    async (request) =>
      ok({ accepted: await protocol.finish(request.body.ref, request.body.judger, request.body.result) }),
  );

  app.post(
    '/api/judge/release',
    { schema: { tags: ['judge'], body: leaseBody, response: okResponse(z.null()) } },
    async (request) => {
      await protocol.release(request.body.ref, request.body.judger);
      return ok(null);
    },
  );

  app.get(
    '/api/judge/file/:hash',
    // the file's bytes: no response schema
    { schema: { tags: ['judge'], params: z.object({ hash: z.string().max(128) }) } },
    async (request, reply) => {
      const file = await protocol.openTestData(request.params.hash);
      if (!file) throw notFound('judgeOps.fileNotFound');
      const stream = file.handle.createReadStream();
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
