/**
 * Child process of the API benchmark: `verdict` starts the real server on DATA_DIR (no judge
 * workers), `bare` starts a Fastify app with one route answering a fixed body of the same size.
 * Both log as the server does by default (info, to stdout, which the parent discards).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/seeds/demo';

const [mode, port, bodyFile] = process.argv.slice(2);
if (mode === 'bare') {
  const body = readFileSync(bodyFile ?? '', 'utf8');
  const app = Fastify({ logger: { level: 'info' } });
  app.get('/bare', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else {
  const config = { ...loadConfig(), port: Number(port), host: '127.0.0.1', judgeWorkers: 0 };
  const server = await buildServer(config, { languages: [] });
  await seedDemo(server.ctx.db, server.ctx.files);
  await server.app.listen({ port: config.port, host: config.host });
}
// exit normally on SIGTERM: --cpu-prof writes its profile only then
process.on('SIGTERM', () => process.exit(0));
process.stderr.write('ready\n');
