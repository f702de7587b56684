import { z } from 'zod';

/**
 * The manifest of a backup archive (docs/operations.md, Backup and restore): what the archive
 * holds and how to check it. Every other entry of the archive is listed in `files` with its size
 * and sha256; restore refuses an archive whose entries and manifest disagree in any way.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const BACKUP_FORMAT = 'verdict-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Where things sit inside the archive. */
export const ARCHIVE_PREFIX = {
  /** the database: SQLite's file, or pg_dump's custom-format dump */
  database: 'database/',
  /** DATA_DIR's own files, by their path relative to DATA_DIR */
  data: 'data/',
} as const;

export const DATABASE_ENTRY = {
  sqlite: `${ARCHIVE_PREFIX.database}verdict.db`,
  postgres: `${ARCHIVE_PREFIX.database}postgres.dump`,
} as const;

export type DatabaseKind = keyof typeof DATABASE_ENTRY;

const archivedFile = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** permission bits the file had (0600 for secrets, 0644 for test data) */
  mode: z.number().int().min(0).max(0o777),
});
export type ArchivedFile = z.infer<typeof archivedFile>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  verdictVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** the PostgreSQL schema that was dumped; null for SQLite */
    schema: z.string().nullable(),
    /** the migrations the database had, by name */
    migrations: z.array(z.string()),
  }),
  files: z.array(archivedFile),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal or failure an operator reads: the message says what and, where it helps, what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}
