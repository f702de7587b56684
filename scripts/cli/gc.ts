/**
 * `verdict gc [--dry-run]`: the file store's collection (server/services/files/gc.ts) on the site
 * the server would open with the same environment (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), now
 * rather than at the server's daily time. `--dry-run` says what would be removed and removes
 * nothing (docs/operations.md, Bounded disk).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config';
import { DATA_FILES } from '../../server/data-dir';
import { openDatabase } from '../../server/db/database';
import { migrationState } from '../../server/db/migrate';
import { collectFiles, type FilesGcReport } from '../../server/services/files/gc';
import { FileStore } from '../../server/services/files/store';
import { FILE_STORE_GC } from '../../shared/constants/limits';

const USAGE =
  'usage: verdict gc [--dry-run]\n' +
  '  Removes stored files no row of the site refers to and older than an hour, and temporaries\n' +
  '  of writes that died. --dry-run prints what would be removed and removes nothing.\n' +
  "  The site is the server's: DATA_DIR, and DATABASE_URL and DATABASE_SCHEMA for PostgreSQL.\n";

const out = (line: string) => process.stdout.write(`${line}\n`);

/** 1536 → "1.5 KiB": for the operator's eyes, beside the exact byte count. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}

const amount = (count: number, bytes: number) => `${count} file(s), ${bytes} bytes (${humanBytes(bytes)})`;

/** The report as lines; the first says what was (or would be) removed. */
export function reportLines(r: FilesGcReport): string[] {
  const verb = r.dryRun ? 'would remove' : 'removed';
  const hours = FILE_STORE_GC.graceMs / 3_600_000;
  return [
    `${verb}: ${amount(r.removed, r.removedBytes)} no row refers to`,
    `${verb}: ${amount(r.temporaries, r.temporaryBytes)} left behind by writes that died`,
    `kept: ${r.referenced} referenced, ${r.recent} unreferenced but younger than ${hours} h (of ${amount(r.files, r.bytes)} in the store)`,
    ...(r.foreign > 0 ? [`left alone: ${r.foreign} entries the file store does not make`] : []),
    ...(r.dryRun ? ['nothing was removed (--dry-run)'] : []),
  ];
}

export async function run(args: string[]): Promise<number> {
  let dryRun = false;
  try {
    const { values } = parseArgs({
      args,
      options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    dryRun = values['dry-run'] === true;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // opening a SQLite database that is not there would make an empty one
  if (!config.databaseUrl && !existsSync(join(config.dataDir, DATA_FILES.sqlite))) {
    process.stderr.write(
      `verdict gc: no site in ${config.dataDir} (no ${DATA_FILES.sqlite}); set DATA_DIR\n`,
    );
    return 1;
  }
  const db = await openDatabase(config);
  try {
    // the references are read from this release's tables: an unmigrated database would lack some
    const state = await migrationState(db);
    if (state.pending.length > 0) {
      process.stderr.write(
        `verdict gc: the database has ${state.pending.length} pending migration(s); run \`verdict migrate\` (or start the server) first\n`,
      );
      return 1;
    }
    const files = new FileStore(join(config.dataDir, DATA_FILES.files));
    out(`verdict gc: file store ${join(config.dataDir, DATA_FILES.files)}`);
    const outcome = await collectFiles({ db, files }, { dryRun });
    if (!outcome.ran) {
      process.stderr.write(
        `verdict gc: another collection is running (the server's or another verdict gc); try again in ${outcome.busySeconds} s\n`,
      );
      return 1;
    }
    for (const line of reportLines(outcome.report)) out(line);
    return 0;
  } finally {
    await db.close();
  }
}
