import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
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
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      // Vite names assets by content hash: they never change, so browsers may keep them.
      setHeaders(res, filePath) {
        if (filePath.includes(`${sep}assets${sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ status: 404, data: null, msg: request.t('server.notFound') });
    }
    // A missing asset is a 404, never index.html served as JavaScript.
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not Found');
    if (!hasWeb) {
      return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build:web`.');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
