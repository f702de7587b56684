import { chmodSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { FILE_MODES } from '../../../shared/constants/security';
import { DATA_FILES, ensureDataDir } from '../../data-dir';
import { MIGRATION_NAMES } from '../../db/migrate';
import { RUN_LOCK_KEY } from '../files/gc';
import { openArchive } from './archive-read';
import type { SiteLocation } from './backup';
import { ARCHIVE_PREFIX, BackupError, DATABASE_ENTRY, type DatabaseKind } from './manifest';
import { postgresTableCount, restorePostgres, schemaOf } from './postgres';

export interface RestoreSummary {
  kind: DatabaseKind;
  files: number;
  bytes: number;
  verdictVersion: string;
  createdAt: string;
  /** the PostgreSQL schema restored into; null for SQLite */
  schema: string | null;
}

function entries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * The backup held the file store collector's run lock while it copied the database (backup.ts), so
 * the copy holds that row: it is the backup's, not the restored site's, and goes.
 */
const FREE_BACKUPS_LOCK = `DELETE FROM rate_lock WHERE key = '${RUN_LOCK_KEY}';`;
/** The same in PostgreSQL, for a dump that may predate the table */
const FREE_BACKUPS_LOCK_PG = `DO $$ BEGIN IF to_regclass('rate_lock') IS NOT NULL THEN ${FREE_BACKUPS_LOCK} END IF; END $$;`;

/**
 * `verdict restore`: a backup archive back into an empty DATA_DIR (and, for PostgreSQL, an empty
 * DATABASE_SCHEMA), refusing a target that holds anything unless `force` (then what it holds is
 * replaced). Nothing is written until the whole archive has been checked: every entry's name,
 * every file's sha256 against the manifest, the database kind and the migrations. The files are
 * unpacked into a folder inside DATA_DIR first and moved into place at the end.
 */
export async function restoreBackup(
  site: SiteLocation,
  options: { archive: string; force: boolean },
): Promise<RestoreSummary> {
  const dataDir = resolve(site.dataDir);
  const archive = await openArchive(resolve(options.archive));
  try {
    const { manifest } = archive;
    const kind: DatabaseKind = site.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.database.kind !== kind)
      throw new BackupError(
        manifest.database.kind === 'postgres'
          ? 'the archive holds a PostgreSQL database: set DATABASE_URL (and DATABASE_SCHEMA) to restore it'
          : 'the archive holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR',
      );
    const databaseEntry = DATABASE_ENTRY[kind];
    if (!manifest.files.some((f) => f.path === databaseEntry))
      throw new BackupError(`refusing the archive: it has no ${databaseEntry}`);
    const unknown = manifest.database.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
    if (unknown.length > 0)
      throw new BackupError(
        `the archive comes from a newer Verdict (${manifest.verdictVersion}): its database has migrations ` +
          `this one does not know (${unknown.join(', ')}); restore it with that version or a later one`,
      );
    const held = entries(dataDir);
    if (held.length > 0 && !options.force)
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (${held.length} entries): restore into an empty one, ` +
          'or give --force to replace what it holds',
      );
    const target = site.databaseUrl ? { databaseUrl: site.databaseUrl, schema: site.databaseSchema } : null;
    if (target) {
      if (!manifest.database.schema)
        throw new BackupError('refusing the archive: its manifest names no schema');
      const tables = await postgresTableCount(target);
      if (tables > 0 && !options.force)
        throw new BackupError(
          `the PostgreSQL schema ${schemaOf(target)} is not empty (${tables} tables): restore into an empty ` +
            'or new schema (DATABASE_SCHEMA), or give --force to replace it',
        );
    }

    // unpacked into a folder of its own inside DATA_DIR (the one place the server's user surely
    // may write), then moved into place; a restore that fails leaves DATA_DIR as it found it
    const created = !existsSync(dataDir);
    ensureDataDir(dataDir);
    const staging = mkdtempSync(join(dataDir, '.restore-'));
    chmodSync(staging, FILE_MODES.privateDir);
    let restored = false;
    try {
      await archive.extractVerified(staging);
      if (target && manifest.database.schema) {
        await restorePostgres(
          target,
          join(staging, ...databaseEntry.split('/')),
          manifest.database.schema,
          options.force,
          FREE_BACKUPS_LOCK_PG,
        );
      }
      for (const name of held) rmSync(join(dataDir, name), { recursive: true, force: true });
      const stagedData = join(staging, ARCHIVE_PREFIX.data);
      for (const name of entries(stagedData)) renameSync(join(stagedData, name), join(dataDir, name));
      if (kind === 'sqlite') {
        const db = join(dataDir, DATA_FILES.sqlite);
        const copy = join(staging, ...databaseEntry.split('/'));
        const sqlite = new SQLite(copy, { fileMustExist: true });
        try {
          if (sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'rate_lock'").get())
            sqlite.exec(FREE_BACKUPS_LOCK);
        } finally {
          sqlite.close();
        }
        renameSync(copy, db);
        chmodSync(db, FILE_MODES.privateFile);
      }
      restored = true;
    } finally {
      rmSync(staging, { recursive: true, force: true });
      if (!restored && created) rmSync(dataDir, { recursive: true, force: true });
    }
    return {
      kind,
      files: manifest.files.length,
      bytes: manifest.files.reduce((n, f) => n + f.size, 0),
      verdictVersion: manifest.verdictVersion,
      createdAt: manifest.createdAt,
      schema: target ? schemaOf(target) : null,
    };
  } finally {
    archive.close();
  }
}
