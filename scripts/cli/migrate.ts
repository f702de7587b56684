/**
 * `verdict migrate [--dry-run]`: the migrations of this release on the database the server would
 * open with the same environment: SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL (in
 * DATABASE_SCHEMA when set). `--dry-run` lists the pending ones by name and changes nothing; without
 * it they are applied, as the server does at start (docs/operations.md, Upgrades).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../../server/config';
import { DATA_FILES } from '../../server/data-dir';
import { openDatabase } from '../../server/db/database';
import { MIGRATION_NAMES, migrate, migrationState } from '../../server/db/migrate';

const USAGE =
  'usage: verdict migrate [--dry-run]\n' +
  '  --dry-run  list the migrations this release would apply, by name, without applying them\n' +
  "  The database is the server's: DATA_DIR (SQLite), or DATABASE_URL and DATABASE_SCHEMA (PostgreSQL).\n";

const out = (line: string) => process.stdout.write(`${line}\n`);

/** Which database, for the operator's eyes: never the URL itself (it may hold a password). */
function describe(config: ServerConfig): string {
  if (!config.databaseUrl) return `SQLite database ${join(config.dataDir, DATA_FILES.sqlite)}`;
  let where = 'PostgreSQL';
  try {
    const url = new URL(config.databaseUrl);
    where = `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    // an unparsable URL is pg's to refuse
  }
  return `${where}, schema ${config.databaseSchema ?? 'public'}`;
}

/** Whether there is a database to look at; a dry run must not create one (a file, a schema). */
async function databaseExists(config: ServerConfig): Promise<boolean> {
  if (!config.databaseUrl) return existsSync(join(config.dataDir, DATA_FILES.sqlite));
  if (!config.databaseSchema) return true;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const res = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [
      config.databaseSchema,
    ]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

function list(names: readonly string[]): void {
  for (const name of names) out(`  ${name}`);
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
  out(`verdict migrate: ${describe(config)}`);
  if (dryRun && !(await databaseExists(config))) {
    out(
      `no database there yet: all ${MIGRATION_NAMES.length} migrations are pending (not applied: --dry-run):`,
    );
    list(MIGRATION_NAMES);
    return 0;
  }
  const db = await openDatabase(config);
  try {
    const before = await migrationState(db);
    if (before.newer.length > 0) {
      out(`applied by a newer release (this one runs beside them, docs/operations.md, Upgrades):`);
      list(before.newer);
    }
    if (before.pending.length === 0) {
      out(`up to date: ${before.applied.length} migrations applied, none pending`);
      return 0;
    }
    if (dryRun) {
      out(`${before.pending.length} pending migration(s) (not applied: --dry-run):`);
      list(before.pending);
      return 0;
    }
    const applied = await migrate(db);
    out(`applied ${applied.length} migration(s):`);
    list(applied);
    return 0;
  } finally {
    await db.close();
  }
}
