import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { DATA_FILES } from '../../data-dir';
import { BackupError } from './manifest';

/**
 * A consistent copy of the site's SQLite database, written to `target` through SQLite's online
 * backup API: safe while the server runs and writes (the copy is the database at one moment).
 * Returns the migrations the copy has had.
 */
export async function snapshotSqlite(dataDir: string, target: string): Promise<string[]> {
  const source = join(dataDir, DATA_FILES.sqlite);
  if (!existsSync(source)) throw new BackupError(`no SQLite database at ${source} (is DATA_DIR right?)`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
  return sqliteMigrations(target);
}

/** The migrations a SQLite database file has had (none when it was never migrated). */
export function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}
