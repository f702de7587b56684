import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app; every non-/api path that is not a file gets index.html so client
 * routes survive a reload. /api paths that match nothing get HOJ's 404 envelope.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { webDir }: { webDir: string }) => {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: 0 });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ status: 404, data: null, msg: request.t('server.notFound') });
    }
    if (!hasWeb) {
      return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build:web`.');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
