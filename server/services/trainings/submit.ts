import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { notFound } from '../errors';
import { loadEnterableTraining } from './access';
import { shownProblemSql } from './store';

/**
 * A submission sent with `tid` (HOJ's submit payload): the training must be one the caller may enter
 * and must show the problem (by its display id), else the submission is refused before it is filed.
 * The submission itself is an ordinary one outside contests; records.ts files it for the training's rank.
 */
export async function assertMaySubmitInTraining(
  db: Db,
  user: CurrentUser,
  tid: number,
  problemId: string,
): Promise<void> {
  await loadEnterableTraining(db, user, tid);
  const held = await db.kysely
    .selectFrom('training_problem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .select('tp.id')
    .where('tp.tid', '=', tid)
    .where('p.problem_id', '=', problemId)
    .where(shownProblemSql('p'))
    .executeTakeFirst();
  if (!held) throw notFound('training.problemNotInTraining');
}
