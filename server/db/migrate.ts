import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_problem_programs';
import * as m003 from './migrations/003_judge_ops';
import * as m004 from './migrations/004_accounts';
import * as m005 from './migrations/005_announcements';
import * as m006 from './migrations/006_messages';
import * as m007 from './migrations/007_profile';
import * as m008 from './migrations/008_submission_extras';
import * as m009 from './migrations/009_rate_window';
import * as m010 from './migrations/010_problem_page';
import * as m011 from './migrations/011_contests';
import * as m012 from './migrations/012_contest_judging';
import * as m013 from './migrations/013_contest_ops';
import * as m014 from './migrations/014_event_feed';
import * as m015 from './migrations/015_comments';
import * as m017 from './migrations/017_contest_limits';
import * as m018 from './migrations/018_testdata_uploads';
import * as m019 from './migrations/019_generated_accounts';
import * as m020 from './migrations/020_site_admin';
import * as m021 from './migrations/021_statement_files';
import * as m022 from './migrations/022_discussions';
import * as m023 from './migrations/023_trainings';
import * as m024 from './migrations/024_rank_stats';
import * as m025 from './migrations/025_groups';
import * as m026 from './migrations/026_clarifications';
import * as m027 from './migrations/027_virtual_participation';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Db['dialect']): Promise<void>;
}

/**
 * Every migration of this release, by name (applied in name order). Rolling upgrades rest on one
 * rule, expand then contract (docs/operations.md, Upgrades): while replicas of the previous release
 * still serve, a migration only adds (a table, a nullable column or one with a default, an
 * index) and never renames, drops or tightens what the previous release reads or writes; the
 * contraction (dropping what nothing reads any more) ships in a later release, once no replica of
 * the one that read it is left. A migration never changes after it ships: a fix is a new one.
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_init': m001,
  '002_problem_programs': m002,
  '003_judge_ops': m003,
  '004_accounts': m004,
  '005_announcements': m005,
  '006_messages': m006,
  '007_profile': m007,
  '008_submission_extras': m008,
  '009_rate_window': m009,
  '010_problem_page': m010,
  '011_contests': m011,
  '012_contest_judging': m012,
  '013_contest_ops': m013,
  '014_event_feed': m014,
  '015_comments': m015,
  '017_contest_limits': m017,
  '018_testdata_uploads': m018,
  '019_generated_accounts': m019,
  '020_site_admin': m020,
  '021_statement_files': m021,
  '022_discussions': m022,
  '023_trainings': m023,
  '024_rank_stats': m024,
  '025_groups': m025,
  '026_clarifications': m026,
  '027_virtual_participation': m027,
};

/** The names of this release's migrations, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

/** Where a database stands against this release's migrations. */
export interface MigrationState {
  /** applied already */
  applied: string[];
  /** this release's migrations the database has not had yet, in the order they would apply */
  pending: string[];
  /** applied by a newer release (a rolling upgrade in progress): this release runs on the expanded schema */
  newer: string[];
}

interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
}

/** The migrations the database has had (none when it was never migrated). */
async function appliedNames(db: Db): Promise<string[]> {
  // PostgreSQL connections start in the database's own schema (search_path), so both look there
  const exists =
    db.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const { rows: found } = await exists.execute(db.kysely);
  if (!found[0]?.found) return [];
  const k = db.kysely as unknown as Kysely<MigrationTables>;
  const rows = await k.selectFrom('kysely_migration').select('name').execute();
  return rows.map((r) => r.name).sort();
}

/** Which of this release's migrations a database has had, lacks, and which it has from a newer release. */
export async function migrationState(db: Db): Promise<MigrationState> {
  const applied = await appliedNames(db);
  const done = new Set(applied);
  const known = new Set(MIGRATION_NAMES);
  return {
    applied,
    pending: MIGRATION_NAMES.filter((n) => !done.has(n)),
    newer: applied.filter((n) => !known.has(n)),
  };
}

/**
 * Brings the schema up to date; the same migration set serves SQLite and PostgreSQL. `through`
 * stops after that migration (the upgrade tests build an earlier release's database with it).
 * Migrations a newer release applied are passed over: a replica of this release still starts
 * while a rolling upgrade is under way. Returns the migrations applied now.
 */
export async function migrate(db: Db, options: { through?: string } = {}): Promise<string[]> {
  const names = options.through
    ? MIGRATION_NAMES.filter((n) => n <= (options.through as string))
    : MIGRATION_NAMES;
  if (options.through && !MIGRATION_NAMES.includes(options.through))
    throw new Error(`no migration named ${options.through}`);
  // read before the migrator takes the database's one connection (SQLite): a newer release's
  // migrations are in its table, and Kysely refuses to run beside a migration it does not know
  const { newer } = await migrationState(db);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const name of names) {
        const m = MIGRATIONS[name] as DialectMigration;
        out[name] = { up: (k) => m.up(k, db.dialect) };
      }
      for (const name of newer) out[name] = { up: async () => {} };
      return out;
    },
  };
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    // migrations are independent tables and columns; a lower number that lands later still runs
    allowUnorderedMigrations: true,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
