import type { AdminTraining, AdminTrainingDto } from '../../../shared/api/training-types';
import type { Page } from '../../../shared/api/types';
import { TRAINING_LIMITS, TrainingAuth } from '../../../shared/constants/trainings';
import type { TrainingCreateParams, TrainingUpdateParams } from '../../../shared/schemas/trainings';
import { bit } from '../../db/booleans';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { canDeleteTraining, canManageTraining, isAdminUser } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { categoryOfTraining, loadAnyTraining, loadTraining, type TrainingRow } from './store';
import { toAdminTraining, toCategory } from './vo';

/**
 * The console's training calls (HOJ's AdminTrainingController): every admin role lists and creates
 * trainings; one training's settings, visibility and problems are its creator's and root's (HOJ
 * checks the author on reading, editing and switching it); deleting is root's.
 */
export function assertTrainingConsole(user: CurrentUser): void {
  if (!isAdminUser(user)) throw forbidden();
}

/**
 * Where a training is managed from: `console`, the site's console (/api/admin/training*: admin
 * roles, the site's trainings); `group`, a group's calls (/api/group/*: that group's trainings,
 * managed by the group's admins as authz canManageTraining decides, no site role needed).
 */
export type TrainingAdminScope = 'console' | 'group';

/** The training, when the caller may change it from there (404, then 403 with HOJ's refusal). */
export async function loadManagedTraining(
  db: Db,
  user: CurrentUser,
  tid: number,
  scope: TrainingAdminScope = 'console',
): Promise<TrainingRow> {
  if (scope === 'group') {
    const training = await loadAnyTraining(db, tid, user);
    if (training.gid === null) throw forbidden('groupContent.notGroupTraining');
    if (!training.groupViewer?.open) throw notFound('groupContent.groupNotFound');
    if (!canManageTraining(user, training)) throw forbidden('groupContent.notYourTraining');
    return training;
  }
  assertTrainingConsole(user);
  const training = await loadTraining(db, tid);
  if (!canManageTraining(user, training)) throw forbidden('trainingAdmin.notYours');
  return training;
}

async function toDto(db: Db, training: TrainingRow): Promise<AdminTrainingDto> {
  const category = await categoryOfTraining(db, training.id);
  return {
    training: toAdminTraining(training, true),
    trainingCategory: category ? toCategory(category) : null,
  };
}

/** The category exists and may file a training of this group (null: a site training): the site's, or the group's own. */
async function assertCategoryExists(db: Db, cid: number, gid: number | null): Promise<void> {
  const row = await db.kysely
    .selectFrom('training_category')
    .select(['id', 'gid'])
    .where('id', '=', cid)
    .executeTakeFirst();
  if (!row) throw notFound('training.categoryNotFound');
  if (row.gid !== null && row.gid !== gid) throw forbidden('groupContent.categoryOfOtherGroup');
}

/** GET /api/admin/training/get-training-list (HOJ): every training by order number; keyword in the title, id or number. */
export async function adminListTrainings(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number | undefined; limit?: number | undefined; keyword?: string | undefined },
): Promise<Page<AdminTraining>> {
  assertTrainingConsole(user);
  return pageAdminTrainings(db, query, null);
}

/** The console's page of the site's trainings (`gid` null) or of one group's, every status, by order number. */
export async function pageAdminTrainings(
  db: Db,
  query: { currentPage?: number | undefined; limit?: number | undefined; keyword?: string | undefined },
  gid: number | null,
): Promise<Page<AdminTraining>> {
  const req = pageRequest(query.currentPage, query.limit, TRAINING_LIMITS.adminPageSize);
  let base =
    gid === null
      ? db.kysely.selectFrom('training').where('is_group', '=', 0)
      : db.kysely.selectFrom('training').where('gid', '=', gid);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const asNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
    base = base.where((eb) =>
      eb.or([
        containsText('title', keyword),
        ...(asNumber === null ? [] : [eb('id', '=', asNumber), eb('rank', '=', asNumber)]),
      ]),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .selectAll()
    .orderBy('rank')
    .orderBy('id')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(
    rows.map((r) => toAdminTraining(r, false)),
    total,
    req,
  );
}

/** GET /api/admin/training (HOJ): the training with its password and category, for its managers. */
export async function adminGetTraining(
  db: Db,
  user: CurrentUser,
  tid: number,
  scope: TrainingAdminScope = 'console',
): Promise<AdminTrainingDto> {
  return toDto(db, await loadManagedTraining(db, user, tid, scope));
}

async function setCategory(db: Db, tid: number, cid: number): Promise<void> {
  const now = nowIso();
  await db.kysely
    .insertInto('mapping_training_category')
    .values({ tid, cid, gmt_create: now, gmt_modified: now })
    .onConflict((oc) => oc.column('tid').doUpdateSet({ cid, gmt_modified: now }))
    .execute();
}

const passwordOf = (t: { auth: string; privatePwd?: string | undefined }) =>
  t.auth === TrainingAuth.PRIVATE ? (t.privatePwd ?? null) : null;

/**
 * POST /api/admin/training (HOJ TrainingDTO): the caller is its author, whatever the client names.
 * With `gid`, a group's training (is_group 1), whose caller the group service has checked
 * (services/groups/trainings.ts).
 */
export async function adminAddTraining(
  db: Db,
  user: CurrentUser,
  body: TrainingCreateParams,
  gid: number | null = null,
): Promise<AdminTrainingDto> {
  if (gid === null) assertTrainingConsole(user);
  await assertCategoryExists(db, body.trainingCategory.id, gid);
  const t = body.training;
  const now = nowIso();
  const row = await db.kysely
    .insertInto('training')
    .values({
      title: t.title.trim(),
      description: t.description,
      author: user.username,
      uid: user.uid,
      auth: t.auth,
      private_pwd: passwordOf(t),
      rank: t.rank,
      status: bit(t.status ?? true),
      is_group: gid === null ? 0 : 1,
      gid,
      gmt_create: now,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await setCategory(db, row.id, body.trainingCategory.id);
  return toDto(db, row);
}

/**
 * PUT /api/admin/training (HOJ): its managers change it. A new password of a private training
 * sends everyone who registered with the old one back to the password form (HOJ).
 */
export async function adminUpdateTraining(
  db: Db,
  user: CurrentUser,
  body: TrainingUpdateParams,
  scope: TrainingAdminScope = 'console',
): Promise<AdminTrainingDto> {
  const t = body.training;
  const old = await loadManagedTraining(db, user, t.id, scope);
  await assertCategoryExists(db, body.trainingCategory.id, old.gid);
  const password = passwordOf(t);
  const row = await db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('training')
      .set({
        title: t.title.trim(),
        description: t.description,
        auth: t.auth,
        private_pwd: password,
        rank: t.rank,
        ...(t.status === undefined ? {} : { status: bit(t.status) }),
        gmt_modified: nowIso(),
      })
      .where('id', '=', old.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (t.auth === TrainingAuth.PRIVATE && password !== old.private_pwd) {
      await trx.deleteFrom('training_register').where('tid', '=', old.id).execute();
    }
    return updated;
  });
  await setCategory(db, row.id, body.trainingCategory.id);
  return toDto(db, row);
}

/** PUT /api/admin/training/change-training-status (HOJ): shows or hides it on the site. */
export async function adminChangeTrainingStatus(
  db: Db,
  user: CurrentUser,
  tid: number,
  status: boolean,
  scope: TrainingAdminScope = 'console',
): Promise<void> {
  const training = await loadManagedTraining(db, user, tid, scope);
  await db.kysely
    .updateTable('training')
    .set({ status: bit(status), gmt_modified: nowIso() })
    .where('id', '=', training.id)
    .execute();
}

/**
 * DELETE /api/admin/training (HOJ: root only; a group's training also its managers, from the
 * group): the training with its problems' places, registrations and records.
 */
export async function adminDeleteTraining(
  db: Db,
  user: CurrentUser,
  tid: number,
  scope: TrainingAdminScope = 'console',
): Promise<void> {
  if (scope === 'console') {
    assertTrainingConsole(user);
    if (!canDeleteTraining(user)) throw forbidden('trainingAdmin.deleteRootOnly');
  }
  const training =
    scope === 'console' ? await loadTraining(db, tid) : await loadManagedTraining(db, user, tid, scope);
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of [
      'training_record',
      'training_register',
      'training_problem',
      'mapping_training_category',
      'training_password_try',
    ] as const)
      await trx.deleteFrom(table).where('tid', '=', training.id).execute();
    await trx.deleteFrom('training').where('id', '=', training.id).execute();
  });
}
