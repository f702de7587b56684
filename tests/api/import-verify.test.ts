/**
 * `verdict verify <package>` judges a package's example submissions with the local judge (no
 * server) and exits non-zero when one gets a verdict its folder or tag does not allow.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../scripts/cli/verify';
import { FIXTURES, zipFixture } from '../fixtures/packages/zip';

const work = mkdtempSync(join(tmpdir(), 'verdict-verify-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function verify(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  try {
    const code = await run([...args, '--lang', 'en-US']);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

const line = (out: string, path: string) => out.split('\n').find((l) => l.includes(path)) ?? '';

describe('verdict verify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('confirms the accepted and wrong_answer submissions of a Kattis package', async () => {
    const { code, out } = await verify(join(FIXTURES, 'kattis/sum'));
    expect(out).toContain('Sum of Two: 4 test cases, judge mode default, 2000 ms, 256 MB');
    expect(line(out, 'submissions/accepted/sum.py')).toMatch(/expected AC, got AC .* ok$/);
    expect(line(out, 'submissions/accepted/sum.c')).toMatch(/expected AC, got AC .* ok$/);
    expect(line(out, 'submissions/wrong_answer/off_by_one.py')).toMatch(/expected WA\|PE, got WA .* ok$/);
    expect(line(out, 'submissions/wrong_answer/int32.c')).toMatch(/expected WA\|PE, got WA .* ok$/);
    expect(out).not.toContain('slow_accepted');
    expect(out).toContain('verify: 4 as expected, 0 mismatched, 0 skipped');
    expect(code).toBe(0);
  });

  it('exits 1 when a submission gets a verdict its folder does not allow', async () => {
    const dir = join(work, 'sum');
    cpSync(join(FIXTURES, 'kattis/sum'), dir, { recursive: true });
    writeFileSync(join(dir, 'submissions/accepted/wrong.py'), 'print(0)\n');
    const { code, out } = await verify(dir);
    expect(line(out, 'submissions/accepted/wrong.py')).toMatch(/expected AC, got WA .*MISMATCH/);
    expect(out).toContain('verify: 4 as expected, 1 mismatched, 0 skipped');
    expect(code).toBe(1);
  });

  it('verifies a zipped package with a custom output validator', async () => {
    const zip = join(work, 'split.zip');
    writeFileSync(zip, zipFixture('kattis/split', { folder: 'split' }));
    const { code, out } = await verify(zip);
    expect(out).toContain('judge mode spj');
    expect(out).toContain('verify: 3 as expected, 0 mismatched, 0 skipped');
    expect(code).toBe(0);
  });

  it('judges a sample-only package on its samples, and a Java class not named Main as written', async () => {
    const { code, out } = await verify(join(FIXTURES, 'kattis/different'));
    expect(out).toContain('A Different Problem: 3 test cases, judge mode default, 2000 ms, 256 MB');
    expect(out).toContain('its 3 sample cases in data/sample are judged as the test data');
    expect(line(out, 'submissions/accepted/Different.java')).toMatch(/Java +expected AC, got AC .* ok$/);
    expect(line(out, 'submissions/wrong_answer/signed.py')).toMatch(/expected WA\|PE, got WA .* ok$/);
    expect(out).toContain('verify: 2 as expected, 0 mismatched, 0 skipped');
    expect(code).toBe(0);
  });

  it('verifies Polygon solutions by their tags and skips do-not-run', async () => {
    const { code, out } = await verify(join(FIXTURES, 'polygon/average'));
    expect(line(out, 'solutions/integer.py')).toMatch(/expected WA\|PE, got PA .* ok$/);
    expect(line(out, 'solutions/draft.cpp')).toContain('skipped: tagged do-not-run');
    expect(out).toContain('verify: 2 as expected, 0 mismatched, 1 skipped');
    expect(code).toBe(0);
  });

  it('runs as `verdict verify` and answers 2 for unusable input', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(FIXTURES, '../../../scripts/verdict.mjs'), 'verify', ...args], {
        encoding: 'utf8',
        env: { ...process.env, LANG: 'C' },
        timeout: 120_000,
      });
    const interactive = cli(join(FIXTURES, 'kattis/guess'));
    expect(interactive.stdout).toContain('verify: 1 as expected, 0 mismatched, 0 skipped');
    expect(interactive.status).toBe(0);
    const usage = cli();
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining('usage: verdict verify')]);
    const notAPackage = cli(join(FIXTURES, 'fps'));
    expect(notAPackage.status).toBe(2);
    expect(notAPackage.stderr).toContain('contains neither problem.yaml (Kattis) nor problem.xml (Polygon)');
  });
});
