import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/db/migrate';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The operator's health endpoints (docs/operations.md, Health): liveness answers while the process
 * runs; readiness names each check and answers 503 when one fails.
 */
const JUDGE_TOKEN = 'ops-health-judge-token-0123456789';

interface Readiness {
  ready: boolean;
  checks: Record<string, { ok: boolean; reason?: string; pending?: string[]; inProcessWorkers?: number }>;
}

async function readyz(server: TestServer): Promise<{ status: number; body: Readiness }> {
  const res = await fetch(`${server.url}/api/readyz`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

/** The checks that fail, by name, with their reasons. */
const failing = (body: Readiness) =>
  Object.fromEntries(
    Object.entries(body.checks)
      .filter(([, c]) => !c.ok)
      .map(([name, c]) => [name, c.reason]),
  );

describe.each(DATABASES)('health endpoints on $name', ({ name, databaseUrl }) => {
  let judging: TestServer;
  let apiOnly: TestServer;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    judging = await startTestServer({ databaseUrl, judgeWorkers: 1, demo: false });
    apiOnly = await startTestServer({
      databaseUrl,
      judgeWorkers: 0,
      demo: false,
      env: { JUDGE_TOKEN },
    });
    // several servers, started one after the other: more than the default hook time on a busy machine
  }, 180_000);
  afterAll(async () => {
    await judging?.destroy();
    await apiOnly?.destroy();
  });

  it('liveness: 200 and plain JSON, no HOJ envelope', async () => {
    const res = await fetch(`${apiOnly.url}/api/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({ alive: true, uptimeSeconds: expect.any(Number) });
  });

  it('readiness: 200 with every check named and passing on a server that judges in-process', async () => {
    const { status, body } = await readyz(judging);
    expect(status).toBe(200);
    expect(body.ready).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual([
      'accepting',
      'dataDir',
      'database',
      'judge',
      'migrations',
    ]);
    expect(failing(body)).toEqual({});
    expect(body.checks.migrations?.pending).toEqual([]);
    expect(body.checks.judge?.inProcessWorkers).toBe(1);
  });

  it('no judge in the last minute: 503 until a remote judge says hello, and again once it is silent', async () => {
    const before = await readyz(apiOnly);
    expect(before.status).toBe(503);
    expect(failing(before.body)).toEqual({ judge: 'no_judge_seen' });

    const hello = await fetch(`${apiOnly.url}/api/judge/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-judge-token': JUDGE_TOKEN },
      body: JSON.stringify({ judger: 'health-remote' }),
    });
    expect(hello.status).toBe(200);
    const after = await readyz(apiOnly);
    expect(after.status).toBe(200);
    expect(failing(after.body)).toEqual({});

    // the judge last spoke two minutes ago
    await apiOnly.server.ctx.db.kysely
      .updateTable('judge_server')
      .set({ last_seen: new Date(Date.now() - 120_000).toISOString() })
      .where('name', '=', 'health-remote')
      .execute();
    const silent = await readyz(apiOnly);
    expect(silent.status).toBe(503);
    expect(failing(silent.body)).toEqual({ judge: 'no_judge_seen' });
  });

  it('migrations not current: 503 naming the pending migration', async () => {
    const { kysely } = judging.server.ctx.db;
    const latest = MIGRATION_NAMES[MIGRATION_NAMES.length - 1] as string;
    const row = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = ${latest}`.execute(kysely);
    const timestamp = row.rows[0]?.timestamp as string;
    // the database as an older release left it: the newest migration not applied
    await sql`delete from kysely_migration where name = ${latest}`.execute(kysely);
    try {
      const { status, body } = await readyz(judging);
      expect(status).toBe(503);
      expect(failing(body)).toEqual({ migrations: 'pending' });
      expect(body.checks.migrations?.pending).toEqual([latest]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest}, ${timestamp})`.execute(
        kysely,
      );
    }
    expect((await readyz(judging)).status).toBe(200);
  });

  it('DATA_DIR not writable: 503', async () => {
    // The tests run as root, and root writes through any mode: `chmod 500` would prove nothing.
    // The check creates a probe file, so DATA_DIR is swapped for a plain file of the same name,
    // where no file can be created whoever asks. Open database files keep working meanwhile.
    const dir = judging.dataDir;
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, 'not a directory');
    try {
      const { status, body } = await readyz(judging);
      expect(status).toBe(503);
      expect(failing(body)).toEqual({ dataDir: 'not_writable' });
    } finally {
      rmSync(dir);
      renameSync(`${dir}.away`, dir);
    }
    expect((await readyz(judging)).status).toBe(200);
  });

  it('database unreachable: 503 with the database and what needs it failing; liveness still answers', async () => {
    // the server's database handle is closed under it: every query fails from now on
    await judging.server.ctx.db.close();
    const { status, body } = await readyz(judging);
    expect(status).toBe(503);
    expect(failing(body)).toEqual({ database: 'unreachable', migrations: 'unreadable' });
    // the answer names no host, schema or path: details go to the server's log only
    expect(JSON.stringify(body)).not.toMatch(/postgres|sqlite|\/tmp|verdict\.db/i);
    expect((await fetch(`${judging.url}/api/healthz`)).status).toBe(200);
  });

  it('a server shutting down is not ready any more, though the rest still passes', async () => {
    expect((await readyz(apiOnly)).body.checks.accepting).toEqual({ ok: true });
    // what close() does first, before the workers and connections stop
    apiOnly.server.readiness.drain();
    const { status, body } = await readyz(apiOnly);
    expect(status).toBe(503);
    expect(failing(body)).toMatchObject({ accepting: 'shutting_down' });
    expect(body.checks.database?.ok).toBe(true);
  });
});
