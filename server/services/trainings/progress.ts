import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import { shownProblemSql } from './store';

/**
 * How many problems each training shows, and how many of them a user solved: HOJ's problemCount and
 * acCount. A problem counts as solved with any accepted submission outside contests and groups
 * (a group's training: or in its group), made through the training or not (HOJ reads the user's
 * accepted problems).
 */
export async function problemCounts(db: Db, tids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (tids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('training_problem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .select(['tp.tid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tp.tid', 'in', [...tids])
    .where(shownProblemSql('p'))
    .groupBy('tp.tid')
    .execute();
  for (const r of rows) out.set(r.tid, Number(r.n));
  return out;
}

export async function acceptedCounts(
  db: Db,
  uid: string | null,
  tids: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!uid || tids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('training_problem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .select(['tp.tid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tp.tid', 'in', [...tids])
    .where(shownProblemSql('p'))
    .where('tp.pid', 'in', (eb) =>
      eb
        .selectFrom('judge as j')
        .select('j.pid')
        .where('j.uid', '=', uid)
        .where('j.cid', '=', 0)
        // outside groups, or in the training's own group (a group's training holds its problems)
        .where((w) =>
          w.or([
            w('j.gid', 'is', null),
            w('j.gid', '=', w.selectFrom('training as gt').select('gt.gid').whereRef('gt.id', '=', 'tp.tid')),
          ]),
        )
        .where('j.status', '=', JudgeStatus.ACCEPTED),
    )
    .groupBy('tp.tid')
    .execute();
  for (const r of rows) out.set(r.tid, Number(r.n));
  return out;
}
