import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { POSTGRES_URL } from '../helpers/server';

// Writes a crash may lose without harm (docs/architecture.md, Commits that skip the disk flush) go
// through a pool whose commits do not wait for the write-ahead log; everything else waits for it.
describe('the pool for writes that may skip the disk flush', () => {
  const schema = `unflushed_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('on PostgreSQL: commits without the flush, in the site own schema; the main pool flushes', async () => {
    const db = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: POSTGRES_URL,
      databaseSchema: schema,
    });
    try {
      await migrate(db);
      const setting = async (k: typeof db.kysely, name: string) =>
        (await sql<{ v: string }>`select current_setting(${name}) as v`.execute(k)).rows[0].v;
      expect(await setting(db.kysely, 'synchronous_commit')).toBe('on');
      expect(await setting(db.unflushed, 'synchronous_commit')).toBe('off');
      expect(await setting(db.unflushed, 'search_path')).toBe(schema);
      // what one pool writes the other reads at once (the commit's visibility does not wait)
      await db.unflushed
        .insertInto('contest_submit_bucket')
        .values({ key: 'submit:1:probe', tat_ms: 42 })
        .execute();
      const row = await db.kysely
        .selectFrom('contest_submit_bucket')
        .select('tat_ms')
        .where('key', '=', 'submit:1:probe')
        .executeTakeFirst();
      expect(Number(row?.tat_ms)).toBe(42);
    } finally {
      await db.close();
    }
  });

  it('on SQLite: the one connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-unflushed-'));
    const db = await openDatabase({ dataDir: dir, databaseUrl: null });
    try {
      expect(db.unflushed).toBe(db.kysely);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
