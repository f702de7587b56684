import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContestTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import type { GroupViewer } from '../authz';
import { notFound } from '../errors';
import { withGroupViewer } from '../groups/contests-access';
import { cachedContestRow } from './contest-row-cache';

/** A contest row; a group's contest loaded for a caller carries their standing in the group (authz isContestAdmin). */
export type ContestRow = Selectable<ContestTable> & { groupViewer?: GroupViewer };

/**
 * The contest with this id, or 404 [contest does not exist]. Given the caller (null: a visitor), a
 * group's contest comes with the caller's standing in its group, read now.
 */
export async function loadContest(db: Db, cid: number, user?: CurrentUser | null): Promise<ContestRow> {
  const row = await cachedContestRow(db, cid);
  if (!row) throw notFound('contest.notFound');
  return user === undefined ? row : withGroupViewer(db, user, row);
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
