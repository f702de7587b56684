import pg from 'pg';
import { POSTGRES_URL } from './server';

/** The API tests run on both databases: every query must work on SQLite and PostgreSQL alike. */
export const DATABASES = [
  { name: 'sqlite', databaseUrl: undefined },
  { name: 'postgres', databaseUrl: POSTGRES_URL },
] as const;

/** Fails loudly when PostgreSQL is unreachable instead of skipping. */
export async function assertPostgresReachable(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    throw new Error(
      `PostgreSQL is required for the API tests and is not reachable at ${POSTGRES_URL} (${(e as Error).message}). ` +
        'Start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}
