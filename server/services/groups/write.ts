import { sql } from 'kysely';
import type { GroupDetail } from '../../../shared/api/group-types';
import { GroupAuth, GroupRole } from '../../../shared/constants/groups';
import type { GroupCreateParams, GroupUpdateParams } from '../../../shared/schemas/groups';
import { bit, bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isUniqueViolation } from '../auth/users';
import { hasPermission, isAdminUser } from '../authz';
import { nowIso } from '../clock';
import { acceptedProblemCount } from '../discussions/access';
import { removeDiscussions } from '../discussions/write';
import { AppError, badRequest, forbidden } from '../errors';
import { countRequest } from '../site/rate-window';
import { loadSettings } from '../site/settings';
import { type GroupRow, loadGroup, requireGroupRoot } from './access';
import { noticeDissolved } from './notices';
import { assertGroupQuota } from './quota';
import { toGroupDetail } from './vo';

/**
 * Creating, editing and dissolving groups (HOJ's GroupManager; the rules: docs/architecture.md,
 * Groups).
 */

/** 400 when another group has the name or short name (HOJ's two checks, in its order). */
async function assertNamesFree(db: Db, names: { name?: string; shortName?: string }, except?: number) {
  const taken = async (column: 'name' | 'short_name', value: string) => {
    let q = db.kysely.selectFrom('group_info').select('id').where(column, '=', value);
    if (except !== undefined) q = q.where('id', '!=', except);
    return !!(await q.executeTakeFirst());
  };
  if (names.name !== undefined && (await taken('name', names.name))) throw badRequest('group.nameTaken');
  if (names.shortName !== undefined && (await taken('short_name', names.shortName)))
    throw badRequest('group.shortNameTaken');
}

/** A unique index refused the row: another request took the name or short name meanwhile. */
function nameRace(error: unknown): never {
  if (isUniqueViolation(error)) throw badRequest('group.nameTaken');
  throw error;
}

const needsCode = (auth: number) => auth === GroupAuth.PROTECTED || auth === GroupAuth.PRIVATE;

/**
 * HOJ's rules for creating a group, for everyone but root, admins and problem admins (the site
 * switches): enough accepted problems, fewer groups owned than the total limit, and fewer created in
 * 24 hours than the daily limit. The day is counted by the function returned, called last, so a
 * group refused for another reason does not use up the day.
 */
async function assertMayCreate(db: Db, user: CurrentUser): Promise<() => Promise<void>> {
  if (isAdminUser(user)) return async () => {};
  const rules = (await loadSettings(db)).switches;
  const need = rules.defaultCreateGroupACInitValue;
  if (need > 0 && (await acceptedProblemCount(db, user.uid)) < need)
    throw forbidden('group.acRequired', { count: need });
  const owned = await db.kysely
    .selectFrom('group_info')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', user.uid)
    .executeTakeFirst();
  if (Number(owned?.n ?? 0) >= rules.defaultCreateGroupLimit)
    throw forbidden('group.totalLimit', { count: rules.defaultCreateGroupLimit });
  return async () => {
    const day = await countRequest(db, `group-create-day:${user.uid}`, 24 * 3600);
    if (day.count > rules.defaultCreateGroupDailyLimit) {
      throw new AppError(
        429,
        'group.dailyLimit',
        { count: rules.defaultCreateGroupDailyLimit },
        { seconds: day.resetSeconds },
      );
    }
  };
}

/**
 * POST /api/group: the caller owns the new group and is its first member, a group root (5). Checked
 * in this order: the group_add permission, free names, then HOJ's create rules (HOJ checks the rules
 * before the names).
 */
export async function createGroup(db: Db, user: CurrentUser, body: GroupCreateParams): Promise<GroupDetail> {
  if (!hasPermission(user, 'group_add')) throw forbidden('group.noCreatePermission');
  await assertNamesFree(db, body);
  const countDay = await assertMayCreate(db, user);
  await countDay();
  const now = nowIso();
  const row = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const group = await trx
        .insertInto('group_info')
        .values({
          avatar: null,
          name: body.name,
          short_name: body.shortName,
          brief: body.brief,
          description: body.description,
          owner: user.username,
          uid: user.uid,
          auth: body.auth,
          visible: bit(bool(body.visible)),
          status: 0,
          code: body.code ?? null,
          gmt_create: now,
          gmt_modified: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_member')
        .values({
          gid: group.id,
          uid: user.uid,
          auth: GroupRole.ROOT,
          reason: null,
          gmt_create: now,
          gmt_modified: now,
        })
        .execute();
      return group;
    })
    .catch(nameRace);
  return toGroupDetail(row, true);
}

/**
 * PUT /api/group: a group root or the site's root changes the fields sent (HOJ's updateById, limited
 * to the form's fields: the owner and the status are not the form's). A protected or private group
 * keeps an invitation code.
 */
export async function updateGroup(db: Db, user: CurrentUser, body: GroupUpdateParams): Promise<GroupDetail> {
  const { group } = await requireGroupRoot(db, user, body.id);
  const auth = body.auth ?? group.auth;
  if (needsCode(auth) && !(body.code ?? group.code)) throw badRequest('group.validation.codeRequired');
  await assertNamesFree(
    db,
    {
      name: body.name !== undefined && body.name !== group.name ? body.name : undefined,
      shortName:
        body.shortName !== undefined && body.shortName !== group.short_name ? body.shortName : undefined,
    },
    group.id,
  );
  await assertGroupQuota(db, user, 'edits');
  const set = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.shortName !== undefined ? { short_name: body.shortName } : {}),
    ...(body.brief !== undefined ? { brief: body.brief } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.auth !== undefined ? { auth: body.auth } : {}),
    ...(body.visible !== undefined ? { visible: bit(bool(body.visible)) } : {}),
    ...(body.code !== undefined ? { code: body.code } : {}),
  };
  const updated = await db.kysely
    .updateTable('group_info')
    .set({ ...set, gmt_modified: nowIso() })
    .where('id', '=', group.id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(nameRace);
  return toGroupDetail(updated, true);
}

/**
 * Dissolves a group: its members and applications, announcements and discussions (with their
 * comments) go with it; its problems, trainings and contests stay in their tables for their
 * submissions' sake but name a group that no longer exists, so every check of them answers 404
 * (groups/access.ts and the group problem checks). The members hear of it (HOJ's notice), all but
 * the one who dissolved it.
 */
export async function removeGroup(db: Db, group: GroupRow, operator: CurrentUser): Promise<void> {
  const members = await db.kysely
    .selectFrom('group_member')
    .select('uid')
    .where('gid', '=', group.id)
    .where('auth', '>=', GroupRole.MEMBER)
    .execute();
  const discussions = await db.kysely
    .selectFrom('discussion')
    .select('id')
    .where('gid', '=', group.id)
    .execute();
  await removeDiscussions(
    db,
    discussions.map((d) => d.id),
  );
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('announcement')
      .where('gid', '=', group.id)
      .where(sql<boolean>`id not in (select ca.aid from contest_announcement ca)`)
      .execute();
    await trx.deleteFrom('group_member').where('gid', '=', group.id).execute();
    await trx.deleteFrom('group_info').where('id', '=', group.id).execute();
  });
  await noticeDissolved(
    db,
    group,
    members.map((m) => m.uid).filter((uid) => uid !== operator.uid),
    operator.username,
  );
}

/**
 * DELETE /api/group (HOJ, permission group_del): the owner or the site's root; a banned group is
 * missing for its owner too (HOJ).
 */
export async function deleteGroup(db: Db, user: CurrentUser, gid: number): Promise<void> {
  if (!hasPermission(user, 'group_del')) throw forbidden('group.noDeletePermission');
  const { group, standing } = await loadGroup(db, user, gid);
  if (!standing.isSiteRoot && !standing.isOwner) throw forbidden('group.ownerOnly');
  await removeGroup(db, group, user);
}
