import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBound } from '../../judge/disk-bound';
import { HttpJudgeBackend } from '../../judge/remote/http-backend';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'verdict-bound-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const HOUR = 3600_000;

/** A file of `kb` KB last used `agoMs` before `now`. */
function entry(path: string, kb: number, now: number, agoMs: number): void {
  writeFileSync(path, Buffer.alloc(kb * 1024, 1));
  const at = new Date(now - agoMs);
  utimesSync(path, at, at);
}

describe('a cache directory with a size bound', () => {
  it('removes the least recently used entries down to 90 % of the bound, and nothing while within it', async () => {
    const root = tempDir();
    const now = Date.now();
    for (let i = 0; i < 10; i++) entry(join(root, `e${i}`), 10, now, (10 - i) * HOUR); // e0 oldest
    const bound = new DiskBound(root, { maxBytes: 100 * 1024, now: () => now });
    expect(await bound.trim()).toEqual([]);
    entry(join(root, 'e10'), 10, now, HOUR / 2);
    entry(join(root, 'e11'), 10, now, HOUR / 4);
    // 120 KB against a bound of 100: down to 90 KB, oldest first
    const removed = await bound.trim();
    expect(removed.map((p) => p.slice(root.length + 1))).toEqual(['e0', 'e1', 'e2']);
    expect(existsSync(join(root, 'e3'))).toBe(true);
  });

  it('keeps what was used recently even past the bound, and what a hit touched', async () => {
    const root = tempDir();
    const now = Date.now();
    for (let i = 0; i < 4; i++) entry(join(root, `r${i}`), 10, now, 60_000); // all used a minute ago
    entry(join(root, 'old'), 10, now, 5 * HOUR);
    entry(join(root, 'older'), 10, now, 6 * HOUR);
    const bound = new DiskBound(root, { maxBytes: 20 * 1024, keepRecentMs: 10 * 60_000, now: () => now });
    await bound.touch(join(root, 'older')); // a hit: now the most recent
    const removed = await bound.trim();
    expect(removed.map((p) => p.slice(root.length + 1))).toEqual(['old']);
    expect(existsSync(join(root, 'older'))).toBe(true);
  });

  it('counts directories by their contents and leaves temporaries (dot names) to their owners', async () => {
    const root = tempDir();
    const now = Date.now();
    mkdirSync(join(root, 'checker-a'));
    entry(join(root, 'checker-a', 'chk'), 30, now, 0);
    utimesSync(join(root, 'checker-a'), new Date(now - 3 * HOUR), new Date(now - 3 * HOUR));
    mkdirSync(join(root, 'checker-b'));
    entry(join(root, 'checker-b', 'chk'), 30, now, 0);
    utimesSync(join(root, 'checker-b'), new Date(now - 2 * HOUR), new Date(now - 2 * HOUR));
    entry(join(root, '.tmp-building'), 30, now, 9 * HOUR);
    const bound = new DiskBound(root, { maxBytes: 40 * 1024, now: () => now });
    expect((await bound.trim()).map((p) => p.slice(root.length + 1))).toEqual(['checker-a']);
    expect(existsSync(join(root, '.tmp-building'))).toBe(true);
  });
});

describe("a remote judge's test data cache", () => {
  it('stays within --cache-mb as files arrive, the least recently used out first', async () => {
    const cacheDir = tempDir();
    const files = Array.from({ length: 6 }, (_, i) => Buffer.alloc(40 * 1024, i + 1));
    const byHash = new Map(files.map((f) => [createHash('sha256').update(f).digest('hex'), f]));
    const hashes = [...byHash.keys()];
    const backend = new HttpJudgeBackend({
      server: 'http://judge.invalid',
      token: 't',
      cacheDir,
      cacheMaxMB: 100 / 1024, // 100 KB: two files and a half
      fetch: async (input) => {
        const hash = String(input).split('/').pop() ?? '';
        return new Response(new Uint8Array(byHash.get(hash) ?? Buffer.alloc(0)));
      },
    });
    for (const [i, hash] of hashes.entries()) {
      const path = await backend.fetchFile(hash);
      // distinct use times an hour apart, in order of arrival, none within the last ten minutes
      const at = new Date(Date.now() - (hashes.length - i) * HOUR);
      utimesSync(path, at, at);
      await backend.cacheBound.added();
    }
    const kept = hashes.filter((h) => existsSync(backend.cachePath(h)));
    expect(kept).toEqual(hashes.slice(-2));
  });
});
