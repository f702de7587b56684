import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { POSTGRES_URL } from '../helpers/server';

// Several sites (and the test servers running side by side) may share one PostgreSQL database,
// each in its own schema. Starting one must not depend on the others' tables.
describe('a site in its own PostgreSQL schema', () => {
  const stamp = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const own = `own_${stamp}`;
  const other = `other_${stamp}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
    await admin.end();
  });

  it('sees only its own tables, so its migrations never read a schema being dropped', async () => {
    await admin.query(`CREATE SCHEMA ${other}`);
    await admin.query(`CREATE TABLE ${other}.neighbour (id serial PRIMARY KEY, v text)`);
    const db = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: POSTGRES_URL,
      databaseSchema: own,
    });
    try {
      // another site's schema is dropped and made again while this one migrates from empty
      let churn = true;
      const churning = (async () => {
        const c = new pg.Client({ connectionString: POSTGRES_URL });
        await c.connect();
        for (let i = 0; churn && i < 200; i++) {
          await c.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
          await c.query(`CREATE SCHEMA ${other}`);
          await c.query(`CREATE TABLE ${other}.neighbour (id serial PRIMARY KEY, v text)`);
        }
        await c.end();
      })();
      await migrate(db);
      churn = false;
      await churning;
      const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.length).toBeGreaterThan(10);
      expect(tables.every((t) => t.schema === own)).toBe(true);
      expect(tables.map((t) => t.name)).toContain('kysely_migration');
      expect(tables.map((t) => t.name)).not.toContain('neighbour');
    } finally {
      await db.close();
    }
  });
});
