import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { TrainingCategoryTable, TrainingTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import type { GroupViewer } from '../authz';
import { nowIso } from '../clock';
import { notFound } from '../errors';
import { withGroupViewer } from '../groups/contests-access';

/**
 * Rows of the training tables, and the reads every training call shares. A group's training loaded
 * for a caller carries their standing in the group (authz canManageTraining).
 */
export type TrainingRow = Selectable<TrainingTable> & { groupViewer?: GroupViewer };
export type TrainingCategoryRow = Selectable<TrainingCategoryTable>;

/** The site's training with this id (a group's is the group's business: missing here), or 404. */
export async function loadTraining(db: Db, tid: number): Promise<TrainingRow> {
  const row = await db.kysely.selectFrom('training').selectAll().where('id', '=', tid).executeTakeFirst();
  if (row?.is_group !== 0) throw notFound('training.notFound');
  return row;
}

/** Any training with this id, a group's with the caller's standing in its group, read now; or 404. */
export async function loadAnyTraining(db: Db, tid: number, user: CurrentUser | null): Promise<TrainingRow> {
  const row = await db.kysely.selectFrom('training').selectAll().where('id', '=', tid).executeTakeFirst();
  if (!row) throw notFound('training.notFound');
  return withGroupViewer(db, user, row);
}

/** The category a training is filed under (HOJ keeps one per training), if any. */
export async function categoryOfTraining(db: Db, tid: number): Promise<TrainingCategoryRow | undefined> {
  return db.kysely
    .selectFrom('mapping_training_category as m')
    .innerJoin('training_category as c', 'c.id', 'm.cid')
    .selectAll('c')
    .where('m.tid', '=', tid)
    .executeTakeFirst();
}

/**
 * SQL on a `problem` alias joined to its `training_problem` row: the problems a training shows. As
 * HOJ, only public problems count (its lists read `auth = 1`): open to everyone, or, in a group's
 * training, public in that group. A problem hidden after it was added drops out of every training
 * until it is published again; the console still lists it.
 */
export function shownProblemSql(problemAlias = 'p', trainingProblemAlias = 'tp'): RawBuilder<SqlBool> {
  const p = (column: string) => sql.ref(`${problemAlias}.${column}`);
  return sql<SqlBool>`(${p('auth')} = ${ProblemAuth.PUBLIC} and (${p('gid')} is null or ${p('gid')} = (select sg.gid from training sg where sg.id = ${sql.ref(`${trainingProblemAlias}.tid`)})))`;
}

/** The training's problems it shows, in its order (rank, then the order they were added). */
export async function shownTrainingProblems(db: Db, tid: number) {
  return db.kysely
    .selectFrom('training_problem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .select([
      'tp.id as tpid',
      'tp.rank',
      'tp.display_id',
      'p.id as pid',
      'p.problem_id',
      'p.title',
      'p.difficulty',
      'p.type',
    ])
    .where('tp.tid', '=', tid)
    .where(shownProblemSql('p'))
    .orderBy('tp.rank')
    .orderBy('tp.id')
    .execute();
}

/** A change of its problems or settings moves the training's "recent update" (HOJ). */
export async function touchTraining(db: Db, tid: number): Promise<void> {
  await db.kysely.updateTable('training').set({ gmt_modified: nowIso() }).where('id', '=', tid).execute();
}

/** The row of a registration, if the user registered for the training. */
export async function findRegistration(db: Db, tid: number, uid: string) {
  return db.kysely
    .selectFrom('training_register')
    .select(['id', 'status'])
    .where('tid', '=', tid)
    .where('uid', '=', uid)
    .executeTakeFirst();
}
