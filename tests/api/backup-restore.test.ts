import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import type { Db } from '../../server/db/database';
import { MIGRATION_NAMES } from '../../server/db/migrate';
import { createBackup } from '../../server/services/backup/backup';
import { restoreBackup } from '../../server/services/backup/restore';
import { collectFiles, RUN_LOCK_KEY } from '../../server/services/files/gc';
import { takeRateLock } from '../../server/services/site/rate-lock';
import { verdictVersion } from '../../server/version';
import { A_PLUS_B, testClient } from '../helpers/api';
import { createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * `verdict backup` and `verdict restore` (docs/operations.md, Backup and restore), as an operator
 * uses them: a site with users, problems with their test data, submissions, a contest and an
 * uploaded avatar is archived while its server runs, restored into an empty DATA_DIR (and, on
 * PostgreSQL, into a new schema), and a server started on the restored data has every table, row
 * by row, and every file, by hash; and what restore must refuse.
 */

const root = resolve('.');
const HOUR = 3_600_000;

interface Cli {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npx verdict …` (scripts/verdict.mjs) with the site named by the environment, as an operator would. */
function verdict(args: string[], site: Record<string, string>): Promise<Cli> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['DATA_DIR', 'DATABASE_URL', 'DATABASE_SCHEMA'].includes(k)) env[k] = v;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts/verdict.mjs'), ...args], {
      env: { ...env, ...site },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Every row of every table, each table's rows in a stable order. */
async function allRows(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await db.kysely.introspection.getTables()) {
    const { rows } = await sql.raw(`select * from ${table.name}`).execute(db.kysely);
    out[table.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** sha256 of each file under DATA_DIR but the SQLite database itself, by relative path. */
function fileHashes(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.startsWith('verdict.db'))
        out[relative(dataDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dataDir);
  return out;
}

function readZip(file: string): Promise<{ name: string; mode: number; data: Buffer }[]> {
  return new Promise((done, fail) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return fail(err);
      const out: { name: string; mode: number; data: Buffer }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({
              name: entry.fileName,
              mode: (entry.externalFileAttributes >>> 16) & 0o777,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => done(out));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

/** A new zip of the given entries (mode with its file type, 0o100644 by default). */
function writeZip(file: string, entries: { name: string; data: Buffer; mode?: number }[]): Promise<void> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { mode: e.mode ?? 0o100644 });
  zip.end();
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', fail);
    zip.outputStream.on('end', () => {
      writeFileSync(file, Buffer.concat(chunks));
      done();
    });
  });
}

function avatarPng(): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(120);
  return PNG.sync.write(image);
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASES[1].databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

describe.each(DATABASES)('backup and restore on $name', ({ name, databaseUrl }) => {
  let source: TestServer;
  let restored: TestServer | null = null;
  const work = mkdtempSync(join(tmpdir(), 'verdict-backup-test-'));
  const archive = join(work, 'site.zip');
  const restoredDir = join(work, 'restored', 'data');
  const restoredSchema = databaseUrl
    ? `r_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    : '';
  let userToken = '';
  const site = (dataDir: string, schema: string | null): Record<string, string> => ({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema ?? '' } : {}),
  });

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // the demo site: problems with their test data in the file store, two contests, an announcement
    source = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const rootClient = testClient(source.url);
    await rootClient.login('root', source.rootPassword);
    const alice = await userClient(source, 'backupalice', { password: 'alice-secret-1' });
    await userClient(source, 'backupbob');
    userToken = alice.token ?? '';
    await alice.api.uploadAvatar(new Blob([new Uint8Array(avatarPng())], { type: 'image/png' }), 'me.png');
    const problem = await source.server.ctx.db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const cid = await createContest(rootClient, [problem.id], {
      title: 'Backed up',
      from: -HOUR,
      length: 5 * HOUR,
    });
    await alice.api.registerContest({ cid, password: '' });
    await alice.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] ?? '' });
    await alice.api.submitProblemJudge({ pid: 'A', cid, language: 'C', code: A_PLUS_B.C ?? '' });
  });

  afterAll(async () => {
    await restored?.destroy();
    await source?.destroy();
    if (databaseUrl) await dropSchema(restoredSchema);
    rmSync(work, { recursive: true, force: true });
  });

  it('writes one archive, readable by its owner alone, with a manifest of every file, while the server runs', async () => {
    const run = await verdict(['backup', archive], site(source.dataDir, source.databaseSchema));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('keep it private');
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const entries = await readZip(archive);
    const manifestEntry = entries.find((e) => e.name === 'manifest.json');
    const manifest = JSON.parse(manifestEntry?.data.toString() ?? '{}') as {
      verdictVersion: string;
      database: { kind: string; schema: string | null; migrations: string[] };
      files: { path: string; sha256: string; size: number }[];
    };
    expect(manifest.verdictVersion).toBe(verdictVersion());
    expect(manifest.database.kind).toBe(name);
    expect(manifest.database.schema).toBe(databaseUrl ? source.databaseSchema : null);
    expect(manifest.database.migrations).toEqual([...MIGRATION_NAMES]);
    // every entry listed with its hash, and every DATA_DIR file archived
    const listed = Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]));
    for (const e of entries)
      if (e.name !== 'manifest.json')
        expect(listed[e.name]).toBe(createHash('sha256').update(e.data).digest('hex'));
    const dataFiles = Object.entries(fileHashes(source.dataDir)).map(([path, hash]) => [
      `data/${path}`,
      hash,
    ]);
    expect(dataFiles.length).toBeGreaterThan(5);
    for (const [path, hash] of dataFiles) expect(listed[path as string]).toBe(hash);
    expect(listed['data/jwt-secret']).toBeDefined();
    expect(listed[name === 'sqlite' ? 'database/verdict.db' : 'database/postgres.dump']).toBeDefined();
  });

  it('restores into an empty DATA_DIR: a server on it has every row of every table and every file', async () => {
    const run = await verdict(['restore', archive], site(restoredDir, restoredSchema || null));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(statSync(restoredDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(restoredDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    if (!databaseUrl) expect(statSync(join(restoredDir, 'verdict.db')).mode & 0o777).toBe(0o600);

    restored = await startTestServer({
      databaseUrl,
      databaseSchema: restoredSchema || undefined,
      dataDir: restoredDir,
      judgeWorkers: 0,
      demo: false,
    });
    const [before, after] = [await allRows(source.server.ctx.db), await allRows(restored.server.ctx.db)];
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(Object.keys(before).length).toBeGreaterThan(50);
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(before.judge?.length).toBeGreaterThanOrEqual(2);
    expect(fileHashes(restoredDir)).toEqual(fileHashes(source.dataDir));

    // the same secret: a token issued by the old server is good on the restored one
    const alice = testClient(restored.url);
    alice.setToken(userToken);
    expect((await alice.api.getUserAuthInfo()).roles.length).toBeGreaterThan(0);
    await alice.login('backupalice', 'alice-secret-1');
    const detail = await alice.api.getProblemDetail('1000');
    expect(detail.problem.title).toBe('A+B Problem');
    // ids go on from where the site was (sequences and autoincrements restored too)
    const last = Math.max(
      ...(before.judge ?? []).map((r) => (JSON.parse(r) as { submit_id: number }).submit_id),
    );
    // root submits: alice's own submit interval was restored with the rest (it is a row too)
    const rootAfter = testClient(restored.url);
    await rootAfter.login('root', source.rootPassword);
    const next = await rootAfter.api.submitProblemJudge({
      pid: '1000',
      language: 'Python3',
      code: A_PLUS_B.Python3 ?? '',
    });
    expect(next.submitId).toBeGreaterThan(last);
  });

  it('refuses a DATA_DIR that is not empty, and replaces it with --force', async () => {
    const target = join(work, 'busy');
    mkdirSync(target);
    writeFileSync(join(target, 'keep.txt'), 'mine');
    const schema = databaseUrl ? `${restoredSchema}_f` : null;
    try {
      const refused = await verdict(['restore', archive], site(target, schema));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`DATA_DIR ${target} is not empty`);
      expect(refused.stderr).toContain('--force');
      expect(readFileSync(join(target, 'keep.txt'), 'utf8')).toBe('mine');

      await restoreBackup(
        { dataDir: target, databaseUrl: databaseUrl ?? null, databaseSchema: schema },
        { archive, force: true },
      );
      expect(existsSync(join(target, 'keep.txt'))).toBe(false);
      expect(fileHashes(target)).toEqual(fileHashes(source.dataDir));
    } finally {
      if (schema) await dropSchema(schema);
    }
  });

  it('refuses a tampered archive, naming the file, and writes nothing', async () => {
    const entries = await readZip(archive);
    const victim = entries.find((e) => e.name.startsWith('data/files/'));
    if (!victim) throw new Error('no test data file in the archive');
    const tampered = join(work, 'tampered.zip');
    await writeZip(
      tampered,
      entries.map((e) =>
        e === victim
          ? { name: e.name, data: Buffer.concat([e.data, Buffer.from('x')]) }
          : { name: e.name, data: e.data },
      ),
    );
    const target = join(work, 'tampered-target');
    await expect(
      restoreBackup(
        { dataDir: target, databaseUrl: databaseUrl ?? null, databaseSchema: `${restoredSchema}_t` },
        { archive: tampered, force: false },
      ),
    ).rejects.toThrow(`${victim.name} does not match`);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses an archive of the other database kind', async () => {
    const other = databaseUrl
      ? { dataDir: join(work, 'kind'), databaseUrl: null, databaseSchema: null }
      : { dataDir: join(work, 'kind'), databaseUrl: DATABASES[1].databaseUrl, databaseSchema: 'never_made' };
    await expect(restoreBackup(other, { archive, force: false })).rejects.toThrow(
      databaseUrl ? 'the archive holds a PostgreSQL database' : 'the archive holds a SQLite database',
    );
    expect(existsSync(other.dataDir)).toBe(false);
  });

  it('waits while a file store collection runs, and says so when it goes on', async () => {
    const db = source.server.ctx.db;
    const location = {
      dataDir: source.dataDir,
      databaseUrl: databaseUrl ?? null,
      databaseSchema: source.databaseSchema,
    };
    const during = join(work, 'during-collection.zip');
    expect(await takeRateLock(db, RUN_LOCK_KEY, 60)).toBe(0);
    try {
      await expect(
        createBackup(location, { output: during, force: false, collectionWaitMs: 300 }),
      ).rejects.toThrow(/^a file store collection is still running; try again in \d+ s$/);
      expect(existsSync(during)).toBe(false);
    } finally {
      await db.kysely.deleteFrom('rate_lock').where('key', '=', RUN_LOCK_KEY).execute();
    }
    // one that ends within the wait: the backup follows it, then frees the lock for the next
    expect(await takeRateLock(db, RUN_LOCK_KEY, 2)).toBe(0);
    const started = Date.now();
    await createBackup(location, { output: during, force: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(existsSync(during)).toBe(true);
    const next = await collectFiles(source.server.ctx, { dryRun: false });
    expect(next.ran).toBe(true);
  });
});

describe('restore refuses unsafe archives', () => {
  const work = mkdtempSync(join(tmpdir(), 'verdict-unsafe-archive-'));
  let archive = '';
  let entries: { name: string; mode: number; data: Buffer }[] = [];

  beforeAll(async () => {
    const dataDir = join(work, 'site');
    const server = await startTestServer({ dataDir, judgeWorkers: 0, demo: false });
    try {
      archive = join(work, 'good.zip');
      await createBackup(
        { dataDir, databaseUrl: null, databaseSchema: null },
        { output: archive, force: false },
      );
    } finally {
      await server.close();
    }
    entries = await readZip(archive);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The good archive with one more entry, its name patched in the zip's bytes (zip writers refuse such names). */
  async function withEntry(name: string, mode = 0o100644): Promise<string> {
    const placeholder = 'z'.repeat(name.length);
    const file = join(
      work,
      `bad-${createHash('sha256')
        .update(name + mode)
        .digest('hex')
        .slice(0, 8)}.zip`,
    );
    await writeZip(file, [...entries, { name: placeholder, data: Buffer.from('pwned'), mode }]);
    const bytes = readFileSync(file);
    let at = bytes.indexOf(placeholder);
    while (at !== -1) {
      bytes.write(name, at, 'utf8');
      at = bytes.indexOf(placeholder, at + 1);
    }
    writeFileSync(file, bytes);
    return file;
  }

  it.each([
    ['a path that climbs out', '../../escaped'],
    ['an absolute path', '/tmp/escaped'],
    ['a backslash path', 'data\\..\\x'],
  ])('refuses %s, naming the entry, and writes nothing', async (_, entry) => {
    const target = join(work, 'target');
    await expect(
      restoreBackup(
        { dataDir: target, databaseUrl: null, databaseSchema: null },
        { archive: await withEntry(entry), force: false },
      ),
    ).rejects.toThrow(`entry ${JSON.stringify(entry)} is not a safe relative path`);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(work, 'escaped'))).toBe(false);
  });

  it('refuses a symbolic link', async () => {
    const target = join(work, 'target');
    await expect(
      restoreBackup(
        { dataDir: target, databaseUrl: null, databaseSchema: null },
        { archive: await withEntry('data/link', 0o120777), force: false },
      ),
    ).rejects.toThrow('entry "data/link" is not a regular file');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses an entry the manifest does not list, and a listed file that is missing', async () => {
    const target = join(work, 'target');
    const extra = join(work, 'extra.zip');
    await writeZip(extra, [...entries, { name: 'data/smuggled', data: Buffer.from('x') }]);
    await expect(
      restoreBackup(
        { dataDir: target, databaseUrl: null, databaseSchema: null },
        { archive: extra, force: false },
      ),
    ).rejects.toThrow('data/smuggled is in the archive but not in the manifest');
    const missing = join(work, 'missing.zip');
    await writeZip(
      missing,
      entries.filter((e) => e.name !== 'data/jwt-secret'),
    );
    await expect(
      restoreBackup(
        { dataDir: target, databaseUrl: null, databaseSchema: null },
        { archive: missing, force: false },
      ),
    ).rejects.toThrow('data/jwt-secret is in the manifest but not in the archive');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses an archive from a Verdict with migrations this one does not know', async () => {
    const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')?.data.toString() ?? '{}') as {
      database: { migrations: string[] };
    };
    manifest.database.migrations.push('999_from_the_future');
    const newer = join(work, 'newer.zip');
    await writeZip(newer, [
      ...entries.filter((e) => e.name !== 'manifest.json'),
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
    ]);
    await expect(
      restoreBackup(
        { dataDir: join(work, 'target'), databaseUrl: null, databaseSchema: null },
        { archive: newer, force: false },
      ),
    ).rejects.toThrow('999_from_the_future');
  });
});
