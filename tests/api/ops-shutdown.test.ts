import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, TEST_ROOT_PASSWORD } from '../helpers/server';
import { startWorkers } from './judge-helpers';

/**
 * Stopping with SIGTERM (systemd, docker stop; docs/operations.md, Stopping): the server and the
 * remote judge daemon give the submission being judged back to the queue and exit 0; the next
 * judge judges it once, from the start, with no case of the interrupted attempt left over.
 */

/**
 * About 0.6 s of CPU per test case (A+B's six cases: 3.6 s of judging), far from its 8 s limit: the
 * signal comes once the first case is stored, while five are still to run.
 */
const SLOW_A_PLUS_B = `#include <stdio.h>
#include <time.h>
int main(void) {
  volatile unsigned long spin = 0;
  while (clock() < (clock_t)(0.6 * CLOCKS_PER_SEC)) spin++;
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  return 0;
}
`;

interface Child {
  child: ChildProcess;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with what the line matched first (the address it listens on) */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: (() => void)[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters]) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve(m[1] ?? m[0]);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${out}`));
        }, timeoutMs);
        waiters.push(check);
        check();
        exited.then(() => {
          if (waiters.includes(check)) {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(check), 1);
            reject(new Error(`exited before ${pattern}; output:\n${out}`));
          }
        });
      });
    },
  };
}

/** `node --import tsx server/main.ts`, as an operator's service runs it; resolves once it listens. */
async function startMain(env: Record<string, string>): Promise<Child & { url: string }> {
  const main = run(['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    LOG_LEVEL: 'info',
    ...env,
  });
  const url = await main.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  return { ...main, url };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until a case of the submission is stored: the judge is mid-way through its cases. */
async function untilJudging(db: Db, submitId: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const row = await db.kysely
      .selectFrom('judge_case')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submit_id', '=', submitId)
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return;
    await sleep(100);
  }
  throw new Error(`submission ${submitId} never reached its cases`);
}

async function slowProblem(db: Db): Promise<void> {
  await db.kysely.updateTable('problem').set({ time_limit: 8000 }).where('problem_id', '=', '1000').execute();
}

/** The submission ended judged once: its verdict, one case per test of the final attempt, one finish counted. */
async function expectJudgedOnce(db: Db, submitId: number, attemptsBefore: number): Promise<void> {
  const row = await db.kysely
    .selectFrom('judge')
    .selectAll()
    .where('submit_id', '=', submitId)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe(JudgeStatus.ACCEPTED);
  expect(row.attempt).toBe(attemptsBefore + 1);
  expect(row.lease_owner).toBeNull();
  const cases = await db.kysely
    .selectFrom('judge_case')
    .select(['seq', 'attempt', 'status'])
    .where('submit_id', '=', submitId)
    .orderBy('seq')
    .execute();
  expect(cases.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(new Set(cases.map((c) => c.attempt))).toEqual(new Set([row.attempt]));
  expect(cases.every((c) => c.status === JudgeStatus.ACCEPTED)).toBe(true);
  const finished = await db.kysely
    .selectFrom('judge_server')
    .select((eb) => eb.fn.sum<number>('cases_judged').as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(finished.n)).toBe(1);
}

/** The submission is back in the queue, leased to nobody, as an interrupted judge left it. */
async function expectGivenBack(db: Db, submitId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('judge')
    .select(['status', 'lease_owner', 'lease_expires_at', 'attempt'])
    .where('submit_id', '=', submitId)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: JudgeStatus.PENDING, lease_owner: null, lease_expires_at: null });
  return row.attempt;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

describe.each(DATABASES)('SIGTERM to the server while it judges, on $name', ({ name, databaseUrl }) => {
  it('gives the submission back, exits 0, and the next start judges it exactly once', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-sigterm-'));
    const schema = databaseUrl ? `t_sigterm_${Date.now().toString(36)}` : null;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JUDGE_WORKERS: '1',
      ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    };
    const children: Child[] = [];
    let db: Db | null = null;
    try {
      const first = await startMain(env);
      children.push(first);
      db = await openDatabase({ dataDir, databaseUrl: databaseUrl ?? null, databaseSchema: schema });
      await slowProblem(db);
      const client = testClient(first.url);
      await client.login('root', TEST_ROOT_PASSWORD);
      const sub = await client.api.submitProblemJudge({ pid: '1000', language: 'C', code: SLOW_A_PLUS_B });
      await untilJudging(db, sub.submitId);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
      expect(first.output()).toContain('"msg":"stopped"');
      const attempts = await expectGivenBack(db, sub.submitId);

      const second = await startMain(env);
      children.push(second);
      const again = testClient(second.url);
      await again.login('root', TEST_ROOT_PASSWORD);
      expect((await waitForVerdict(again, sub.submitId, 120_000)).status).toBe(JudgeStatus.ACCEPTED);
      await expectJudgedOnce(db, sub.submitId, attempts);
      // what the API shows: one case result per test
      expect((await again.api.getAllCaseResult(sub.submitId))?.judgeCaseList).toHaveLength(6);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
      await db?.close();
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('the server with LOG_FORMAT=pretty', () => {
  it('writes readable lines for a terminal, not JSON, and still stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-pretty-'));
    let main: (Child & { url: string }) | null = null;
    try {
      main = await startMain({ DATA_DIR: dataDir, JUDGE_WORKERS: '0', LOG_FORMAT: 'pretty', DEMO: '0' });
      expect((await fetch(`${main.url}/api/healthz?pretty-marker=1`)).status).toBe(200);
      await main.waitFor(/INFO.*request[\s\S]*pretty-marker=1/);
      const lines = main
        .output()
        .split('\n')
        .filter((l) => l.trim().startsWith('{"level"'));
      expect(lines).toEqual([]);
      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
    } finally {
      if (main && main.child.exitCode === null) main.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('SIGTERM to a remote judge daemon while it judges', () => {
  // The daemon has no database: what it gives back goes through the server's queue, which the
  // server test above runs on both databases.
  it('serves its health on 127.0.0.1, gives the submission back and exits 0', async () => {
    const token = 'ops-shutdown-judge-token-92c4e1b0';
    const server = await startTestServer({ judgeWorkers: 0, env: { JUDGE_TOKEN: token } });
    const cache = mkdtempSync(join(tmpdir(), 'verdict-judge-cache-'));
    let daemon: Child | null = null;
    const pool: { stop(): Promise<void> }[] = [];
    try {
      const { db } = server.server.ctx;
      await slowProblem(db);
      daemon = run(
        [
          'scripts/verdict.mjs',
          'judge',
          '--server',
          server.url,
          '--name',
          'ops-daemon',
          '--workers',
          '1',
          '--cache',
          cache,
          '--health-port',
          '0',
        ],
        { JUDGE_TOKEN: token },
      );
      const health = await daemon.waitFor(/health at (http:\/\/127\.0\.0\.1:\d+)\/healthz/);
      const live = await fetch(`${health}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ alive: true });
      const ready = await fetch(`${health}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ready: true,
        checks: { accepting: { ok: true }, sandbox: { ok: true }, server: { ok: true } },
      });
      expect((await fetch(`${health}/metrics`)).status).toBe(404);

      const client = testClient(server.url);
      await client.login('root', server.rootPassword);
      const sub = await client.api.submitProblemJudge({ pid: '1000', language: 'C', code: SLOW_A_PLUS_B });
      await untilJudging(db, sub.submitId);
      daemon.child.kill('SIGTERM');
      expect(await daemon.exited).toBe(0);
      expect(daemon.output()).toContain('SIGTERM, giving claimed work back');
      expect(daemon.output()).toContain('verdict judge: stopped');
      const attempts = await expectGivenBack(db, sub.submitId);

      // the next judge (here the server's own pool) takes it at once
      pool.push(await startWorkers(server));
      expect((await waitForVerdict(client, sub.submitId, 120_000)).status).toBe(JudgeStatus.ACCEPTED);
      await expectJudgedOnce(db, sub.submitId, attempts);
    } finally {
      if (daemon && daemon.child.exitCode === null) daemon.child.kill('SIGKILL');
      for (const p of pool) await p.stop();
      await server.destroy();
      rmSync(cache, { recursive: true, force: true });
    }
  }, 300_000);
});
