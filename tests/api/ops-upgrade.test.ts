import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../server/data-dir';
import { openDatabase } from '../../server/db/database';
import { MIGRATION_NAMES } from '../../server/db/migrate';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { buildPreviousRelease, FIXTURE, PREVIOUS_RELEASE } from '../fixtures/upgrade/previous-release';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer } from '../helpers/server';

/**
 * Upgrades (docs/operations.md, Upgrades): the current server starts on a database of the
 * previous release and serves its rows; `verdict migrate --dry-run` names what it would apply; a
 * replica of this release still starts on a database a newer release has migrated.
 */
const FIXTURE_FILE = join('tests', 'fixtures', 'upgrade', 'verdict-024.db');
/** What this release adds to the previous one (computed, so a new migration needs no change here). */
const NEWER = MIGRATION_NAMES.filter((n) => n > PREVIOUS_RELEASE);

interface Site {
  dataDir: string;
  schema: string | null;
}

/** `node scripts/verdict.mjs migrate ...` with the site's settings. */
function verdictMigrate(
  args: string[],
  site: Site,
  databaseUrl: string | undefined,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/verdict.mjs', 'migrate', ...args], {
      env: {
        ...process.env,
        DATA_DIR: site.dataDir,
        DATABASE_URL: databaseUrl ?? '',
        DATABASE_SCHEMA: site.schema ?? '',
      },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`verdict migrate did not exit: ${out}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** The names listed under the output's heading line (two-space indented lines). */
const listed = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());

describe.each(DATABASES)('upgrading a database of the previous release on $name', ({ name, databaseUrl }) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** A site holding the previous release's database: the fixture file, or the same built into a new schema. */
  async function previousSite(): Promise<Site> {
    if (name === 'postgres') await assertPostgresReachable();
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-upgrade-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (!databaseUrl) {
      copyFileSync(FIXTURE_FILE, join(dataDir, DATA_FILES.sqlite));
      chmodSync(join(dataDir, DATA_FILES.sqlite), 0o600);
      return { dataDir, schema: null };
    }
    const schema = `t_upg_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    cleanup.push(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });
    const db = await openDatabase({ dataDir, databaseUrl, databaseSchema: schema });
    try {
      await buildPreviousRelease(db);
    } finally {
      await db.close();
    }
    return { dataDir, schema };
  }

  async function start(site: Site) {
    const server = await startTestServer({
      databaseUrl,
      dataDir: site.dataDir,
      databaseSchema: site.schema ?? undefined,
      judgeWorkers: 0,
      demo: false,
    });
    cleanup.push(() => server.close());
    return server;
  }

  it('the current server migrates it at start and serves every row through the API', async () => {
    const site = await previousSite();
    const server = await start(site);

    const ready = await (await fetch(`${server.url}/api/readyz`)).json();
    expect(ready.checks.migrations).toEqual({ ok: true, pending: [] });

    const alice = testClient(server.url);
    await alice.login(FIXTURE.user.username, FIXTURE.user.password);
    const root = testClient(server.url);
    await root.login(FIXTURE.root.username, FIXTURE.root.password);

    const problem = await alice.api.getProblemDetail(FIXTURE.problem.problemId);
    expect(problem.problem).toMatchObject({
      problemId: FIXTURE.problem.problemId,
      title: FIXTURE.problem.title,
    });

    const mine = await alice.api.getSubmissionList({ onlyMine: true });
    expect(mine.records).toHaveLength(1);
    const submitId = mine.records[0]?.submitId as number;
    const detail = await alice.api.getSubmissionDetail(submitId);
    expect(detail.submission).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      code: FIXTURE.submission.code,
      language: 'C++',
      username: FIXTURE.user.username,
    });
    const cases = await alice.api.getAllCaseResult(submitId);
    expect(cases?.judgeCaseList).toHaveLength(1);

    const contest = await alice.api.getContestInfo(FIXTURE.contest.id);
    expect(contest.title).toBe(FIXTURE.contest.title);
    const contestProblems = await alice.api.getContestProblems(FIXTURE.contest.id);
    expect(contestProblems.map((p) => p.displayId)).toEqual(['A']);
    expect((await root.api.getSubmissionList({ username: FIXTURE.user.username })).total).toBe(1);
  });

  it('`verdict migrate --dry-run` names the pending migrations and applies none; `verdict migrate` applies them', async () => {
    expect(NEWER.length).toBeGreaterThan(0);
    const site = await previousSite();
    const dry = await verdictMigrate(['--dry-run'], site, databaseUrl);
    expect(dry.code, dry.out).toBe(0);
    expect(listed(dry.out)).toEqual(NEWER);
    expect(dry.out).toContain('not applied: --dry-run');
    // the URL (which may hold a password) is never printed
    if (databaseUrl) expect(dry.out).not.toContain(databaseUrl);
    const again = await verdictMigrate(['--dry-run'], site, databaseUrl);
    expect(listed(again.out)).toEqual(NEWER);

    const applied = await verdictMigrate([], site, databaseUrl);
    expect(applied.code, applied.out).toBe(0);
    expect(listed(applied.out)).toEqual(NEWER);
    const after = await verdictMigrate(['--dry-run'], site, databaseUrl);
    expect(after.code).toBe(0);
    expect(after.out).toContain(`up to date: ${MIGRATION_NAMES.length} migrations applied, none pending`);
    expect(listed(after.out)).toEqual([]);
    // four runs of the command line, each starting Node and tsx
  }, 240_000);

  it('a replica of this release still starts on a database a newer release migrated (expand, then contract)', async () => {
    const site = await previousSite();
    const first = await start(site);
    // a newer release came and added a migration this one does not know
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_a_newer_release', ${new Date().toISOString()})`.execute(
      first.server.ctx.db.kysely,
    );
    await first.close();
    const second = await start(site);
    const ready = await (await fetch(`${second.url}/api/readyz`)).json();
    expect(ready.checks.migrations).toEqual({ ok: true, pending: [] });
    const alice = testClient(second.url);
    await alice.login(FIXTURE.user.username, FIXTURE.user.password);
    expect((await alice.api.getProblemDetail(FIXTURE.problem.problemId)).problem.title).toBe(
      FIXTURE.problem.title,
    );
    const dry = await verdictMigrate(['--dry-run'], site, databaseUrl);
    expect(dry.out).toContain('applied by a newer release');
    expect(listed(dry.out)).toEqual(['999_from_a_newer_release']);
  });
});

describe('`verdict migrate --dry-run` on a site without a database', () => {
  it('lists every migration and creates nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-upgrade-empty-'));
    try {
      const dry = await verdictMigrate(['--dry-run'], { dataDir, schema: null }, undefined);
      expect(dry.code, dry.out).toBe(0);
      expect(dry.out).toContain(
        `no database there yet: all ${MIGRATION_NAMES.length} migrations are pending`,
      );
      expect(listed(dry.out)).toEqual([...MIGRATION_NAMES]);
      expect(existsSync(join(dataDir, DATA_FILES.sqlite))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
