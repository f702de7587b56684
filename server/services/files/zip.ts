import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A zip of small in-memory files, as one buffer. */
export function zipBuffers(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const f of files) zip.addBuffer(f.data, f.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * A zip of files on disk, streamed: each file is read when the zip reaches it, so test data of
 * any size leaves without being held in memory. Paths are the server's own (the file store's).
 */
export function zipFilesStream(files: { name: string; path: string }[]): Readable {
  const zip = new ZipFile();
  for (const f of files) zip.addFile(f.path, f.name);
  zip.end();
  return zip.outputStream as Readable;
}
