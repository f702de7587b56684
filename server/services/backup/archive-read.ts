import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { constants, createWriteStream, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { FILE_MODES } from '../../../shared/constants/security';
import { BackupError, MANIFEST_ENTRY, type Manifest, manifestSchema } from './manifest';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
/** the manifest is small text; anything larger is not one of ours */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * An entry name the restore may write: relative, `/`-separated, no `.`, `..` or empty segment,
 * no backslash or NUL. Names are built into paths under a folder of the restore's own, so this
 * is what keeps every write inside it.
 */
export function safeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 4096 || /[\\\0]/.test(name) || name.startsWith('/')) return false;
  if (/^[A-Za-z]:/.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export interface OpenArchive {
  manifest: Manifest;
  /**
   * Writes every listed file under `dir` (at its archive path), checking each one's size and
   * sha256 against the manifest as it streams; the first mismatch stops it, naming the file.
   */
  extractVerified(dir: string): Promise<void>;
  close(): void;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: false,
      },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no archive')) : resolve(zip)),
    );
  });
}

/** Every entry of the zip's central directory, checked for what a restore must never write. */
function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('error', (e: Error) => reject(new BackupError(`the archive is damaged: ${e.message}`)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      const name = raw.toString('utf8');
      const refuse = (why: string) => {
        zip.close();
        reject(new BackupError(`refusing the archive: entry ${JSON.stringify(name)} ${why}`));
      };
      if (!isUtf8(raw) || !safeEntryName(name)) return refuse('is not a safe relative path');
      const madeOnUnix = entry.versionMadeBy >> 8 === 3;
      const kind = madeOnUnix ? (entry.externalFileAttributes >>> 16) & S_IFMT : S_IFREG;
      if (kind !== S_IFREG && kind !== 0) return refuse('is not a regular file (a link or a device)');
      if (entry.isEncrypted()) return refuse('is encrypted');
      if (entries.has(name)) return refuse('appears twice');
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err) : resolve(stream)));
  });
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<Manifest> {
  if (!entry)
    throw new BackupError(`refusing the archive: it has no ${MANIFEST_ENTRY} (not a Verdict backup)`);
  if (entry.uncompressedSize > MANIFEST_MAX_BYTES)
    throw new BackupError(`refusing the archive: ${MANIFEST_ENTRY} is too large`);
  const chunks: Buffer[] = [];
  for await (const chunk of await readStream(zip, entry)) chunks.push(chunk as Buffer);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupError(`refusing the archive: ${MANIFEST_ENTRY} is not JSON`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new BackupError(
      `refusing the archive: ${MANIFEST_ENTRY} is not a Verdict backup manifest of a known format`,
    );
  return result.data;
}

/**
 * Opens a backup archive and checks its shape before anything is written: every entry a safe
 * relative path to a regular file, a manifest of a known format, and the manifest and the
 * entries naming exactly the same files.
 */
export async function openArchive(path: string): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (e) {
    throw new BackupError(`cannot read ${path} as a zip archive: ${(e as Error).message}`);
  }
  try {
    const entries = await listEntries(zip);
    const manifest = await readManifest(zip, entries.get(MANIFEST_ENTRY));
    const listed = new Set<string>();
    for (const f of manifest.files) {
      if (!safeEntryName(f.path) || f.path === MANIFEST_ENTRY)
        throw new BackupError(
          `refusing the archive: the manifest lists an unsafe path ${JSON.stringify(f.path)}`,
        );
      if (listed.has(f.path))
        throw new BackupError(`refusing the archive: the manifest lists ${f.path} twice`);
      listed.add(f.path);
      if (!entries.has(f.path))
        throw new BackupError(`refusing the archive: ${f.path} is in the manifest but not in the archive`);
    }
    for (const name of entries.keys())
      if (name !== MANIFEST_ENTRY && !listed.has(name))
        throw new BackupError(`refusing the archive: ${name} is in the archive but not in the manifest`);
    return {
      manifest,
      close: () => zip.close(),
      async extractVerified(dir) {
        for (const file of manifest.files) {
          const entry = entries.get(file.path) as yauzl.Entry;
          if (entry.uncompressedSize !== file.size)
            throw new BackupError(`refusing the archive: ${file.path} does not match the manifest (size)`);
          const target = join(dir, ...file.path.split('/'));
          mkdirSync(dirname(target), { recursive: true, mode: FILE_MODES.privateDir });
          // O_EXCL and O_NOFOLLOW: a name is written once, never through a link
          const fd = openSync(
            target,
            constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
            FILE_MODES.privateFile,
          );
          // no set-id or sticky bits from an archive, and never more than the owner may write
          fchmodSync(fd, file.mode & 0o755);
          const hash = createHash('sha256');
          let size = 0;
          const tap = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              size += chunk.length;
              done(null, chunk);
            },
          });
          try {
            await pipeline(await readStream(zip, entry), tap, createWriteStream(target, { fd }));
          } catch (e) {
            throw new BackupError(
              `refusing the archive: ${file.path} cannot be read (${(e as Error).message})`,
            );
          }
          if (size !== file.size || hash.digest('hex') !== file.sha256)
            throw new BackupError(
              `refusing the archive: ${file.path} does not match its sha256 in the manifest (the archive was changed or damaged)`,
            );
        }
      },
    };
  } catch (e) {
    zip.close();
    throw e;
  }
}
