import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { DATA_FILES } from '../../data-dir';
import { VERIFY_TEMP_DIR } from '../packages/verify-jobs';

/** A file of DATA_DIR to archive. */
export interface DataFile {
  /** path relative to DATA_DIR, with `/` separators */
  path: string;
  absolute: string;
  mode: number;
}

/**
 * What a backup leaves out of DATA_DIR: the SQLite database and its journals (the database is
 * archived through SQLite's backup API instead, a consistent copy while the server writes),
 * the package verifications' scratch folder, files still being written (`*.tmp`: the file store
 * and the secret file write to one and rename it into place), and dot-files, which live a moment
 * (a mail being written, `mail/.<name>.partial`; the readiness probe's file at DATA_DIR's top).
 */
function skipped(path: string): boolean {
  const db = DATA_FILES.sqlite;
  if ([db, `${db}-wal`, `${db}-shm`, `${db}-journal`].includes(path)) return true;
  if (path === VERIFY_TEMP_DIR || path.startsWith(`${VERIFY_TEMP_DIR}/`)) return true;
  if (/(^|\/)\.[^/]*$/.test(path)) return true;
  return path.endsWith('.tmp');
}

/**
 * DATA_DIR's regular files to archive, in a stable order. Symbolic links and other special files
 * are not followed (the server makes none; one found is reported and left out), nor is `exclude`
 * (the archive being written, should it sit inside DATA_DIR).
 */
export function listDataFiles(
  dataDir: string,
  exclude: string | null,
): { files: DataFile[]; ignored: string[] } {
  const files: DataFile[] = [];
  const ignored: string[] = [];
  const excluded = exclude ? resolve(exclude) : null;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const absolute = join(dir, name);
      const path = relative(dataDir, absolute).split(sep).join('/');
      if (skipped(path) || absolute === excluded) continue;
      const st = lstatSync(absolute);
      if (st.isDirectory()) walk(absolute);
      else if (st.isFile()) files.push({ path, absolute, mode: st.mode & 0o777 });
      else ignored.push(path);
    }
  };
  walk(dataDir);
  return { files, ignored };
}
