import type { TrainingCategory } from '../../../shared/api/training-types';
import { TRAINING_LIMITS } from '../../../shared/constants/trainings';
import type { TrainingCategoryParams } from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canAdminTrainingCategories } from '../authz';
import { nowIso } from '../clock';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { toCategory } from './vo';

/**
 * The console's training categories (HOJ's AdminTrainingCategoryController: root and problem
 * admins). Names are unique (HOJ refuses a second one); a category still holding trainings is not
 * deleted (HOJ's would leave them without one), so no training loses its place in the list's filter.
 */
function assertMayAdmin(user: CurrentUser): void {
  if (!canAdminTrainingCategories(user)) throw forbidden();
}

async function assertNameFree(db: Db, name: string, exceptId: number | null): Promise<void> {
  let q = db.kysely.selectFrom('training_category').select('id').where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badRequest('trainingAdmin.categoryExists');
}

/** POST /api/admin/training/category (HOJ: add). */
export async function addTrainingCategory(
  db: Db,
  user: CurrentUser,
  body: TrainingCategoryParams,
): Promise<TrainingCategory> {
  assertMayAdmin(user);
  const count = await db.kysely
    .selectFrom('training_category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(count?.n ?? 0) >= TRAINING_LIMITS.categories) {
    throw badRequest('trainingAdmin.tooManyCategories', { max: TRAINING_LIMITS.categories });
  }
  await assertNameFree(db, body.name, null);
  const now = nowIso();
  const row = await db.kysely
    .insertInto('training_category')
    .values({ name: body.name, color: body.color, gid: null, gmt_create: now, gmt_modified: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  // the same name added by two requests at once: the second is told so
  if (!row) throw badRequest('trainingAdmin.categoryExists');
  return toCategory(row);
}

/** PUT /api/admin/training/category (HOJ: update by id). */
export async function updateTrainingCategory(
  db: Db,
  user: CurrentUser,
  body: TrainingCategoryParams,
): Promise<TrainingCategory> {
  assertMayAdmin(user);
  if (body.id === undefined) throw badRequest('training.validation.idRequired');
  await assertNameFree(db, body.name, body.id);
  const row = await db.kysely
    .updateTable('training_category')
    .set({ name: body.name, color: body.color, gmt_modified: nowIso() })
    .where('id', '=', body.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('training.categoryNotFound');
  return toCategory(row);
}

/** DELETE /api/admin/training/category: only one no training uses (409 with how many do). */
export async function deleteTrainingCategory(db: Db, user: CurrentUser, cid: number): Promise<void> {
  assertMayAdmin(user);
  const used = await db.kysely
    .selectFrom('mapping_training_category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cid', '=', cid)
    .executeTakeFirst();
  const count = Number(used?.n ?? 0);
  if (count > 0) throw new AppError(409, 'trainingAdmin.categoryInUse', { count });
  const res = await db.kysely.deleteFrom('training_category').where('id', '=', cid).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('training.categoryNotFound');
}
