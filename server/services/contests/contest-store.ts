import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContestTable } from '../../db/schema';
import { notFound } from '../errors';

export type ContestRow = Selectable<ContestTable>;

/** The contest with this id, or 404 [contest does not exist]. */
export async function loadContest(db: Db, cid: number): Promise<ContestRow> {
  const row = await db.kysely.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirst();
  if (!row) throw notFound('contest.notFound');
  return row;
}

/** Registrations per contest (HOJ's `count`). */
export async function registrationCounts(db: Db, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('contest_register')
    .select(['cid', (eb) => eb.fn.countAll().as('count')])
    .where('cid', 'in', cids)
    .groupBy('cid')
    .execute();
  for (const r of rows) out.set(r.cid, Number(r.count));
  return out;
}

export async function isRegistered(db: Db, cid: number, uid: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('contest_register')
    .select('id')
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return !!row;
}
