import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SECRETS } from '../../shared/constants/security';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, TEST_ROOT_PASSWORD } from '../helpers/server';

/**
 * An operator's JWT_SECRET (and a secret file someone wrote into DATA_DIR) must have at least
 * SECRETS.jwtSecretMinBytes bytes: a shorter one stops the start before the database is touched.
 */

const refusedEnv = (bytes: number) =>
  `JWT_SECRET is ${bytes} bytes long; the JWT secret must be at least 32 bytes (set a longer one, e.g. \`openssl rand -base64 48\`).`;

async function schemaExists(url: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [
      schema,
    ]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

/** `tsx server/main.ts` as an operator starts it; resolves with its exit code and stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', JUDGE_WORKERS: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server/main.ts did not exit; stderr: ${stderr}`));
    }, 45_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

it('main refuses to start with a short JWT_SECRET: exit 1, the reason on one line, no stack', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-jwt-'));
  try {
    const { code, stderr } = await runMain({ DATA_DIR: dataDir, JWT_SECRET: 'too-short-secret' });
    expect(code).toBe(1);
    expect(stderr).toBe(`Verdict failed to start: ${refusedEnv(16)}\n`);
    expect(existsSync(join(dataDir, 'verdict.db'))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe.each(DATABASES)('JWT secret length on $name', ({ name, databaseUrl }) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  function config(dataDir: string, env: Record<string, string>) {
    const schema = `t_jwt_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    return {
      schema,
      config: loadConfig({
        DATA_DIR: dataDir,
        ROOT_PASSWORD: TEST_ROOT_PASSWORD,
        JUDGE_WORKERS: '0',
        WEB_DIR: resolve('dist/web'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
        ...env,
      }),
    };
  }

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-jwt-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it('refuses a JWT_SECRET one byte short, counting bytes, before opening the database', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const short = 'x'.repeat(SECRETS.jwtSecretMinBytes - 1);
    // 10 characters of 3 bytes each: 30 bytes, refused though it "looks" like a passphrase
    const wide = '密'.repeat(10);
    for (const [secret, bytes] of [
      [short, 31],
      [wide, 30],
    ] as const) {
      const dataDir = tempDir();
      const { config: c, schema } = config(dataDir, { JWT_SECRET: secret });
      const refused = await buildServer(c, { languages: [], logger: false }).then(
        () => null,
        (e: Error) => e,
      );
      expect(refused?.message).toBe(refusedEnv(bytes));
      expect(refused?.message).not.toContain(secret);
      expect(existsSync(join(dataDir, 'verdict.db'))).toBe(false);
      if (databaseUrl) expect(await schemaExists(databaseUrl, schema)).toBe(false);
    }
  });

  it('accepts a JWT_SECRET of exactly the minimum and signs working tokens with it', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const server = await startTestServer({
      databaseUrl,
      judgeWorkers: 0,
      env: { JWT_SECRET: 'k'.repeat(SECRETS.jwtSecretMinBytes) },
    });
    cleanup.push(() => server.destroy());
    const c = testClient(server.url);
    await c.login('root', server.rootPassword);
    // an authenticated call succeeds: the token was signed and checked with this key
    expect((await c.api.getUserAuthInfo()).roles).toContain('root');
  });

  it('refuses a secret file in DATA_DIR that is too short, naming the file and not its content', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const dataDir = tempDir();
    const path = join(dataDir, 'jwt-secret');
    writeFileSync(path, 'hunter2\n', { mode: 0o600 });
    const { config: c } = config(dataDir, {});
    const refused = await buildServer(c, { languages: [], logger: false }).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toBe(
      `${path} is 7 bytes long; the JWT secret must be at least 32 bytes (delete it and a new one is generated).`,
    );
  });
});
