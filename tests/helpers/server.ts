import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AppDependencies, buildServer, type VerdictServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { localJudge } from '../../server/judge-binding';
import { seedDemo } from '../../server/seeds/demo';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_ROOT_PASSWORD = 'rootpass123';

export interface TestServerOptions {
  /** PostgreSQL URL; each server gets a fresh schema. Unset: SQLite in a temporary DATA_DIR */
  databaseUrl?: string;
  /** in-process judge workers (default 1; 0 leaves submissions queued) */
  judgeWorkers?: number;
  /** reuse a DATA_DIR (restart tests); default a fresh temporary one */
  dataDir?: string;
  /** reuse a PostgreSQL schema (restart tests) */
  databaseSchema?: string;
  env?: Record<string, string>;
  /** false: no demo problems, contest or announcement (a site as `npm start` leaves an empty one without DEMO) */
  demo?: boolean;
  /** the server's logger (pino options, e.g. a stream that keeps what is logged); default none */
  logger?: AppDependencies['logger'];
}

export interface TestServer {
  url: string;
  rootPassword: string;
  dataDir: string;
  databaseSchema: string | null;
  server: VerdictServer;
  close(): Promise<void>;
  /** close and delete the DATA_DIR (and the PostgreSQL schema) */
  destroy(): Promise<void>;
}

let judgeDeps: Promise<Pick<AppDependencies, 'languages' | 'judge'>> | null = null;

/** Starts a real Verdict server on a random loopback port, serving dist/web and /api. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'verdict-test-'));
  const databaseSchema = options.databaseUrl
    ? (options.databaseSchema ?? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`)
    : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    JUDGE_WORKERS: String(options.judgeWorkers ?? 1),
    WEB_DIR: resolve('dist/web'),
    LOG_LEVEL: 'warn',
    STRICT_RESPONSES: '1',
    ...(options.databaseUrl
      ? { DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: databaseSchema ?? '' }
      : {}),
    ...options.env,
  });
  judgeDeps ??= localJudge();
  const server = await buildServer(config, { ...(await judgeDeps), logger: options.logger ?? false });
  // what `npm start` does on a new site: the demo problems, contest and announcement
  if (options.demo !== false) await seedDemo(server.ctx.db, server.ctx.files);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    rootPassword: TEST_ROOT_PASSWORD,
    dataDir,
    databaseSchema,
    server,
    close,
    async destroy() {
      await close();
      if (options.databaseUrl && databaseSchema) await dropSchema(options.databaseUrl, databaseSchema);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
