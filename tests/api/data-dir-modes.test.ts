import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { mailFiles } from '../helpers/mail';
import { POSTGRES_URL, startTestServer, TEST_ROOT_PASSWORD } from '../helpers/server';

/**
 * What the server writes in DATA_DIR is its user's alone (docs/security.md): DATA_DIR 0700, the
 * database with its WAL and shared memory, the JWT secret and mail 0600, whatever the umask; an
 * operator's existing DATA_DIR that others can reach is reported once at start.
 */

const CONTENT_BLOB = /^files\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

function walk(root: string): { path: string; mode: number; dir: boolean }[] {
  const found: { path: string; mode: number; dir: boolean }[] = [];
  const visit = (path: string) => {
    const st = lstatSync(path);
    found.push({ path: relative(root, path) || '.', mode: st.mode & 0o777, dir: st.isDirectory() });
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

const octal = (mode: number) => mode.toString(8).padStart(3, '0');

function onePixelPng(): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** A server with its log lines captured (warn and above). */
async function startLogged(dataDir: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    JUDGE_WORKERS: '0',
    WEB_DIR: resolve('dist/web'),
    ...env,
  });
  const server = await buildServer(config, {
    languages: [],
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  // the start-up report on modes: warnings that name a path and its mode
  const modeWarnings = () =>
    lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; path?: string; mode?: string })
      .filter((w) => w.level === 40 && w.mode !== undefined);
  return { server, modeWarnings, lines };
}

describe.each(DATABASES)('DATA_DIR modes on $name', ({ name, databaseUrl }) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('creates every directory 0700 and every private file 0600, even under umask 000', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const parent = mkdtempSync(join(tmpdir(), 'verdict-modes-'));
    cleanup.push(() => rmSync(parent, { recursive: true, force: true }));
    // a umask that takes nothing away: the modes must come from the server, not from the umask
    const umask = process.umask(0o000);
    cleanup.push(() => {
      process.umask(umask);
    });
    const dataDir = join(parent, 'data');
    const server = await startTestServer({ databaseUrl, dataDir, judgeWorkers: 0 });
    cleanup.push(() => server.destroy());

    // what writes files at run time: a mail (register code) and an upload (avatar)
    const c = testClient(server.url);
    await c.api.getRegisterCode('modes@example.com');
    expect(mailFiles(dataDir)).toHaveLength(1);
    await c.login('root', server.rootPassword);
    await c.api.uploadAvatar(new Blob([new Uint8Array(onePixelPng())], { type: 'image/png' }), 'a.png');

    // read while the server runs, so SQLite's -wal and -shm are there
    const entries = walk(dataDir);
    const names = entries.map((e) => e.path);
    expect(names).toEqual(expect.arrayContaining(['.', 'jwt-secret', 'files', 'mail']));
    if (name === 'sqlite')
      expect(names).toEqual(expect.arrayContaining(['verdict.db', 'verdict.db-wal', 'verdict.db-shm']));

    const wide = entries
      .filter((e) => !(!e.dir && CONTENT_BLOB.test(e.path)))
      .filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))
      .map((e) => `${e.path} ${octal(e.mode)}`);
    expect(wide).toEqual([]);
    // Stored test data and avatars are 0644 on purpose (the judge hard-links test data into a
    // checker's sandbox, docs/judge.md): they sit only in 0700 directories, checked above.
    const blobs = entries.filter((e) => !e.dir && CONTENT_BLOB.test(e.path));
    expect(blobs.length).toBeGreaterThan(1);
    for (const blob of blobs) expect([blob.path, octal(blob.mode)]).toEqual([blob.path, '644']);
  });

  it('warns once per entry others can reach in an existing DATA_DIR, with path and mode, never the secret', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-modes-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const schema = `t_modes_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const env: Record<string, string> = databaseUrl
      ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
      : {};
    if (databaseUrl) cleanup.push(() => dropSchema(schema));

    // first start: fresh DATA_DIR, nothing to report
    const first = await startLogged(dataDir, env);
    await first.server.close();
    expect(first.modeWarnings()).toEqual([]);

    // an operator's install as an older version or a careless copy left it
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    mkdirSync(join(dataDir, 'mail'), { mode: 0o755 });
    chmodSync(join(dataDir, 'mail'), 0o755);
    if (name === 'sqlite') chmodSync(join(dataDir, 'verdict.db'), 0o644);
    const secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim();

    const second = await startLogged(dataDir, env);
    cleanup.push(() => second.server.close());
    const warned = second.modeWarnings().map((w) => ({ path: w.path, mode: w.mode }));
    const expected = [
      { path: dataDir, mode: '755' },
      // SQLite gives its -wal and -shm files the database's mode
      ...(name === 'sqlite'
        ? ['verdict.db', 'verdict.db-wal', 'verdict.db-shm'].map((f) => ({
            path: join(dataDir, f),
            mode: '644',
          }))
        : []),
      { path: join(dataDir, 'jwt-secret'), mode: '644' },
      { path: join(dataDir, 'mail'), mode: '755' },
    ];
    expect(warned).toEqual(expected);
    expect(second.modeWarnings()[0]?.msg).toBe(
      `${dataDir} has mode 755: other users of this machine can reach it. Run: chmod 700 ${dataDir}`,
    );
    expect(second.lines.join('\n')).not.toContain(secret);
    // the operator's modes are reported, not changed
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o755);
  });
});

async function dropSchema(schema: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
