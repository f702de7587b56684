/**
 * Reading files the judge did not write itself. Everything is opened with O_NOFOLLOW (a symlink
 * planted by a program gives ELOOP instead of a host file) and O_NONBLOCK (a planted FIFO cannot
 * hang the judge), must be a regular file, and is read up to a cap.
 */
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

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
