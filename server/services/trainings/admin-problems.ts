import { sql } from 'kysely';
import type { AdminTrainingProblemList, TrainingProblemRow } from '../../../shared/api/training-types';
import { TRAINING_LIMITS } from '../../../shared/constants/trainings';
import type {
  AddTrainingProblemForm,
  AdminTrainingProblemListParams,
  TrainingProblemUpdateForm,
} from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { badRequest, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { toProblem } from '../problems/mapping';
import { isOpenProblem, openProblemSql } from '../problems/visibility';
import { assertTrainingConsole, loadManagedTraining, type TrainingAdminScope } from './admin';
import { syncRecordsOfProblem } from './records';
import { loadTraining, type TrainingRow, touchTraining } from './store';
import { toTrainingProblemRow } from './vo';

/**
 * The console's training problems (HOJ's AdminTrainingProblemManager): list the training's problems
 * or the public ones it could add, add one from the public list, move one (its `rank`), take one
 * out (the problem itself stays). Changing a training's problems is its managers' business (HOJ
 * checks no owner here and leaves admins out of moving and removing; Verdict lets whoever may edit
 * the training edit its problem list too).
 */

/**
 * GET /api/admin/training/get-problem-list (HOJ, every admin role): with `queryExisted` the
 * training's problems in its order, whatever their visibility (the console shows which ones the
 * site hides); without, the problems open to everyone it does not hold yet, by id. Both searchable
 * by title, display id or author; `trainingProblemMap` holds the training's rows by problem id.
 */
export async function listAdminTrainingProblems(
  db: Db,
  user: CurrentUser,
  query: AdminTrainingProblemListParams,
  scope: TrainingAdminScope = 'console',
): Promise<AdminTrainingProblemList> {
  // the console lists any site training's problems for every admin role (HOJ); a group's, its managers (HOJ)
  if (scope === 'console') assertTrainingConsole(user);
  const training =
    scope === 'console'
      ? await loadTraining(db, query.tid)
      : await loadManagedTraining(db, user, query.tid, scope);
  const req = pageRequest(query.currentPage, query.limit, TRAINING_LIMITS.adminPageSize);
  const links = await db.kysely
    .selectFrom('training_problem')
    .selectAll()
    .where('tid', '=', training.id)
    .execute();
  const trainingProblemMap = Object.fromEntries(links.map((l) => [String(l.pid), toTrainingProblemRow(l)]));
  const inTraining = db.kysely.selectFrom('training_problem').select('pid').where('tid', '=', training.id);
  let base = db.kysely.selectFrom('problem as p');
  base = query.queryExisted
    ? base.where('p.id', 'in', inTraining)
    : base.where(openProblemSql('p')).where('p.id', 'not in', inTraining);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        containsText('p.title', keyword),
        containsText('p.problem_id', keyword),
        containsText('p.author', keyword),
      ]),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) {
    return { problemList: toPage([], total, req), trainingProblemMap };
  }
  // the training's own: in its order (the row's rank, then the order they were added)
  const placeOf = (column: 'rank' | 'id') =>
    sql`(select tp.${sql.ref(column)} from training_problem tp where tp.tid = ${training.id} and tp.pid = p.id)`;
  const ordered = query.queryExisted
    ? base.selectAll('p').orderBy(placeOf('rank')).orderBy(placeOf('id'))
    : base.selectAll('p').orderBy('p.id');
  const rows = await ordered.limit(req.size).offset(req.offset).execute();
  return { problemList: toPage(rows.map(toProblem), total, req), trainingProblemMap };
}

async function nextRank(db: Db, tid: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('training_problem')
    .select((eb) => [eb.fn.max('rank').as('top'), eb.fn.countAll<number>().as('n')])
    .where('tid', '=', tid)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= TRAINING_LIMITS.problemsMax) {
    throw badRequest('trainingAdmin.tooManyProblems', { max: TRAINING_LIMITS.problemsMax });
  }
  const top = row?.top === null || row?.top === undefined ? -1 : Number(row.top);
  return Math.min(TRAINING_LIMITS.rankMax, top + 1);
}

/**
 * POST /api/admin/training/add-problem-from-public (HOJ): a problem open to everyone joins the
 * training at its end, under its display id unless another is given; one already in it (by
 * problem or display id) is refused with HOJ's message. Registered users' accepted submissions of
 * it join a private training's rank at once (HOJ).
 */
export async function addTrainingProblem(
  db: Db,
  user: CurrentUser,
  body: AddTrainingProblemForm,
  scope: TrainingAdminScope = 'console',
): Promise<TrainingProblemRow> {
  const training = await loadManagedTraining(db, user, body.tid, scope);
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id', 'auth', 'gid'])
    .where('id', '=', body.pid)
    .executeTakeFirst();
  if (!problem) throw notFound('server.problemNotFound');
  if (!isOpenProblem(problem)) throw badRequest('trainingAdmin.problemNotPublic');
  return linkTrainingProblem(db, training, problem, body.displayId);
}

/**
 * Puts a problem at the end of the training, under its display id unless another is given; one
 * already in it (by problem or display id) is refused with HOJ's message. Registered users'
 * accepted submissions of it join a private training's rank at once (HOJ). The caller has checked
 * that the training may hold the problem.
 */
export async function linkTrainingProblem(
  db: Db,
  training: TrainingRow,
  problem: { id: number; problem_id: string },
  wantedDisplayId?: string,
): Promise<TrainingProblemRow> {
  const displayId = wantedDisplayId?.trim() || problem.problem_id;
  const dup = await db.kysely
    .selectFrom('training_problem')
    .select('id')
    .where('tid', '=', training.id)
    .where((eb) => eb.or([eb('pid', '=', problem.id), eb('display_id', '=', displayId)]))
    .executeTakeFirst();
  if (dup) throw badRequest('trainingAdmin.problemAlreadyAdded');
  const rank = await nextRank(db, training.id);
  const now = new Date().toISOString();
  const row = await db.kysely
    .insertInto('training_problem')
    .values({
      tid: training.id,
      pid: problem.id,
      rank,
      display_id: displayId,
      gmt_create: now,
      gmt_modified: now,
    })
    .onConflict((oc) => oc.columns(['tid', 'pid']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw badRequest('trainingAdmin.problemAlreadyAdded');
  await touchTraining(db, training.id);
  await syncRecordsOfProblem(db, training, { id: row.id, pid: problem.id });
  return toTrainingProblemRow(row);
}

/** PUT /api/admin/training/problem (HOJ TrainingProblem): a new place (`rank`) in the training's order. */
export async function updateTrainingProblem(
  db: Db,
  user: CurrentUser,
  body: TrainingProblemUpdateForm,
  scope: TrainingAdminScope = 'console',
): Promise<TrainingProblemRow> {
  if (scope === 'console') assertTrainingConsole(user);
  const link = await db.kysely
    .selectFrom('training_problem')
    .selectAll()
    .where('id', '=', body.id)
    .executeTakeFirst();
  if (!link || (body.tid !== undefined && body.tid !== link.tid))
    throw notFound('trainingAdmin.problemNotInTraining');
  const training = await loadManagedTraining(db, user, link.tid, scope);
  const row = await db.kysely
    .updateTable('training_problem')
    .set({ rank: body.rank, gmt_modified: new Date().toISOString() })
    .where('id', '=', link.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await touchTraining(db, training.id);
  return toTrainingProblemRow(row);
}

/**
 * DELETE /api/admin/training/problem (HOJ with `tid`): takes the problem out of the training, and its
 * records out of the rank. Without `tid` HOJ deletes the problem itself; Verdict refuses that here
 * (deleting problems is the problem list's call, with its own checks).
 */
export async function removeTrainingProblem(
  db: Db,
  user: CurrentUser,
  tid: number,
  pid: number,
  scope: TrainingAdminScope = 'console',
): Promise<void> {
  const training = await loadManagedTraining(db, user, tid, scope);
  const link = await db.kysely
    .selectFrom('training_problem')
    .select('id')
    .where('tid', '=', training.id)
    .where('pid', '=', pid)
    .executeTakeFirst();
  if (!link) throw notFound('trainingAdmin.problemNotInTraining');
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('training_record').where('tpid', '=', link.id).execute();
    await trx.deleteFrom('training_problem').where('id', '=', link.id).execute();
  });
  await touchTraining(db, training.id);
}
