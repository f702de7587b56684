import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
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

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Db['dialect']): Promise<void>;
}

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
};

/** Brings the schema up to date; the same migration set serves SQLite and PostgreSQL. */
export async function migrate(db: Db): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (k) => m.up(k, db.dialect) };
      }
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
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
