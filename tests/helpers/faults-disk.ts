/**
 * DATA_DIR made full or read-only for real, for tests/api/faults.test.ts, and the calls its
 * scenario makes: an answer kept as a value, a call waited out past a 429, images and zips.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { ApiError } from '../../shared/api/client';
import { makeZip } from '../fixtures/packages/zip';

/** What a call ended in: its value, or the failure's HTTP status and message. */
export async function outcome<T>(call: Promise<T>): Promise<{ ok: T } | { status: number; msg: string }> {
  try {
    return { ok: await call };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.httpStatus, msg: err.message };
  }
}

/** A call made again after the wait a 429 names (the avatar's interval): only that refusal is waited out. */
export async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ApiError) || err.httpStatus !== 429 || i > 5) throw err;
      const seconds = Number((err.data as { seconds?: number } | null)?.seconds ?? 1);
      await new Promise((r) => setTimeout(r, seconds * 1000 + 100));
    }
  }
}

export function png(shade: number): Blob {
  const image = new PNG({ width: 4, height: 4 });
  image.data.fill(shade);
  return new Blob([new Uint8Array(PNG.sync.write(image))], { type: 'image/png' });
}

export function testdataZip(a: number, b: number): FormData {
  const form = new FormData();
  const zip = makeZip([
    { name: '1.in', data: `${a} ${b}\n` },
    { name: '1.out', data: `${a + b}\n` },
  ]);
  form.append('file', new Blob([new Uint8Array(zip)]), 'data.zip');
  return form;
}

/** Why DATA_DIR cannot be made a small tmpfs here (null: it is mounted). */
export function mountTmpfs(dir: string, mb: number): string | null {
  if (process.getuid?.() !== 0) return 'the test does not run as root, and only root mounts a tmpfs';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount -t tmpfs failed: ${(err as Error).message}`;
  }
}

/** Takes every free byte of the file system holding `dir`; unlinking the file gives them back. */
export function fillUp(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

/**
 * Makes the file store's directories immutable (chattr +i) or writable again. Root ignores modes,
 * and a remount read-only is refused while the server holds its SQLite database open for writing
 * (EBUSY), so immutability is what makes writes fail here, as a read-only volume would.
 */
export function lockStore(dataDir: string, locked: boolean): void {
  const root = join(dataDir, 'files');
  const dirs = [root, ...readdirSync(root).map((d) => join(root, d))];
  execFileSync('chattr', [locked ? '+i' : '-i', ...dirs], { stdio: 'pipe' });
}

/** Unmounts what mountTmpfs mounted; lazily if something still holds it (the test's failure is what matters). */
export function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  }
}
