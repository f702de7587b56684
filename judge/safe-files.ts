/**
 * File access that a sandboxed program cannot turn against the judge. Files the judge did not
 * write itself are opened with O_NOFOLLOW (a symlink planted by a program gives ELOOP instead of a
 * host file) and O_NONBLOCK (a planted FIFO cannot hang the judge), must be regular files, and are
 * read up to a cap. Files the judge creates for a box are created with O_EXCL, never through an
 * existing name or link.
 */
import { constants } from 'node:fs';
import { chmod, copyFile, type FileHandle, lstat, open, stat } from 'node:fs/promises';

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export async function openRegularNoFollow(path: string): Promise<FileHandle> {
  const handle = await open(path, READ_FLAGS);
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new Error(`${path} is not a regular file`);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export interface CappedRead {
  data: Buffer;
  /** size of the whole file */
  size: number;
  truncated: boolean;
}

export async function readCapped(path: string, maxBytes: number): Promise<CappedRead> {
  const handle = await openRegularNoFollow(path);
  try {
    const size = (await handle.stat()).size;
    const want = Math.min(size, maxBytes);
    const data = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await handle.read(data, got, want - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { data: data.subarray(0, got), size, truncated: size > got };
  } finally {
    await handle.close();
  }
}

/** Reads a capped text, decoding invalid UTF-8 leniently and marking truncation. */
export async function readCappedText(path: string, maxBytes: number): Promise<string> {
  const { data, truncated } = await readCapped(path, maxBytes);
  const text = data.toString('utf8');
  return truncated ? `${text}\n... (truncated)` : text;
}

/** Yields a file in chunks (for comparing outputs far larger than memory should hold). */
export async function* readChunks(path: string, chunkSize = 1 << 16): AsyncGenerator<Buffer> {
  const handle = await openRegularNoFollow(path);
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(chunkSize);
      const { bytesRead } = await handle.read(buf, 0, chunkSize, null);
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * A host file a sandboxed program (another uid) may read once bound into its box: the file itself
 * when it is world-readable (binding bypasses the root-only directories above it), else a 0644
 * copy at `copyPath` in a judge-owned directory (the caller removes it).
 */
export async function boxReadable(
  path: string,
  copyPath: string,
): Promise<{ path: string; copied: boolean }> {
  const st = await stat(path);
  if (!st.isFile()) throw new Error(`${path} is not a regular file`);
  if (st.mode & 0o004) return { path, copied: false };
  await copyFile(path, copyPath, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
  await chmod(copyPath, 0o644);
  return { path: copyPath, copied: true };
}

/** Creates an empty file (never through an existing name or link) owned by `uid`. */
export async function createOwnedFile(path: string, uid: number, mode = 0o644): Promise<void> {
  const handle = await open(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
  try {
    await handle.chown(uid, uid);
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/** Size of a regular file (not following links), null when it is missing or anything else. */
export async function regularFileSize(path: string): Promise<number | null> {
  try {
    const st = await lstat(path);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}
