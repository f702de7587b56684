/**
 * The file store's collector (docs/operations.md, Bounded disk): removes stored files no row
 * refers to (gc-references.ts) once they are older than the grace period, and temporaries left by
 * a process that died writing one. The store is content-addressed and shared (a file may be test
 * data and an avatar at once), so a file cannot be evicted by age or size: it goes exactly when
 * nothing names it.
 *
 * Safety:
 * - only paths FileStore.pathOf builds are touched: `<root>/<xx>/<sha256>` whose prefix matches,
 *   and the temporaries made from them; a prefix that is not a plain directory is never entered,
 *   a link or anything else is left alone (counted as foreign);
 * - a young file stays: an upload writes its file before its row;
 * - a candidate is first renamed aside (`<sha256>.gc.tmp`), then the references are read again and
 *   its mtime looked at once more: a row written meanwhile, or an upload of the same bytes that
 *   refreshed the file, puts it back. Only then is it unlinked;
 * - one collection at a time per site (a rate_lock row), so two never handle one quarantine;
 *   a dry run writes nothing and takes no lock.
 */
import { lstat, readdir, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILE_STORE_GC } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import { takeRateLock } from '../site/rate-lock';
import { referencedHashes } from './gc-references';
import type { FileStore } from './store';

export interface FilesGcReport {
  dryRun: boolean;
  /** stored files seen */
  files: number;
  bytes: number;
  /** kept: a row names them */
  referenced: number;
  /** kept: no row names them yet, but they are younger than the grace period */
  recent: number;
  /** removed (a dry run: would be removed) */
  removed: number;
  removedBytes: number;
  /** temporaries of writes that died, removed (would be) */
  temporaries: number;
  temporaryBytes: number;
  /** entries the store never makes, left alone */
  foreign: number;
}

export type FilesGcOutcome = { ran: true; report: FilesGcReport } | { ran: false; busySeconds: number };

export interface FilesGcOptions {
  dryRun?: boolean;
  now?: () => number;
}

/** The rate_lock row held while a collection runs (the server's timer and `verdict gc` alike). */
export const RUN_LOCK_KEY = 'files-gc:run';

const HASH = /^[0-9a-f]{64}$/;
const PREFIX = /^[0-9a-f]{2}$/;
/** FileStore.put's temporary: `<sha256>.<pid>.tmp` */
const WRITE_TEMP = /^([0-9a-f]{64})\.(\d+)\.tmp$/;
const QUARANTINE_SUFFIX = '.gc.tmp';
const QUARANTINE = /^([0-9a-f]{64})\.gc\.tmp$/;

interface Entry {
  hash: string;
  /** files.pathOf(hash), or a temporary built from it */
  path: string;
  size: number;
  mtimeMs: number;
}

interface Scan {
  stored: Entry[];
  writeTemps: Entry[];
  quarantined: Entry[];
  foreign: number;
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** A regular file's size and mtime, never following a link; null for anything else or nothing. */
async function regularFile(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  const st = await lstat(path).catch(() => null);
  return st?.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : null;
}

/** Unlinks; false when there was nothing to unlink. */
async function removed(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return false;
    throw err;
  }
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null)) !== null;
}

/** The store's root, as FileStore builds every path under it. */
function rootOf(files: FileStore): string {
  return dirname(dirname(files.pathOf('0'.repeat(64))));
}

type Kind = 'stored' | 'write' | 'quarantine';

/**
 * What a name in prefix directory `prefix` is, with its path rebuilt through files.pathOf (never
 * joined from the name read); null for a name the store never makes.
 */
function classify(
  files: FileStore,
  prefix: string,
  name: string,
): { kind: Kind; hash: string; path: string } | null {
  const hash = name.slice(0, 64);
  if (!HASH.test(hash) || !hash.startsWith(prefix)) return null;
  if (name === hash) return { kind: 'stored', hash, path: files.pathOf(hash) };
  const write = WRITE_TEMP.exec(name);
  if (write) return { kind: 'write', hash, path: `${files.pathOf(hash)}.${write[2]}.tmp` };
  if (QUARANTINE.test(name))
    return { kind: 'quarantine', hash, path: `${files.pathOf(hash)}${QUARANTINE_SUFFIX}` };
  return null;
}

/** What lies in the store. */
async function scanStore(files: FileStore): Promise<Scan> {
  const scan: Scan = { stored: [], writeTemps: [], quarantined: [], foreign: 0 };
  const root = rootOf(files);
  const prefixes = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of prefixes) {
    // a link is not a directory here (readdir reports the entry itself): never entered
    if (!dir.isDirectory() || !PREFIX.test(dir.name)) {
      scan.foreign++;
      continue;
    }
    for (const name of await readdir(join(root, dir.name)).catch(() => [] as string[])) {
      const found = classify(files, dir.name, name);
      const st = found ? await regularFile(found.path) : null;
      if (!found || !st) {
        scan.foreign++;
        continue;
      }
      const entry = { hash: found.hash, path: found.path, ...st };
      if (found.kind === 'stored') scan.stored.push(entry);
      else if (found.kind === 'write') scan.writeTemps.push(entry);
      else scan.quarantined.push(entry);
    }
  }
  return scan;
}

/** Holds the run lock around `work`; the seconds left on it when another collection holds it. */
async function underRunLock<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ value: T } | { busySeconds: number }> {
  const wait = await takeRateLock(db, RUN_LOCK_KEY, FILE_STORE_GC.runLockSeconds);
  if (wait > 0) return { busySeconds: wait };
  const started = Date.now();
  try {
    return { value: await work() };
  } finally {
    // past its expiry another collection may hold the row: leave it to expire instead
    if (Date.now() - started < FILE_STORE_GC.runLockSeconds * 1000)
      await db.kysely.deleteFrom('rate_lock').where('key', '=', RUN_LOCK_KEY).execute();
  }
}

/**
 * Runs `work` while no collection may start (the run lock held): a backup, whose copy of the
 * database must find every file it names. A collection already running is waited for, up to
 * `waitMs`; past that the seconds it still holds the lock are answered instead.
 */
export async function withoutCollection<T>(
  db: Db,
  work: () => Promise<T>,
  waitMs: number,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<{ value: T } | { busySeconds: number }> {
  const until = Date.now() + waitMs;
  for (;;) {
    const outcome = await underRunLock(db, work);
    if ('value' in outcome || Date.now() >= until) return outcome;
    await sleep(Math.min(2000, outcome.busySeconds * 1000));
  }
}

/** A file renamed aside goes back home when still wanted (unless an upload wrote it anew), else goes. */
async function settleQuarantine(entry: Entry, path: string, wanted: boolean): Promise<void> {
  if (wanted && !(await exists(path))) await rename(entry.path, path);
  else await unlink(entry.path);
}

/**
 * One collection. A dry run counts what would go and changes nothing; otherwise the run lock is
 * taken first (ran false when another collection holds it).
 */
export async function collectFiles(
  deps: { db: Db; files: FileStore },
  options: FilesGcOptions = {},
): Promise<FilesGcOutcome> {
  const now = options.now ?? Date.now;
  const dryRun = options.dryRun === true;
  const run = () => collect(deps, dryRun, now);
  if (dryRun) return { ran: true, report: await run() };
  const locked = await underRunLock(deps.db, run);
  return 'value' in locked
    ? { ran: true, report: locked.value }
    : { ran: false, busySeconds: locked.busySeconds };
}

async function collect(
  deps: { db: Db; files: FileStore },
  dryRun: boolean,
  now: () => number,
): Promise<FilesGcReport> {
  const { db, files } = deps;
  const references = () => referencedHashes(db, now(), FILE_STORE_GC.stagedUploadMs);
  const scan = await scanStore(files);
  const report: FilesGcReport = {
    dryRun,
    files: scan.stored.length,
    bytes: scan.stored.reduce((n, e) => n + e.size, 0),
    referenced: 0,
    recent: 0,
    removed: 0,
    removedBytes: 0,
    temporaries: 0,
    temporaryBytes: 0,
    foreign: scan.foreign,
  };
  const wanted = await references();
  const young = (e: { mtimeMs: number }) => now() - e.mtimeMs < FILE_STORE_GC.graceMs;

  for (const temp of scan.writeTemps) {
    if (now() - temp.mtimeMs < FILE_STORE_GC.staleTemporaryMs) continue;
    // gone already: another process finished or removed it
    if (!dryRun && !(await removed(temp.path))) continue;
    report.temporaries++;
    report.temporaryBytes += temp.size;
  }
  for (const aside of scan.quarantined) {
    const home = files.pathOf(aside.hash);
    const keep = wanted.has(aside.hash);
    if (!dryRun) await settleQuarantine(aside, home, keep);
    if (!keep) {
      report.temporaries++;
      report.temporaryBytes += aside.size;
    }
  }

  const candidates: Entry[] = [];
  for (const entry of scan.stored) {
    if (wanted.has(entry.hash)) report.referenced++;
    else if (young(entry)) report.recent++;
    else candidates.push(entry);
  }
  if (dryRun) {
    report.removed = candidates.length;
    report.removedBytes = candidates.reduce((n, e) => n + e.size, 0);
    return report;
  }
  for (let i = 0; i < candidates.length; i += FILE_STORE_GC.batch) {
    await removeBatch(candidates.slice(i, i + FILE_STORE_GC.batch), references, young, report);
  }
  return report;
}

/**
 * Renames a batch aside, reads the references again, then unlinks what is still unwanted and
 * old, and puts the rest back (or drops the copy aside when an upload already wrote the file anew).
 */
async function removeBatch(
  batch: Entry[],
  references: () => Promise<Set<string>>,
  young: (e: { mtimeMs: number }) => boolean,
  report: FilesGcReport,
): Promise<void> {
  const aside: Entry[] = [];
  for (const entry of batch) {
    const current = await regularFile(entry.path);
    // touched since the scan (an upload of the same bytes): it stays
    if (!current || young(current)) {
      if (current) report.recent++;
      continue;
    }
    const to = `${entry.path}${QUARANTINE_SUFFIX}`;
    try {
      await rename(entry.path, to);
    } catch (err) {
      if (codeOf(err) === 'ENOENT') continue;
      throw err;
    }
    aside.push({ ...entry, path: to });
  }
  if (aside.length === 0) return;
  let wanted: Set<string>;
  try {
    wanted = await references();
  } catch (err) {
    // without a second look nothing may go: every file put aside goes back home
    for (const entry of aside)
      await settleQuarantine(entry, entry.path.slice(0, -QUARANTINE_SUFFIX.length), true);
    throw err;
  }
  for (const entry of aside) {
    const home = entry.path.slice(0, -QUARANTINE_SUFFIX.length);
    const st = await regularFile(entry.path);
    if (!st) continue;
    const keep = wanted.has(entry.hash) || young(st);
    await settleQuarantine(entry, home, keep);
    if (keep) {
      if (wanted.has(entry.hash)) report.referenced++;
      else report.recent++;
    } else {
      report.removed++;
      report.removedBytes += st.size;
    }
  }
}
