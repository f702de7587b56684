import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { bearerMatches } from '../services/ops/bearer';
import type { ServerMetrics } from '../services/ops/metrics';
import { type Readiness, readinessAnswer } from '../services/ops/readiness';

const livenessAnswer = z.object({ alive: z.boolean(), uptimeSeconds: z.number() });

export interface OpsRouteOptions {
  ctx: AppContext;
  readiness: Readiness;
  /** null when METRICS_TOKEN is unset: /metrics answers 404 */
  metrics: ServerMetrics | null;
}

/**
 * The operator's endpoints (docs/operations.md): liveness and readiness as plain JSON (not HOJ's
 * envelope: load balancers and orchestrators read them), and the Prometheus metrics outside /api,
 * behind METRICS_TOKEN.
 */
export const opsRoutes: FastifyPluginAsyncZod<OpsRouteOptions> = async (app, { ctx, readiness, metrics }) => {
  const started = Date.now();

  app.get(
    '/api/healthz',
    { schema: { tags: ['ops'], response: { 200: livenessAnswer } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { alive: true, uptimeSeconds: Math.floor((Date.now() - started) / 1000) };
    },
  );

  app.get(
    '/api/readyz',
    { schema: { tags: ['ops'], response: { 200: readinessAnswer, 503: readinessAnswer } } },
    async (_request, reply) => {
      const answer = await readiness.check();
      return reply
        .code(answer.ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(answer);
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.metricsToken;
    // unset: as if there were no such page (the web app does not claim the path either)
    if (!token || !metrics) return reply.code(404).type('text/plain').send('Not Found');
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('');
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(text);
  });
};
