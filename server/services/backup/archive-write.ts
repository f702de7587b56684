import { createHash } from 'node:crypto';
import {
  constants,
  createReadStream,
  createWriteStream,
  fchmodSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { FILE_MODES } from '../../../shared/constants/security';
import { type ArchivedFile, MANIFEST_ENTRY, type Manifest } from './manifest';

/** A file on disk to put in the archive under `path`. */
export interface ArchiveInput {
  path: string;
  absolute: string;
  mode: number;
}

/**
 * Writes the archive in one pass: each file is hashed as it is zipped (read once, never held in
 * memory), and the manifest, which needs every hash, is the last entry, made when the zip reaches
 * it. The archive is written beside `output` under a temporary name, readable by its owner alone
 * (it holds the database and the JWT secret), and renamed into place when complete.
 */
export async function writeArchive(
  output: string,
  inputs: readonly ArchiveInput[],
  manifest: Omit<Manifest, 'files'>,
): Promise<Manifest> {
  const files: ArchivedFile[] = [];
  const zip = new ZipFile();
  for (const input of inputs) {
    zip.addReadStreamLazy(input.path, { mode: 0o100000 | input.mode }, (cb) => {
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
        flush(done) {
          files.push({ path: input.path, size, sha256: hash.digest('hex'), mode: input.mode });
          done();
        },
      });
      let fd: number;
      try {
        // never through a link: DATA_DIR's files are the server's own
        fd = openSync(input.absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (err) {
        return cb(err, tap);
      }
      const source = createReadStream('', { fd });
      source.on('error', (err) => tap.destroy(err));
      cb(null, source.pipe(tap));
    });
  }
  const complete: Manifest = { ...manifest, files };
  zip.addReadStreamLazy(MANIFEST_ENTRY, { mode: 0o100000 | FILE_MODES.privateFile }, (cb) =>
    cb(null, Readable.from([Buffer.from(`${JSON.stringify(complete, null, 2)}\n`)])),
  );
  zip.end();

  const partial = `${output}.partial-${process.pid}`;
  const fd = openSync(
    partial,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
    FILE_MODES.privateFile,
  );
  // the open's mode went through the umask: set it exactly
  fchmodSync(fd, FILE_MODES.privateFile);
  const out = zip.outputStream as Readable;
  // a file that cannot be read (removed meanwhile) fails the zip, which reports it here
  zip.on('error', (err: Error) => out.destroy(err));
  try {
    // the write stream owns the descriptor from here and closes it, on success or failure
    await pipeline(out, createWriteStream(partial, { fd }));
    renameSync(partial, output);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return complete;
}
