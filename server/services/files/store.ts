import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { FILE_MODES } from '../../../shared/constants/security';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Content-addressed file store under DATA_DIR/files (test data, later annexes and uploads).
 * Paths are built only from a validated sha256, never from user input.
 */
export class FileStore {
  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true, mode: FILE_MODES.privateDir });
  }

  pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error('invalid content hash');
    return join(this.root, hash.slice(0, 2), hash);
  }

  put(content: string | Buffer): { hash: string; size: number } {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const hash = createHash('sha256').update(data).digest('hex');
    const path = this.pathOf(hash);
    if (!this.refresh(path)) {
      mkdirSync(join(this.root, hash.slice(0, 2)), { recursive: true, mode: FILE_MODES.privateDir });
      const tmp = `${path}.${process.pid}.tmp`;
      try {
        // 0644 on purpose: the judge hard-links test data into a checker's sandbox, whose uid must
        // read it; the 0700 directories above keep every other user of the host out (docs/judge.md)
        writeFileSync(tmp, data, { mode: 0o644 });
        renameSync(tmp, path);
      } catch (err) {
        // a write cut short (disk full) must not stay behind as a partial file (tests/api/faults.test.ts)
        rmSync(tmp, { force: true });
        throw err;
      }
    }
    return { hash, size: data.length };
  }

  /**
   * Marks a stored file as just written, so the collector (gc.ts) sees it young until the row that
   * names it is saved; false when there is no such file (never stored, or set aside by the
   * collector this instant), which is then written anew.
   */
  private refresh(path: string): boolean {
    try {
      const now = new Date();
      utimesSync(path, now, now);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  read(hash: string): Buffer {
    const fd = openSync(this.pathOf(hash), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
