import type { DiscussionCategory } from '../../../shared/api/discussion-types';
import { DISCUSSION_LIMITS } from '../../../shared/constants/discussions';
import type { CategoryForm, CategoryUpsertForm } from '../../../shared/schemas/discussions';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser, isRootUser } from '../authz';
import { nowIso } from '../clock';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { toCategory } from './vo';

/**
 * Discussion categories. Everyone reads them (HOJ: no switch on this call); HOJ's upsert of the
 * whole list is root's (as HOJ); the console's one-at-a-time calls are every admin role's, and only
 * they can delete (HOJ cannot): a category still holding discussions is refused, so no post loses
 * its place.
 */
export async function listCategories(db: Db): Promise<DiscussionCategory[]> {
  const rows = await db.kysely.selectFrom('category').selectAll().orderBy('id').execute();
  return rows.map(toCategory);
}

async function assertRoomForMore(db: Db, adding: number): Promise<void> {
  const row = await db.kysely
    .selectFrom('category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) + adding > DISCUSSION_LIMITS.categories)
    throw badRequest('discussion.validation.tooManyCategories');
}

/**
 * POST /api/discussion-category (HOJ, root): entries with an id rename theirs, entries without one
 * are added; blank names are skipped and categories left out are kept (HOJ's saveOrUpdateBatch).
 */
export async function upsertCategories(
  db: Db,
  user: CurrentUser,
  list: CategoryUpsertForm,
): Promise<DiscussionCategory[]> {
  if (!isRootUser(user)) throw forbidden();
  const entries = list
    .map((c) => ({ id: c.id ?? undefined, name: c.name.trim() }))
    .filter((c) => c.name.length > 0);
  await assertRoomForMore(db, entries.filter((c) => c.id === undefined).length);
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    for (const entry of entries) {
      if (entry.id === undefined) {
        await trx
          .insertInto('category')
          .values({ name: entry.name, gmt_create: now, gmt_modified: now })
          .execute();
      } else {
        await trx
          .updateTable('category')
          .set({ name: entry.name, gmt_modified: now })
          .where('id', '=', entry.id)
          .execute();
      }
    }
  });
  return listCategories(db);
}

function assertAdmin(user: CurrentUser): void {
  if (!isAdminUser(user)) throw forbidden();
}

/** POST (add) and PUT (rename) /api/admin/discussion-category: admin roles. */
export async function saveCategory(
  db: Db,
  user: CurrentUser,
  body: CategoryForm,
  update: boolean,
): Promise<DiscussionCategory> {
  assertAdmin(user);
  const now = nowIso();
  if (update) {
    if (body.id === undefined) throw badRequest('discussion.validation.idRequired');
    const row = await db.kysely
      .updateTable('category')
      .set({ name: body.name, gmt_modified: now })
      .where('id', '=', body.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('discussion.categoryNotFound');
    return toCategory(row);
  }
  await assertRoomForMore(db, 1);
  const row = await db.kysely
    .insertInto('category')
    .values({ name: body.name, gmt_create: now, gmt_modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCategory(row);
}

/** DELETE /api/admin/discussion-category: only an empty category (409 while discussions use it). */
export async function deleteCategory(db: Db, user: CurrentUser, id: number): Promise<void> {
  assertAdmin(user);
  const used = await db.kysely
    .selectFrom('discussion')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirst();
  const count = Number(used?.n ?? 0);
  if (count > 0) throw new AppError(409, 'discussionAdmin.categoryInUse', { count });
  const res = await db.kysely.deleteFrom('category').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('discussion.categoryNotFound');
}
