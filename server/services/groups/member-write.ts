import type { GroupMember } from '../../../shared/api/group-types';
import { GroupAuth, GroupRole, GroupStatus } from '../../../shared/constants/groups';
import type { GroupJoinParams, GroupMemberUpdateParams } from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { passwordMatches } from '../contests/password';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { type GroupContext, loadGroup, loadGroupRow, rankOf } from './access';
import { countGroupCodeTry, forgetGroupCodeTries } from './code-tries';
import { groupStanding, isGroupMember, managesGroup } from './membership';
import { noticeApplication, noticeRemoved, noticeWelcome } from './notices';
import { assertGroupQuota } from './quota';
import { toGroupMember } from './vo';

/**
 * Joining, approving, changing roles, removing and leaving (HOJ's GroupMemberManager; the rules:
 * docs/architecture.md, Groups).
 */

async function memberRow(db: Db, gid: number, uid: string) {
  return db.kysely
    .selectFrom('group_member as gm')
    .innerJoin('user_info as u', 'u.uuid', 'gm.uid')
    .select([
      'gm.id',
      'gm.gid',
      'gm.uid',
      'u.username',
      'gm.auth',
      'gm.reason',
      'gm.gmt_create',
      'gm.gmt_modified',
    ])
    .where('gm.gid', '=', gid)
    .where('gm.uid', '=', uid)
    .executeTakeFirst();
}

/**
 * POST /api/group/member (HOJ addMember): a public group takes the caller as a member at once; a
 * protected one takes an application with its reason (5-100 characters); a private one needs its
 * invitation code (wrong ones limited per user and group as contest passwords) and then takes an
 * application too (HOJ). A banned group is missing and a hidden one closed (403) to all but the site's
 * root. Someone waiting or already in is refused (409); a refused applicant may apply again. Each try
 * that passes these checks counts towards the caller's application limit.
 * @returns the caller's new role (3 member, 1 applied)
 */
export async function joinGroup(db: Db, user: CurrentUser, query: GroupJoinParams): Promise<number> {
  const group = await loadGroupRow(db, query.gid);
  const standing = await groupStanding(db, group.id, user);
  if (group.status === GroupStatus.BANNED && !standing.isSiteRoot) throw notFound('group.notFound');
  if (isGroupMember(standing)) throw new AppError(409, 'group.alreadyMember');
  if (standing.role === GroupRole.APPLICANT) throw new AppError(409, 'group.alreadyApplied');
  if (!group.visible && !standing.isSiteRoot) throw forbidden('group.notVisible');
  if (group.auth === GroupAuth.PRIVATE) {
    // counted before the comparison, so a burst of guesses cannot outrun the count
    const wait = await countGroupCodeTry(db, group.id, user.uid);
    if (!passwordMatches(query.code ?? '', group.code)) {
      throw wait > 0 ? badRequest('group.wrongCodeWait', { seconds: wait }) : badRequest('group.wrongCode');
    }
    await forgetGroupCodeTries(db, group.id, user.uid);
  }
  if (group.auth === GroupAuth.PROTECTED && !query.reason) throw badRequest('group.reasonRequired');
  await assertGroupQuota(db, user, 'applications');
  const role = group.auth === GroupAuth.PUBLIC ? GroupRole.MEMBER : GroupRole.APPLICANT;
  const now = nowIso();
  const reason = query.reason ?? null;
  if (standing.role === 0) {
    const inserted = await db.kysely
      .insertInto('group_member')
      .values({ gid: group.id, uid: user.uid, auth: role, reason, gmt_create: now, gmt_modified: now })
      .onConflict((oc) => oc.columns(['gid', 'uid']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // two requests at once: the second finds the first's row
    if (!inserted) throw new AppError(409, 'group.alreadyApplied');
  } else {
    // a refused applicant (2) tries again
    const updated = await db.kysely
      .updateTable('group_member')
      .set({ auth: role, reason, gmt_create: now, gmt_modified: now })
      .where('gid', '=', group.id)
      .where('uid', '=', user.uid)
      .where('auth', '=', GroupRole.REFUSED)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, 'group.alreadyApplied');
  }
  if (role === GroupRole.MEMBER) await noticeWelcome(db, group, user.uid);
  else await noticeApplication(db, group, user.username);
  return role;
}

/** Group admins and the site's root manage members; the owner is nobody's to change or remove. */
async function loadManaged(db: Db, user: CurrentUser, gid: number, uid: string) {
  const ctx: GroupContext = await loadGroup(db, user, gid);
  if (!managesGroup(ctx.standing)) throw forbidden('group.adminsOnly');
  if (uid === ctx.group.uid) throw forbidden('group.ownerUntouchable');
  const target = await memberRow(db, gid, uid);
  if (!target) throw notFound('group.memberNotFound');
  return { ...ctx, target };
}

/**
 * PUT /api/group/member (HOJ updateMember): approve (3) or refuse (2) an application, or change a
 * member's role. Everyone but the site's root changes only those below their own role, and only to a
 * role below their own: an admin approves and refuses, a group root also appoints and dismisses
 * admins, the owner (above every role) also group roots. An approved applicant is welcomed (HOJ).
 */
export async function updateMember(
  db: Db,
  user: CurrentUser,
  body: GroupMemberUpdateParams,
): Promise<GroupMember> {
  const { group, standing, target } = await loadManaged(db, user, body.gid, body.uid);
  if (!standing.isSiteRoot) {
    const mine = rankOf(standing);
    if (target.auth >= mine || body.auth >= mine) throw forbidden('group.roleTooHigh');
  }
  await assertGroupQuota(db, user, 'memberChanges');
  const now = nowIso();
  await db.kysely
    .updateTable('group_member')
    .set({ auth: body.auth, gmt_modified: now })
    .where('id', '=', target.id)
    .execute();
  if (target.auth < GroupRole.MEMBER && body.auth >= GroupRole.MEMBER)
    await noticeWelcome(db, group, target.uid);
  return toGroupMember({ ...target, auth: body.auth, gmt_modified: now }, true);
}

/**
 * DELETE /api/group/member (HOJ deleteMember): a group admin removes a member or application below
 * their own role (the owner: anyone but themselves; the site's root: anyone but the owner). Leaving is
 * /member/exit. A removed member hears of it (HOJ) and loses the group's pages with their next request.
 */
export async function removeMember(
  db: Db,
  user: CurrentUser,
  query: { gid: number; uid: string },
): Promise<void> {
  if (query.uid === user.uid) throw badRequest('group.removeSelf');
  const { group, standing, target } = await loadManaged(db, user, query.gid, query.uid);
  if (!standing.isSiteRoot && target.auth >= rankOf(standing)) throw forbidden('group.roleTooHigh');
  await assertGroupQuota(db, user, 'memberChanges');
  await db.kysely.deleteFrom('group_member').where('id', '=', target.id).execute();
  if (target.auth >= GroupRole.MEMBER) await noticeRemoved(db, group, target.uid, user.username);
}

/**
 * DELETE /api/group/member/exit (HOJ exitGroup): a member leaves. The owner cannot (they may dissolve
 * the group instead); someone who is not a member (an applicant included) has nothing to leave.
 */
export async function exitGroup(db: Db, user: CurrentUser, gid: number): Promise<void> {
  const { standing } = await loadGroup(db, user, gid);
  if (standing.isOwner) throw forbidden('group.ownerCannotExit');
  if (!isGroupMember(standing)) throw forbidden('group.notInGroup');
  await db.kysely.deleteFrom('group_member').where('gid', '=', gid).where('uid', '=', user.uid).execute();
}
