/**
 * Child process of `npm run bench:contest`: the real server, started as the API tests start it
 * (tests/helpers/server.ts: a fresh DATA_DIR, or a fresh PostgreSQL schema when DATABASE_URL is set;
 * the machine's languages detected as `npm start` detects them) but configured as a deployment behind
 * nginx: no judge workers (a remote judge does the judging), TRUST_PROXY=127.0.0.1, JUDGE_TOKEN set,
 * every request logged at info as by default (to stdout, which the parent discards), and no strict
 * answer checking (a test-only cost). The contest is seeded before the parent is told the address.
 *
 * Argument: the SeedOptions as JSON. Messages to the parent over IPC. SIGTERM deletes the DATA_DIR or
 * schema and exits normally, which is also when --cpu-prof writes its profile.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/config';
import { loggerOptions } from '../../server/plugins/request-log';
import { startTestServer } from '../../tests/helpers/server';
import { type SeededContest, type SeedOptions, seedContest } from './contest-sim-seed';

export interface ServerReady {
  type: 'ready';
  url: string;
  judgeToken: string;
  /** the PostgreSQL schema, so the parent can drop it should this process die */
  schema: string | null;
  languages: string[];
  contest: SeededContest;
  seedSeconds: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as SeedOptions;
const judgeToken = randomBytes(24).toString('hex');
const server = await startTestServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  judgeWorkers: 0,
  demo: true,
  logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' })),
  env: { TRUST_PROXY: '127.0.0.1', JUDGE_TOKEN: judgeToken, STRICT_RESPONSES: '0', LOG_LEVEL: 'info' },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.destroy().catch((err: unknown) => process.stderr.write(`cleanup failed: ${String(err)}\n`));
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());

const t0 = performance.now();
const contest = await seedContest(server.server, options);
const ready: ServerReady = {
  type: 'ready',
  url: server.url,
  judgeToken,
  schema: server.databaseSchema,
  languages: server.server.ctx.languages.names(),
  contest,
  seedSeconds: (performance.now() - t0) / 1000,
};
process.send?.(ready);
