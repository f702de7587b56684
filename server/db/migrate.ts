import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_problem_programs';
import * as m003 from './migrations/003_judge_ops';
import * as m004 from './migrations/004_accounts';
import * as m005 from './migrations/005_announcements';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Db['dialect']): Promise<void>;
}

const MIGRATIONS: Record<string, DialectMigration> = {
  '001_init': m001,
  '002_problem_programs': m002,
  '003_judge_ops': m003,
  '004_accounts': m004,
  '005_announcements': m005,
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
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
