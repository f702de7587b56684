import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { consistencyViolations, tableCounts, userCount } from '../fuzz/consistency';
import type { FuzzRoute } from '../fuzz/requests';
import { type Caller, type Failure, fuzzRoute } from '../fuzz/run';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { registeredRoutes } from '../helpers/routes';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Every endpoint fuzzed (docs/reliability.md): each route the server registers gets requests
 * generated from its own zod schemas (body, querystring, params) by fast-check, valid-shaped and
 * hostile (wrong types, numbers past every limit, 100 KB strings, broken Unicode, missing and
 * extra fields, prototype keys, 1,000-deep nesting, empty and malformed bodies, other content
 * types, malformed multipart, hostile language headers and tokens), as an anonymous caller, a
 * user and root. The server must answer every one below 500 (a 5xx the route declares in its
 * response schema is its contract: the readiness probe's 503), log no error, leave no rejection
 * unhandled, and keep its database consistent.
 *
 * Size: FUZZ_RUNS requests per route and caller (default 10, some 9,500 requests: about two
 * minutes of CPU on two cores; FUZZ_RUNS=334 is the full run, 1,002 per route), seed
 * FUZZ_SEED (fixed by default, so a failure can be replayed). SQLite always; PostgreSQL too with
 * FUZZ_POSTGRES=1.
 *
 * Skipped routes: none. Root's destructive calls (deleting problems, users, contests, changing
 * settings) run like the others: root's phase comes last, after the anonymous and user phases,
 * and the consistency checks run on what they leave. A session ended by a fuzzed call (logout,
 * a password change) is renewed by issuing the caller a fresh token. The judge protocol
 * (/api/judge/*) is fuzzed without the judge token: every caller must be refused, whatever it sends.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const FUZZ_DATABASES =
  process.env.FUZZ_POSTGRES === '1' ? DATABASES : DATABASES.filter((d) => d.name === 'sqlite');
/** generous (a phase sends RUNS requests to each of some 320 routes): the machine may be loaded */
const PHASE_TIMEOUT_MS = 600_000 + RUNS * 20_000;

/** The route options @fastify/swagger collected with its onRoute hook, as it hands them to its transform. */
const collected = vi.hoisted(
  () => [] as { method: string | string[]; url: string; schema?: FuzzRoute['schema'] }[],
);
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
  return {
    ...original,
    jsonSchemaTransform: (arg: Parameters<typeof original.jsonSchemaTransform>[0]) => {
      const route = arg.route as { method: string | string[]; url: string; schema?: FuzzRoute['schema'] };
      collected.push({ method: route.method, url: route.url, schema: route.schema });
      return original.jsonSchemaTransform(arg);
    },
  };
});

/** An error-level line of the server's log: what it says, where in the server, during which route. */
function logLine(line: string, route: string): string | null {
  const entry = JSON.parse(line) as {
    level: number;
    msg?: string;
    err?: { message?: string; stack?: string };
  };
  if (entry.level < 50) return null;
  const where = entry.err?.stack?.split('\n').find((l) => l.includes('/server/')) ?? '';
  return `${route}: ${entry.msg ?? ''} ${entry.err?.message?.slice(0, 200) ?? ''} ${where.trim()}`;
}

describe.each(FUZZ_DATABASES)('every endpoint fuzzed on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let routes: FuzzRoute[] = [];
  /** each route's schemas by `METHOD /url`, as the swagger plugin saw them */
  const schemas = new Map<string, FuzzRoute['schema']>();
  /** a stand-in for the built web app (index.html), so the page routes are registered and fuzzed too */
  const webDir = mkdtempSync(join(tmpdir(), 'verdict-fuzz-web-'));
  /** the route being fuzzed, to name it beside what the server logs meanwhile */
  let current = 'start';
  const errorLog: string[] = [];
  const rejections: string[] = [];
  const onRejection = (reason: unknown) => rejections.push(`${current}: ${String(reason)}`);
  const onException = (error: Error) =>
    rejections.push(`${current}: uncaught ${error.stack ?? error.message}`);
  const known: string[] = [
    '1000',
    '1001',
    '1',
    '0',
    'root',
    'fuzzuser',
    'A',
    'C++',
    'Python3',
    'Public',
    'ACM',
    '',
  ];

  const anonymous: Caller = { name: 'anonymous', token: () => null };
  let userToken = '';
  let rootToken = '';
  let userId = '';

  /** A fresh token of a user's current token version (a fuzzed logout revokes the old ones). */
  async function tokenOf(uid: string): Promise<string> {
    const { db, tokens } = server.server.ctx;
    const row = await db.kysely
      .selectFrom('user_info')
      .select('token_version')
      .where('uuid', '=', uid)
      .executeTakeFirst();
    return tokens.issue(uid, row?.token_version ?? 0);
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Verdict</title></head></html>',
    );
    server = await startTestServer({
      databaseUrl,
      judgeWorkers: 0,
      env: { WEB_DIR: webDir },
      logger: {
        level: 'warn',
        stream: {
          write(line: string) {
            const error = logLine(line, current);
            if (error) errorLog.push(error);
          },
        },
      },
    });
    const db = server.server.ctx.db;
    userId = await createUser(db, { username: 'fuzzuser', password: 'fuzz-secret-1' });
    userToken = await tokenOf(userId);
    const root = await db.kysely
      .selectFrom('user_info')
      .select('uuid')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    rootToken = await tokenOf(root.uuid);
    // the first call builds the spec: the transform sees every route with its zod schemas
    server.server.app.swagger();
    for (const r of collected)
      for (const method of Array.isArray(r.method) ? r.method : [r.method])
        schemas.set(`${method} ${r.url}`, r.schema ?? {});
    routes = registeredRoutes(server.server.app)
      .sort()
      .map((key) => {
        const [method = '', url = ''] = key.split(' ');
        return { method, url, schema: schemas.get(key) ?? {} };
      });
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    await server?.destroy();
    rmSync(webDir, { recursive: true, force: true });
  });

  const user = (): Caller => ({
    name: 'user',
    token: () => userToken,
    renew: async () => {
      userToken = await tokenOf(userId);
    },
  });
  const root = (uid: () => Promise<string>): Caller => ({
    name: 'root',
    token: () => rootToken,
    renew: async () => {
      rootToken = await tokenOf(await uid());
    },
  });

  async function phase(caller: Caller): Promise<{ failures: Failure[]; succeeded: Map<string, number> }> {
    const failures: Failure[] = [];
    const succeeded = new Map<string, number>();
    const timing: [string, number][] = [];
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (const route of routes) {
      current = `${caller.name} ${route.method} ${route.url}`;
      const t0 = Date.now();
      const result = await fuzzRoute(server.url, route, caller, {
        runs: RUNS,
        seed: SEED,
        concurrency: 4,
        timeoutMs: 30_000,
        anonymous: caller.name === 'anonymous',
        known,
        maxItems: 4,
        maxLength: 40,
      });
      failures.push(...result.failures);
      succeeded.set(`${route.method} ${route.url}`, result.succeeded);
      timing.push([current, Date.now() - t0]);
      for (const [status, n] of Object.entries(result.statuses))
        statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
    }
    current = `after ${caller.name}`;
    if (process.env.FUZZ_REPORT === '1') {
      const slowest = timing.sort((a, b) => b[1] - a[1]).slice(0, 10);
      process.stdout.write(
        `fuzz ${name} ${caller.name}: ${routes.length} routes × ${RUNS} in ${Date.now() - started} ms; ` +
          `statuses ${JSON.stringify(statuses)}; slowest ${JSON.stringify(slowest)}\n`,
      );
    }
    return { failures, succeeded };
  }

  const report = (failures: Failure[]) =>
    failures
      .slice(0, 40)
      .map((f) => `${f.caller} ${f.route} #${f.index} → ${f.status}: ${f.answer}\n    ${f.request}`);

  it('fuzzes every route the server registers, each with its schemas', () => {
    // only the API docs' own pages (@fastify/swagger-ui) pass by the swagger plugin's hook
    const unseen = routes.map((r) => `${r.method} ${r.url}`).filter((r) => !schemas.has(r));
    expect(unseen.filter((r) => !r.startsWith('GET /api/docs'))).toEqual([]);
    expect(routes.length).toBeGreaterThan(200);
    expect(
      routes.filter((r) => r.schema.body || r.schema.querystring || r.schema.params).length,
    ).toBeGreaterThan(200);
  });

  it(
    'as an anonymous caller: no 5xx, and new users only from registrations that succeeded',
    async () => {
      const db = server.server.ctx.db;
      const before = await userCount(db);
      const { failures, succeeded } = await phase(anonymous);
      expect(report(failures)).toEqual([]);
      expect(succeeded.has('POST /api/register')).toBe(true);
      expect(await userCount(db)).toBe(before + (succeeded.get('POST /api/register') ?? 0));
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'as a user: no 5xx',
    async () => {
      const { failures } = await phase(user());
      expect(report(failures)).toEqual([]);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'as root: no 5xx',
    async () => {
      const db = server.server.ctx.db;
      const rootUid = async () =>
        (
          await db.kysely
            .selectFrom('user_info')
            .select('uuid')
            .where('username', '=', 'root')
            .executeTakeFirstOrThrow()
        ).uuid;
      const { failures } = await phase(root(rootUid));
      expect(report(failures)).toEqual([]);
    },
    PHASE_TIMEOUT_MS,
  );

  it('logged no error and left no rejection unhandled', () => {
    expect([...new Set(errorLog)].slice(0, 20)).toEqual([]);
    expect(rejections).toEqual([]);
  });

  it('leaves the database consistent: every table readable, no orphan rows, counters right', async () => {
    const db = server.server.ctx.db;
    const counts = await tableCounts(db);
    expect(Object.keys(counts).length).toBeGreaterThan(50);
    expect(await consistencyViolations(db)).toEqual([]);
    // and the server still answers
    const res = await fetch(`${server.url}/api/get-website-config`);
    expect(res.status).toBe(200);
  });
});
