import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ServerMetrics, UNMATCHED_ROUTE } from '../services/ops/metrics';

/**
 * Counts every answered request and its time by method, route pattern and status
 * (docs/operations.md, Metrics). The label is the pattern the request matched
 * (`/api/get-problem-detail`, `/api/judge/file/:hash`), never the URL a client sent.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: ServerMetrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
});
