import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { createPrivateFile, DATA_FILES, ensureDataDir } from '../data-dir';
import type { Database } from './schema';
import { OwnSchemaPostgresDialect } from './schema-introspector';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For writes a crash may lose without harm (docs/architecture.md, Commits that skip the disk
   * flush): on PostgreSQL a second small pool whose commits do not wait for the write-ahead log to
   * reach the disk; on SQLite the same connection as `kysely`.
   */
  unflushed: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema in use (null: the default search path) */
  schema: string | null;
  close(): Promise<void>;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | null;
  databaseSchema?: string | null;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** SQLite in DATA_DIR (WAL) by default; PostgreSQL when DATABASE_URL is set. */
export async function openDatabase(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const schema = options.databaseSchema ?? null;
    if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`invalid DATABASE_SCHEMA: ${schema}`);
    // BIGINT (count(*)) arrives as a string by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    if (schema) {
      const setup = new pg.Client({ connectionString: options.databaseUrl });
      await setup.connect();
      try {
        await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await setup.end();
      }
    }
    // Every pooled connection starts in the schema.
    const searchPath = schema ? ` -c search_path=${schema}` : '';
    const kysely = postgresPool(options.databaseUrl, 10, searchPath);
    const unflushed = postgresPool(options.databaseUrl, 3, `${searchPath} -c synchronous_commit=off`);
    const close = async () => {
      await Promise.all([kysely.destroy(), unflushed.destroy()]);
    };
    return { kysely, unflushed, dialect: 'postgres', schema, close };
  }
  ensureDataDir(options.dataDir);
  const path = join(options.dataDir, DATA_FILES.sqlite);
  // Created empty and 0600 before SQLite opens it (SQLite would make it 0644): SQLite gives the
  // -wal and -shm files it creates the database file's mode, so they are private too.
  createPrivateFile(path);
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Query plans need table statistics (without them SQLite walked a million-row index for a
  // filter that matches 200 rows). SQLite's advice for long-lived connections: optimize on open,
  // then every few hours; it analyzes only what changed enough.
  // analysis_limit keeps each ANALYZE to a sample, so a large database still opens at once
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => sqlite.pragma('optimize'), 3 * 3600_000);
  optimizer.unref();
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    unflushed: kysely,
    dialect: 'sqlite',
    schema: null,
    close: async () => {
      clearInterval(optimizer);
      await kysely.destroy();
    },
  };
}

/** Every pooled connection starts with `options` (startup options, so no query can run before them). */
function postgresPool(connectionString: string, max: number, options: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, ...(options ? { options: options.trim() } : {}) });
  // PostgreSQL may end any connection (pg_terminate_backend, a restart, a failover); node-postgres
  // tells it as an 'error' event, which without a listener ended the whole server (found by
  // tests/api/faults.test.ts). The pool drops the broken connection (an idle one at once, one in
  // use when it is released, its query having failed) and the next query opens a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

/**
 * better-sqlite3 behind Kysely with prepared statements kept by their SQL: Kysely prepares every
 * query afresh, and preparing a 25-column join cost more than running it (0.34 ms against 0.08 ms
 * on the benchmark's list query). Statements are only run with all/run, which finish at once, so
 * one statement is never in use twice; a streamed query (iterate) gets its own statement.
 */
function withStatementCache(db: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new LRUCache<string, SQLite.Statement>({ max });
  return {
    close: () => db.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        cache.set(sql, statement);
      }
      const cached = statement;
      return {
        reader: cached.reader,
        all: (parameters) => cached.all(parameters),
        run: (parameters) => cached.run(parameters),
        iterate: (parameters) => db.prepare(sql).iterate(parameters),
      };
    },
  };
}
