/**
 * Test data is named by its sha256 (docs/scaling.md, The judge protocol). A judge checks the bytes
 * it is about to judge with against that name, wherever they lie: the server's DATA_DIR read in
 * place by in-process workers, or a remote judge's cache. A file changed on disk then ends the
 * judgement as System Error naming the case, instead of a wrong verdict (tests/api/faults.test.ts).
 *
 * Hashing every file of every submission would read all test data per judgement: a file already
 * hashed is trusted while its device, inode, size and times stay the same (every write changes
 * the change time, whatever it does to the modification time).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** path → the stat stamp it was hashed at and the digest */
const known = new Map<string, { stamp: string; digest: string }>();
/** enough for every case of many problems; the oldest entry goes first */
const KNOWN_MAX = 20_000;

async function stampOf(path: string): Promise<string> {
  const st = await stat(path, { bigint: true });
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

function digestOf(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The sha256 (hex) of a file's content; read again only when the file changed since. */
export async function contentHash(path: string): Promise<string> {
  const stamp = await stampOf(path);
  const seen = known.get(path);
  if (seen?.stamp === stamp) return seen.digest;
  const digest = await digestOf(path);
  known.delete(path);
  // a file written while it was read is hashed again next time
  if ((await stampOf(path)) === stamp) {
    known.set(path, { stamp, digest });
    if (known.size > KNOWN_MAX) known.delete(known.keys().next().value ?? '');
  }
  return digest;
}

/** Throws unless the file at `path` holds exactly the content named `hash`. */
export async function assertContentHash(path: string, hash: string): Promise<void> {
  const digest = await contentHash(path);
  if (digest !== hash) throw new Error(`the file is corrupted: its sha256 is ${digest}`);
}
