// @vitest-environment node
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import enUS from '../../locales/console/en-US.json';
import zhCN from '../../locales/console/zh-CN.json';
import { AppError } from '../../server/services/errors';
import { readDirectory, readZip, safeRelativePath } from '../../server/services/packages/archive';
import { makeZip, zipFixture } from '../fixtures/packages/zip';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the archive to be refused');
}

describe('safe archive paths', () => {
  it('normalises harmless names and refuses escaping ones', () => {
    expect(safeRelativePath('a/./b//c.in')).toBe('a/b/c.in');
    expect(safeRelativePath('dir\\file.ans')).toBe('dir/file.ans');
    for (const bad of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'C:\\win\\x',
      'C:x',
      'a\\..\\..\\x',
      'a\u0000b',
      'a/\u0007',
    ])
      expect(safeRelativePath(bad), bad).toBeNull();
  });
});

describe('reading zip archives in memory', () => {
  it('reads a package and resolves a symbolic link that stays inside it', async () => {
    const pkg = await readZip(zipFixture('kattis/oddecho', { folder: 'oddecho' }));
    expect(pkg.has('oddecho/problem.yaml')).toBe(true);
    expect(pkg.text('oddecho/data/secret/subtask2/1.in')).toBe(pkg.text('oddecho/data/secret/subtask1/1.in'));
    expect(pkg.children('oddecho/data/secret').dirs).toEqual(['subtask1', 'subtask2']);
  });

  it('follows a link to a directory and a chain of links', async () => {
    const pkg = await readZip(
      makeZip([
        { name: 'data/a/1.in', data: 'one' },
        { name: 'data/b', data: 'a', mode: 0o120777 },
        { name: 'c.in', data: 'data/b/1.in', mode: 0o120777 },
      ]),
    );
    expect(pkg.text('data/b/1.in')).toBe('one');
    expect(pkg.text('c.in')).toBe('one');
  });

  it.each([
    ['a zip-slip name', [{ name: '../../evil.sh', data: 'x' }], 'import.unsafePath'],
    ['an absolute name', [{ name: '/etc/cron.d/x', data: 'x' }], 'import.unsafePath'],
    ['a Windows drive name', [{ name: 'C:\\x.txt', data: 'x' }], 'import.unsafePath'],
    [
      'a link out of the package',
      [{ name: 'data/x.in', data: '../../../etc/passwd', mode: 0o120777 }],
      'import.unsafeLink',
    ],
    ['an absolute link', [{ name: 'x.in', data: '/etc/passwd', mode: 0o120777 }], 'import.unsafeLink'],
    ['a dangling link', [{ name: 'x.in', data: 'nothing.in', mode: 0o120777 }], 'import.danglingLink'],
    ['a device file', [{ name: 'dev', data: '', mode: 0o020644 }], 'import.unsafePath'],
    [
      'the same name twice',
      [
        { name: 'a.in', data: '1' },
        { name: 'a.in', data: '2' },
      ],
      'import.duplicateEntry',
    ],
  ])('refuses %s', async (_, entries, key) => {
    const error = await refusal(readZip(makeZip([{ name: 'problem.yaml', data: 'name: x\n' }, ...entries])));
    expect(error.status).toBe(400);
    expect(error.key).toBe(key);
  });

  it('refuses what is not a zip, and damaged data', async () => {
    expect((await refusal(readZip(Buffer.from('just text, not an archive')))).key).toBe('import.notAZip');
    const zip = makeZip([{ name: 'a.txt', data: 'x'.repeat(5000) }]);
    expect((await refusal(readZip(zip.subarray(0, zip.length - 30)))).key).toBe('import.notAZip');
    const damaged = Buffer.from(zip);
    damaged[40] ^= 0xff; // inside the deflated data: the CRC no longer matches
    expect(['import.brokenArchive', 'import.notAZip']).toContain((await refusal(readZip(damaged))).key);
  });

  it('stops at the size and entry limits, whatever the headers claim', async () => {
    const big = makeZip([{ name: 'a.in', data: '0'.repeat(4096) }]);
    expect((await refusal(readZip(big, { totalBytes: 1000, entries: 10 }))).key).toBe('import.tooLarge');
    const lying = Buffer.from(big);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, central + 24); // the central directory claims 10 bytes
    lying.writeUInt32LE(10, 22); // and so does the local header
    expect(['import.tooLarge', 'import.brokenArchive']).toContain(
      (await refusal(readZip(lying, { totalBytes: 1000, entries: 10 }))).key,
    );
    const many = makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.in`, data: 'x' })));
    expect((await refusal(readZip(many, { totalBytes: 1000, entries: 10 }))).key).toBe(
      'import.tooManyEntries',
    );
  });

  it('skips directories and __MACOSX entries', async () => {
    const pkg = await readZip(
      makeZip([
        { name: 'p/', mode: 0o040755 },
        { name: 'p/problem.yaml', data: 'x' },
        { name: '__MACOSX/p/._problem.yaml', data: 'junk' },
      ]),
    );
    expect(pkg.paths()).toEqual(['p/problem.yaml']);
  });
});

describe('reading a package directory (verdict verify)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-pkg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('follows links inside the directory and refuses links out of it', async () => {
    mkdirSync(join(dir, 'ok/data'), { recursive: true });
    writeFileSync(join(dir, 'ok/data/1.in'), '1\n');
    symlinkSync('1.in', join(dir, 'ok/data/2.in'));
    const pkg = await readDirectory(join(dir, 'ok'));
    expect(pkg.text('data/2.in')).toBe('1\n');

    mkdirSync(join(dir, 'bad'));
    symlinkSync('/etc/hostname', join(dir, 'bad/leak.in'));
    expect((await refusal(readDirectory(join(dir, 'bad')))).key).toBe('import.unsafeLink');

    mkdirSync(join(dir, 'loop'));
    symlinkSync('.', join(dir, 'loop/self'));
    expect((await refusal(readDirectory(join(dir, 'loop')))).key).toBe('import.unsafeLink');
  });
});

describe('import messages', () => {
  const get = (obj: unknown, key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        obj,
      );

  it('exist in both languages for every key the importer and verify use', () => {
    const root = join(__dirname, '../..');
    const files = [
      ...readdirSync(join(root, 'server/services/packages')).map((f) =>
        join(root, 'server/services/packages', f),
      ),
      join(root, 'server/routes/import.ts'),
      join(root, 'scripts/cli/verify.ts'),
    ];
    const keys = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/'(import\.[a-zA-Z.]+)'/g)) keys.add(m[1]);
      for (const m of source.matchAll(/importError\('([a-zA-Z.]+)'/g)) keys.add(`import.${m[1]}`);
    }
    expect(keys.size).toBeGreaterThan(50);
    // a message with a count may come in plural forms (key_one, key_other), as i18next reads them
    const text = (obj: unknown, key: string) => get(obj, key) ?? get(obj, `${key}_other`);
    for (const key of keys) {
      expect(typeof text(enUS, key), `en-US ${key}`).toBe('string');
      expect(typeof text(zhCN, key), `zh-CN ${key}`).toBe('string');
    }
  });
});
