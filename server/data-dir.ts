import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  linkSync,
  mkdirSync,
  openSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FILE_MODES } from '../shared/constants/security';

/** What the server keeps in DATA_DIR, by name (modes: docs/security.md, Files). */
export const DATA_FILES = {
  sqlite: 'verdict.db',
  jwtSecret: 'jwt-secret',
  files: 'files',
  mail: 'mail',
} as const;

/**
 * Creates DATA_DIR (and missing parents) for the server's user alone. mkdir's mode goes through
 * the process umask, so a directory made here is set to 0700 afterwards; one that already exists
 * is the operator's and is only warned about (warnLooseModes).
 */
export function ensureDataDir(dir: string): void {
  const created = mkdirSync(dir, { recursive: true, mode: FILE_MODES.privateDir });
  if (created !== undefined) chmodSync(dir, FILE_MODES.privateDir);
}

/**
 * Creates `path` with `content`, readable and writable by the server's user only, unless it
 * exists (then false). The content is written to a private temporary file first and linked into
 * place, so a process starting at the same time never reads a half-written file.
 */
export function createPrivateFile(path: string, content = ''): boolean {
  if (existsSync(path)) return false;
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(
    tmp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    FILE_MODES.privateFile,
  );
  try {
    // the open's mode went through the umask: set it exactly
    fchmodSync(fd, FILE_MODES.privateFile);
    if (content) writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

export interface LooseMode {
  path: string;
  /** octal, e.g. '755' */
  mode: string;
  /** the mode it should have, octal */
  wanted: string;
}

/**
 * DATA_DIR and what in it holds secrets (the SQLite database with its WAL and shared memory, the
 * JWT secret, the file store, the mail folder with reset codes) that users other than the
 * server's may reach. Missing entries are skipped (PostgreSQL, no mail sent yet).
 */
export function looseModes(dataDir: string): LooseMode[] {
  const entries: { path: string; wanted: number }[] = [
    { path: dataDir, wanted: FILE_MODES.privateDir },
    { path: join(dataDir, DATA_FILES.sqlite), wanted: FILE_MODES.privateFile },
    { path: join(dataDir, `${DATA_FILES.sqlite}-wal`), wanted: FILE_MODES.privateFile },
    { path: join(dataDir, `${DATA_FILES.sqlite}-shm`), wanted: FILE_MODES.privateFile },
    { path: join(dataDir, DATA_FILES.jwtSecret), wanted: FILE_MODES.privateFile },
    { path: join(dataDir, DATA_FILES.files), wanted: FILE_MODES.privateDir },
    { path: join(dataDir, DATA_FILES.mail), wanted: FILE_MODES.privateDir },
  ];
  const loose: LooseMode[] = [];
  for (const { path, wanted } of entries) {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    const mode = st.mode & 0o777;
    if (mode & 0o077) loose.push({ path, mode: mode.toString(8), wanted: wanted.toString(8) });
  }
  return loose;
}

/**
 * One warning per entry others may reach, at start. Modes are not changed here: an existing
 * install is the operator's (a backup group may be intended), so the warning says how to fix it.
 */
export function warnLooseModes(dataDir: string, log: FastifyBaseLogger): void {
  for (const { path, mode, wanted } of looseModes(dataDir)) {
    log.warn(
      { path, mode, wanted },
      `${path} has mode ${mode}: other users of this machine can reach it. Run: chmod ${wanted} ${path}`,
    );
  }
}
