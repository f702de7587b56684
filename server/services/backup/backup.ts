import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { FILE_MODES } from '../../../shared/constants/security';
import { DATA_FILES } from '../../data-dir';
import { openDatabase } from '../../db/database';
import { verdictVersion } from '../../version';
import { withoutCollection } from '../files/gc';
import { type ArchiveInput, writeArchive } from './archive-write';
import { listDataFiles } from './data-files';
import {
  ARCHIVE_PREFIX,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATABASE_ENTRY,
  type DatabaseKind,
} from './manifest';
import { dumpPostgres, postgresMigrations, schemaOf } from './postgres';
import { snapshotSqlite } from './sqlite';

/** Where a site keeps its data (ServerConfig's fields of it). */
export interface SiteLocation {
  dataDir: string;
  databaseUrl: string | null;
  databaseSchema: string | null;
}

export interface BackupSummary {
  output: string;
  kind: DatabaseKind;
  files: number;
  bytes: number;
  /** DATA_DIR entries left out: links and special files, which the server never makes */
  ignored: string[];
}

/**
 * `verdict backup`: one archive holding the database (a consistent copy, taken while the server
 * may run) and DATA_DIR's files, with a manifest of each file's sha256, the database's migrations,
 * Verdict's version and the database kind (docs/operations.md, Backup and restore).
 */
export async function createBackup(
  site: SiteLocation,
  options: { output: string; force: boolean; collectionWaitMs?: number },
): Promise<BackupSummary> {
  const output = resolve(options.output);
  const dataDir = resolve(site.dataDir);
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory())
    throw new BackupError(`DATA_DIR ${dataDir} does not exist`);
  if (existsSync(output) && !options.force)
    throw new BackupError(`${output} exists already (give --force to replace it)`);
  if (!relative(dataDir, output).startsWith('..'))
    throw new BackupError(`write the archive outside DATA_DIR (${dataDir}): it would be in the next backup`);

  const kind: DatabaseKind = site.databaseUrl ? 'postgres' : 'sqlite';
  // no collection runs meanwhile: a row deleted after the database is copied could otherwise let
  // one remove a file that copy names (docs/operations.md, Backup and restore)
  if (kind === 'sqlite' && !existsSync(join(dataDir, DATA_FILES.sqlite)))
    throw new BackupError(`no SQLite database at ${join(dataDir, DATA_FILES.sqlite)} (is DATA_DIR right?)`);
  const db = await openDatabase({ ...site, dataDir });
  try {
    const outcome = await withoutCollection(
      db,
      () => archiveSite(site, dataDir, output, kind),
      options.collectionWaitMs ?? BACKUP_WAIT_MS,
    );
    if ('value' in outcome) return outcome.value;
    throw new BackupError(`a file store collection is still running; try again in ${outcome.busySeconds} s`);
  } finally {
    await db.close();
  }
}

/** How long a backup waits for a running file store collection to end. */
const BACKUP_WAIT_MS = 5 * 60_000;

async function archiveSite(
  site: SiteLocation,
  dataDir: string,
  output: string,
  kind: DatabaseKind,
): Promise<BackupSummary> {
  const scratch = mkdtempSync(join(tmpdir(), 'verdict-backup-'));
  try {
    // the database first: every file it names is in DATA_DIR by then (files are written before
    // the rows that name them) and stays there (no collection runs until the archive is written)
    const dbFile = join(scratch, kind === 'sqlite' ? 'verdict.db' : 'postgres.dump');
    let migrations: string[];
    let schema: string | null = null;
    if (site.databaseUrl) {
      const target = { databaseUrl: site.databaseUrl, schema: site.databaseSchema };
      schema = schemaOf(target);
      migrations = await postgresMigrations(target);
      await dumpPostgres(target, dbFile);
    } else {
      migrations = await snapshotSqlite(dataDir, dbFile);
    }
    const { files, ignored } = listDataFiles(dataDir, output);
    const inputs: ArchiveInput[] = [
      { path: DATABASE_ENTRY[kind], absolute: dbFile, mode: FILE_MODES.privateFile },
      ...files.map((f) => ({ path: `${ARCHIVE_PREFIX.data}${f.path}`, absolute: f.absolute, mode: f.mode })),
    ];
    const manifest = await writeArchive(output, inputs, {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      verdictVersion: verdictVersion(),
      createdAt: new Date().toISOString(),
      database: { kind, schema, migrations },
    });
    return {
      output,
      kind,
      files: manifest.files.length,
      bytes: manifest.files.reduce((n, f) => n + f.size, 0),
      ignored,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
