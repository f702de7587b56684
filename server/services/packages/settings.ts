/**
 * Site defaults for imported packages, kept in site_config under `import` (JSON). Kattis legacy
 * packages carry no time limit: unless the package has DOMjudge's .timelimit, the problem gets
 * `timeLimitMs`, which root can change (GET/PUT /api/admin/import-config).
 */
import type { Db } from '../../db/database';
import { badRequest } from '../errors';
import type { ImportDefaults } from './types';

const KEY = 'import';

export const IMPORT_DEFAULTS: ImportDefaults = {
  timeLimitMs: 1000,
  /** problemtools' default (docs/problem-formats.md, Kattis / ICPC) */
  memoryLimitMb: 1024,
};

/** bounds an admin may set */
export const IMPORT_DEFAULT_BOUNDS = {
  timeLimitMs: { min: 100, max: 60_000 },
  memoryLimitMb: { min: 16, max: 8192 },
} as const;

export async function loadImportDefaults(db: Db): Promise<ImportDefaults> {
  const row = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as Partial<ImportDefaults>) : {};
  return { ...IMPORT_DEFAULTS, ...stored };
}

export async function saveImportDefaults(db: Db, change: Partial<ImportDefaults>): Promise<ImportDefaults> {
  for (const key of Object.keys(IMPORT_DEFAULT_BOUNDS) as (keyof ImportDefaults)[]) {
    const value = change[key];
    if (value === undefined) continue;
    const { min, max } = IMPORT_DEFAULT_BOUNDS[key];
    if (!Number.isInteger(value) || value < min || value > max)
      throw badRequest('import.badDefault', { field: key, min, max });
  }
  const next = { ...(await loadImportDefaults(db)), ...change };
  const value = JSON.stringify(next);
  // one statement: two saves at once must not both try to insert
  await db.kysely
    .insertInto('site_config')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return next;
}
