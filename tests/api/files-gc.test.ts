import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_TOKEN_HEADER } from '../../judge/worker-protocol';
import { DATA_FILES } from '../../server/data-dir';
import { collectFiles, type FilesGcReport, RUN_LOCK_KEY } from '../../server/services/files/gc';
import { DAILY_LEASE_KEY } from '../../server/services/files/gc-timer';
import { takeRateLock } from '../../server/services/site/rate-lock';
import type { ProblemDtoForm } from '../../shared/schemas/problem-admin';
import { makeZip, type ZipEntry } from '../fixtures/packages/zip';
import { type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { POSTGRES_URL, startTestServer, type TestServer } from '../helpers/server';

/**
 * The file store's collector (docs/operations.md, Bounded disk): what the site no longer names
 * (a replaced avatar, a deleted statement image and file, a deleted problem's test data, an
 * abandoned test data upload) goes once it is past the grace period, with the temporaries of writes
 * that died; every file a row names stays and is still served; a file younger than the grace
 * period, a link and a name the store never makes stay too. `verdict gc --dry-run` counts the same
 * and removes nothing; `verdict gc` prints what it removed.
 */

const JUDGE_TOKEN = 'files-gc-test-judge-token-0123456789';
const HOUR = 3_600_000;

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function png(seed: number): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([seed % 256, 40, (i / 4) % 256, 255], i);
  return PNG.sync.write(image);
}

const ago = (ms: number) => new Date(Date.now() - ms);
function backdate(path: string, ms: number): void {
  utimesSync(path, ago(ms), ago(ms));
}

/** Every entry under `dir` (files and links), by path relative to it. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => !d.isDirectory())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

/** `node scripts/verdict.mjs gc ...` with the site's settings, as an operator runs it. */
function verdictGc(server: TestServer, databaseUrl: string | undefined, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/verdict.mjs', 'gc', ...args], {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        DATABASE_URL: databaseUrl ?? '',
        DATABASE_SCHEMA: server.databaseSchema ?? '',
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
      reject(new Error(`verdict gc did not exit: ${out}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

function problem(problemId: string, input: string, output: string): ProblemDtoForm {
  return {
    problem: {
      problemId,
      title: `GC ${problemId}`,
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'x',
      auth: 1,
    },
    isUploadTestCase: false,
    samples: [{ input, output, score: 100 }],
    languages: [{ name: 'C++' }],
    tags: [],
  };
}

function form(field: string, data: Buffer | string, filename: string): FormData {
  const f = new FormData();
  f.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
  return f;
}

describe.each(DATABASES)('the file store collector on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  const outside = mkdtempSync(join(tmpdir(), 'verdict-gc-outside-'));
  const store = () => join(server.dataDir, DATA_FILES.files);
  const pathOf = (hash: string) => server.server.ctx.files.pathOf(hash);

  // what the site stops naming, and what it keeps naming
  const avatarOld = png(1);
  const avatarNew = png(2);
  const imageGone = png(3);
  const imageKept = png(4);
  const annexGone = 'gc: an attached file that is deleted\n';
  const annexKept = 'gc: an attached file that stays\n';
  const gone = { input: 'gc deleted problem in\n', output: 'gc deleted problem out\n' };
  const kept = { input: 'gc kept problem in\n', output: 'gc kept problem out\n' };
  const abandoned: ZipEntry[] = [
    { name: '1.in', data: 'gc abandoned upload in\n' },
    { name: '1.out', data: 'gc abandoned upload out\n' },
  ];
  const staged: ZipEntry[] = [
    { name: '1.in', data: 'gc staged upload in\n' },
    { name: '1.out', data: 'gc staged upload out\n' },
  ];
  const orphanFresh = 'gc: stored a moment ago, its row on the way\n';
  const expectGone = [
    avatarOld,
    imageGone,
    annexGone,
    gone.input,
    gone.output,
    'gc abandoned upload in\n',
    'gc abandoned upload out\n',
  ];
  const goneBytes = expectGone.reduce((n, d) => n + Buffer.byteLength(d), 0);

  let links: {
    avatarNew: string;
    avatarOld: string;
    imageKept: string;
    imageGone: string;
    annexKept: string;
  };
  let staleTemp: string;
  let youngTemp: string;
  let linkInStore: string;
  let outsideFile: string;
  let before: string[];

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // the server's own timer is off (and would have run within 50 ms): only this test collects
    server = await startTestServer({
      databaseUrl,
      judgeWorkers: 0,
      demo: false,
      env: { FILES_GC: 'off', FILES_GC_DELAY_MS: '50', JUDGE_TOKEN },
    });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    const db = server.server.ctx.db.kysely;

    // an avatar, then another: the first is named by nothing (its public_image row stays)
    const first = await root.api.uploadAvatar(new Blob([new Uint8Array(avatarOld)]), 'a.png');
    await db.deleteFrom('rate_lock').where('key', 'like', 'avatar-upload:%').execute();
    const second = await root.api.uploadAvatar(new Blob([new Uint8Array(avatarNew)]), 'b.png');
    // statement images and files: one of each deleted
    const imgGone = await root.api.adminUploadMarkdownImage(form('image', imageGone, 'gone.png'));
    const imgKept = await root.api.adminUploadMarkdownImage(form('image', imageKept, 'kept.png'));
    const fileGone = await root.api.adminUploadMarkdownFile(form('file', annexGone, 'gone.txt'));
    const fileKept = await root.api.adminUploadMarkdownFile(form('file', annexKept, 'kept.txt'));
    await root.api.adminDeleteMarkdownFile(imgGone.fileId);
    await root.api.adminDeleteMarkdownFile(fileGone.fileId);
    links = {
      avatarOld: first.data.avatar ?? '',
      avatarNew: second.data.avatar ?? '',
      imageKept: imgKept.link,
      imageGone: imgGone.link,
      annexKept: fileKept.link,
    };
    expect(links.avatarNew).toBe(`/api/public/img/${sha(avatarNew)}.png`);
    // a problem with test data, deleted; another kept
    const deleted = await root.api.adminCreateProblem(problem('GCGONE', gone.input, gone.output));
    await root.api.adminDeleteProblem(deleted.pid);
    await root.api.adminCreateProblem(problem('GCKEPT', kept.input, kept.output));
    // a test data upload never saved, past the day the editor takes it; another just made
    const old = await root.api.adminUploadTestcaseZip(form('file', makeZip(abandoned), 'old.zip'));
    await db
      .updateTable('testdata_upload')
      .set({ gmt_create: ago(72 * HOUR).toISOString() })
      .where('id', '=', old.fileListDir)
      .execute();
    await root.api.adminUploadTestcaseZip(form('file', makeZip(staged), 'new.zip'));

    // everything so far is two hours old: past the grace period
    for (const entry of listing(store())) backdate(join(store(), entry), 2 * HOUR);
    // stored after that: younger than the grace period, named by nothing yet
    server.server.ctx.files.put(orphanFresh);
    // temporaries of writes that died: one a day old, one of two hours (a slow write, maybe)
    staleTemp = `${pathOf(sha('gc partial write'))}.4242.tmp`;
    youngTemp = `${pathOf(sha('gc slow write'))}.4243.tmp`;
    for (const [path, age] of [
      [staleTemp, 25 * HOUR],
      [youngTemp, 2 * HOUR],
    ] as const) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'partial');
      backdate(path, age);
    }
    // what the store never makes: a stray file, a link named like a stored file, a linked prefix
    writeFileSync(join(store(), 'README'), 'not a stored file');
    backdate(join(store(), 'README'), 48 * HOUR);
    const target = join(outside, 'target');
    writeFileSync(target, 'outside the store');
    backdate(target, 48 * HOUR);
    const linkHash = sha('gc a link');
    linkInStore = pathOf(linkHash);
    mkdirSync(join(linkInStore, '..'), { recursive: true });
    symlinkSync(target, linkInStore);
    // a prefix no stored file uses, linked to a directory outside holding a "stored" file
    const prefix = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0')).find(
      (p) => !existsSync(join(store(), p)),
    ) as string;
    outsideFile = join(prefix, `${prefix}${sha('gc outside').slice(2)}`);
    mkdirSync(join(outside, prefix));
    writeFileSync(join(outside, outsideFile), 'outside, named like a stored file');
    backdate(join(outside, outsideFile), 48 * HOUR);
    symlinkSync(join(outside, prefix), join(store(), prefix));
    // a collection that died after renaming a referenced file aside: the next one puts it back
    await rename(pathOf(sha(kept.input)), `${pathOf(sha(kept.input))}.gc.tmp`);

    before = listing(store());
  });

  afterAll(async () => {
    await server?.destroy();
    rmSync(outside, { recursive: true, force: true });
  });

  it('finds every file it should remove in the store first', () => {
    for (const data of expectGone) expect(existsSync(pathOf(sha(data)))).toBe(true);
    expect(existsSync(pathOf(sha(orphanFresh)))).toBe(true);
  });

  const expected = (dryRun: boolean): Partial<FilesGcReport> => ({
    dryRun,
    removed: expectGone.length,
    removedBytes: goneBytes,
    temporaries: 1,
    temporaryBytes: Buffer.byteLength('partial'),
  });

  it('--dry-run counts what would go, prints it and removes nothing', async () => {
    const outcome = await collectFiles(server.server.ctx, { dryRun: true });
    if (!outcome.ran) throw new Error('a dry run never waits');
    expect(outcome.report).toMatchObject(expected(true));
    expect(outcome.report.recent).toBe(1);

    const cli = await verdictGc(server, databaseUrl, ['--dry-run']);
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain(`would remove: ${expectGone.length} file(s), ${goneBytes} bytes`);
    expect(cli.out).toContain('would remove: 1 file(s), 7 bytes (7 B) left behind by writes that died');
    expect(cli.out).toContain('nothing was removed (--dry-run)');
    expect(listing(store())).toEqual(before);
  });

  it('waits for a collection that already runs', async () => {
    const db = server.server.ctx.db;
    expect(await takeRateLock(db, RUN_LOCK_KEY, 60)).toBe(0);
    try {
      const outcome = await collectFiles(server.server.ctx);
      expect(outcome.ran).toBe(false);
      const cli = await verdictGc(server, databaseUrl, []);
      expect(cli.code).toBe(1);
      expect(cli.out).toMatch(/another collection is running/);
    } finally {
      await db.kysely.deleteFrom('rate_lock').where('key', '=', RUN_LOCK_KEY).execute();
    }
    expect(listing(store())).toEqual(before);
  });

  it('removes exactly the unreferenced old files and stale temporaries, and says how much', async () => {
    const cli = await verdictGc(server, databaseUrl, []);
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain(`removed: ${expectGone.length} file(s), ${goneBytes} bytes`);
    expect(cli.out).toContain('removed: 1 file(s), 7 bytes (7 B) left behind by writes that died');

    const rel = (path: string) => relative(store(), path);
    const quarantined = rel(`${pathOf(sha(kept.input))}.gc.tmp`);
    const removed = new Set([...expectGone.map((d) => rel(pathOf(sha(d)))), rel(staleTemp), quarantined]);
    const restored = rel(pathOf(sha(kept.input)));
    expect(listing(store())).toEqual([...before.filter((p) => !removed.has(p)), restored].sort());
    // what the store never made is untouched, and nothing outside it
    expect(listing(outside)).toEqual([outsideFile, 'target'].sort());
    expect(existsSync(linkInStore)).toBe(true);
    expect(existsSync(youngTemp)).toBe(true);
    expect(existsSync(pathOf(sha(orphanFresh)))).toBe(true);
  });

  it('still serves every file the site names; the removed ones are gone', async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers });
    const body = async (path: string, headers?: Record<string, string>) => {
      const res = await get(path, headers);
      expect(res.status, path).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    expect((await body(links.avatarNew)).equals(avatarNew)).toBe(true);
    expect((await body(links.imageKept)).equals(imageKept)).toBe(true);
    expect((await body(links.annexKept)).toString()).toBe(annexKept);
    const judge = { [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN };
    expect((await body(`/api/judge/file/${sha(kept.input)}`, judge)).toString()).toBe(kept.input);
    expect((await body(`/api/judge/file/${sha(kept.output)}`, judge)).toString()).toBe(kept.output);
    // the replaced avatar's address is still listed as a public image, but its bytes are gone
    expect((await get(links.avatarOld)).status).toBe(404);
    expect((await get(links.imageGone)).status).toBe(404);
    // the staged upload the editor may still save kept its files
    for (const entry of staged) expect(existsSync(pathOf(sha(entry.data as string)))).toBe(true);
  });

  it('finds nothing more to remove the next time', async () => {
    const outcome = await collectFiles(server.server.ctx);
    if (!outcome.ran) throw new Error('no other collection runs');
    expect(outcome.report).toMatchObject({ removed: 0, removedBytes: 0, temporaries: 0, recent: 1 });
    expect(outcome.report.foreign).toBe(3);
  });

  it('keeps an old unnamed file whose bytes are stored again, its row on the way', async () => {
    const files = server.server.ctx.files;
    const again = 'gc: stored long ago, uploaded again now\n';
    const aside = 'gc: uploaded again while a collection holds it aside\n';
    for (const data of [again, aside]) backdate(pathOf(files.put(data).hash), 2 * HOUR);
    await rename(pathOf(sha(aside)), `${pathOf(sha(aside))}.gc.tmp`);

    files.put(again);
    files.put(aside);
    const outcome = await collectFiles(server.server.ctx);
    if (!outcome.ran) throw new Error('no other collection runs');
    // the copy held aside is dropped: the one stored again is the file now
    expect(outcome.report).toMatchObject({ removed: 0, temporaries: 1, recent: 3 });
    expect(existsSync(`${pathOf(sha(aside))}.gc.tmp`)).toBe(false);
    expect(existsSync(pathOf(sha(again)))).toBe(true);
    expect(existsSync(pathOf(sha(aside)))).toBe(true);
  });
});

describe('the daily collection on two replicas of one PostgreSQL schema', () => {
  it('runs on one replica only', { timeout: 120_000 }, async () => {
    await assertPostgresReachable();
    // a DATA_DIR both replicas share, with a file no row names, past the grace period
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-gc-replicas-'));
    const orphan = 'gc: named by no row of either replica\n';
    const hash = sha(orphan);
    const orphanPath = join(dataDir, DATA_FILES.files, hash.slice(0, 2), hash);
    mkdirSync(join(orphanPath, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(orphanPath, orphan);
    backdate(orphanPath, 2 * HOUR);

    const lines: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const options = (who: 'a' | 'b') => ({
      databaseUrl: POSTGRES_URL,
      judgeWorkers: 0,
      demo: false,
      dataDir,
      env: { FILES_GC_DELAY_MS: '100' },
      logger: { level: 'debug', stream: { write: (line: string) => lines[who].push(line) } },
    });
    const said = (who: 'a' | 'b', msg: string) =>
      lines[who].filter((l) => (JSON.parse(l) as { msg?: string }).msg?.startsWith(msg)).length;
    const servers: TestServer[] = [];
    try {
      const a = await startTestServer(options('a'));
      servers.push(a);
      const b = await startTestServer({ ...options('b'), databaseSchema: a.databaseSchema ?? undefined });
      servers.push(b);
      const deadline = Date.now() + 30_000;
      const collected = () => said('a', 'file store collected') + said('b', 'file store collected');
      const leftAlone = () =>
        said('a', 'file store collection: today') + said('b', 'file store collection: today');
      while ((collected() < 1 || leftAlone() < 1) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      // both timers fired; one collected, the other found the day's lease taken
      await new Promise((r) => setTimeout(r, 500));
      expect([collected(), leftAlone()]).toEqual([1, 1]);
      expect(existsSync(orphanPath)).toBe(false);
      const lease = await a.server.ctx.db.kysely
        .selectFrom('rate_lock')
        .select('key')
        .where('key', '=', DAILY_LEASE_KEY)
        .execute();
      expect(lease).toHaveLength(1);
    } finally {
      for (const s of servers.reverse()) await s.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
