/**
 * Tags and their classifications in the admin console, at HOJ's paths (root and problem admins,
 * as HOJ). Names are unique ignoring case, so the editor's "type a name" finds the same tag.
 * Deleting a tag takes it off every problem; deleting a classification leaves its tags in none.
 */
import { sql } from 'kysely';
import type { Tag, TagClassification } from '../../../shared/api/types';
import type { ClassificationParams, TagParams } from '../../../shared/schemas/tag-admin';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canPublishProblem } from '../authz';
import { nowIso } from '../clock';
import { AppError, forbidden, notFound } from '../errors';
import type { JudgeEvents } from '../judge-queue/events';

const DEFAULT_COLOR = '#2563eb';

export function assertCanManageTags(user: CurrentUser): void {
  // HOJ gives tags to root and problem admins: the same people who publish problems
  if (!canPublishProblem(user)) throw forbidden();
}

async function assertNameFree(db: Db, table: 'tag' | 'tag_classification', name: string, self?: number) {
  const taken = await db.kysely
    .selectFrom(table)
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  if (taken && taken.id !== self) {
    throw new AppError(400, table === 'tag' ? 'tagAdmin.nameTaken' : 'tagAdmin.classificationNameTaken', {
      name,
    });
  }
}

async function assertClassification(db: Db, tcid: number | null | undefined): Promise<void> {
  if (tcid == null) return;
  const row = await db.kysely
    .selectFrom('tag_classification')
    .select('id')
    .where('id', '=', tcid)
    .executeTakeFirst();
  if (!row) throw notFound('tagAdmin.classificationNotFound');
}

const toTag = (t: { id: number; name: string; color: string | null; tcid: number | null }): Tag => ({
  id: t.id,
  name: t.name,
  color: t.color,
  oj: 'ME',
  tcid: t.tcid,
});

/** Creates a tag, or with `update` changes the one `form.id` names. */
export async function saveTag(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  form: TagParams,
  update: boolean,
) {
  assertCanManageTags(user);
  if (update && form.id === undefined) throw notFound('tagAdmin.tagNotFound');
  await assertNameFree(db, 'tag', form.name, update ? form.id : undefined);
  await assertClassification(db, form.tcid);
  const values = { name: form.name, color: form.color ?? DEFAULT_COLOR, tcid: form.tcid ?? null };
  const row =
    !update || form.id === undefined
      ? await db.kysely.insertInto('tag').values(values).returningAll().executeTakeFirstOrThrow()
      : await db.kysely
          .updateTable('tag')
          .set(values)
          .where('id', '=', form.id)
          .returningAll()
          .executeTakeFirst();
  if (!row) throw notFound('tagAdmin.tagNotFound');
  // problem pages show tags with their colours
  events.emit('problemChanged', { visibility: false });
  return toTag(row);
}

export async function deleteTag(db: Db, events: JudgeEvents, user: CurrentUser, tid: number): Promise<void> {
  assertCanManageTags(user);
  const deleted = await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('problem_tag').where('tid', '=', tid).execute();
    return trx.deleteFrom('tag').where('id', '=', tid).executeTakeFirst();
  });
  if (Number(deleted.numDeletedRows) === 0) throw notFound('tagAdmin.tagNotFound');
  events.emit('problemChanged', { visibility: false });
}

const toClassification = (c: {
  id: number;
  name: string;
  type: number;
  oj: string;
  rank: number;
  gmt_create: string;
  gmt_modified: string;
}): TagClassification => ({
  id: c.id,
  name: c.name,
  type: c.type,
  oj: c.oj,
  rank: c.rank,
  gmtCreate: c.gmt_create,
  gmtModified: c.gmt_modified,
});

export async function listClassifications(db: Db, user: CurrentUser): Promise<TagClassification[]> {
  assertCanManageTags(user);
  const rows = await db.kysely
    .selectFrom('tag_classification')
    .selectAll()
    .orderBy('type')
    .orderBy('rank')
    .orderBy('id')
    .execute();
  return rows.map(toClassification);
}

export async function saveClassification(
  db: Db,
  user: CurrentUser,
  form: ClassificationParams,
  update: boolean,
): Promise<TagClassification> {
  assertCanManageTags(user);
  if (update && form.id === undefined) throw notFound('tagAdmin.classificationNotFound');
  await assertNameFree(db, 'tag_classification', form.name, update ? form.id : undefined);
  const now = nowIso();
  const values = { name: form.name, type: form.type, rank: form.rank, gmt_modified: now };
  const row =
    !update || form.id === undefined
      ? await db.kysely
          .insertInto('tag_classification')
          .values({ ...values, oj: 'ME', gmt_create: now })
          .returningAll()
          .executeTakeFirstOrThrow()
      : await db.kysely
          .updateTable('tag_classification')
          .set(values)
          .where('id', '=', form.id)
          .returningAll()
          .executeTakeFirst();
  if (!row) throw notFound('tagAdmin.classificationNotFound');
  return toClassification(row);
}

export async function deleteClassification(db: Db, user: CurrentUser, tcid: number): Promise<void> {
  assertCanManageTags(user);
  const deleted = await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('tag').set({ tcid: null }).where('tcid', '=', tcid).execute();
    return trx.deleteFrom('tag_classification').where('id', '=', tcid).executeTakeFirst();
  });
  if (Number(deleted.numDeletedRows) === 0) throw notFound('tagAdmin.classificationNotFound');
}
