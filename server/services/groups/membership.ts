import { GroupRole, type GroupRoleValue, GroupStatus } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';

/**
 * A caller's place in a group, read from the database on every check (no cache), so a member who
 * leaves or is removed loses access with the next request, on every replica.
 *
 * HOJ's GroupValidator: members are roles 3-5, admins 4-5, group roots 5; the group's owner counts
 * as a group root even without a member row. The site's root is above every group.
 */
export interface GroupStanding {
  /** the caller's group_member.auth, or 0 when they have no row (an applicant is 1, refused 2) */
  role: GroupRoleValue | 0;
  isOwner: boolean;
  isSiteRoot: boolean;
}

/**
 * A caller's standing in a group, and whether the group is open to them at all: it exists and is
 * not banned (a banned group exists for the site's root alone). Every group check starts here.
 */
export interface GroupAccess {
  gid: number;
  open: boolean;
  standing: GroupStanding;
}

export async function loadGroupAccess(
  db: Db,
  gid: number,
  user: CurrentUser | null | undefined,
): Promise<GroupAccess> {
  const [member, group] = await Promise.all([
    user
      ? db.kysely
          .selectFrom('group_member')
          .select('auth')
          .where('gid', '=', gid)
          .where('uid', '=', user.uid)
          .executeTakeFirst()
      : undefined,
    db.kysely.selectFrom('group_info').select(['uid', 'status']).where('id', '=', gid).executeTakeFirst(),
  ]);
  const isSiteRoot = isRootUser(user);
  const standing: GroupStanding = {
    role: (member?.auth ?? 0) as GroupRoleValue | 0,
    isOwner: !!user && !!group && group.uid === user.uid,
    isSiteRoot,
  };
  return { gid, open: !!group && (group.status === GroupStatus.NORMAL || isSiteRoot), standing };
}

export async function groupStanding(
  db: Db,
  gid: number,
  user: CurrentUser | null | undefined,
): Promise<GroupStanding> {
  return (await loadGroupAccess(db, gid, user)).standing;
}

/** A member (role 3-5 or the owner): sees the group's content. */
export function isGroupMember(s: GroupStanding): boolean {
  return s.isOwner || s.role >= GroupRole.MEMBER;
}

/** A group admin (role 4-5 or the owner): manages the group's content and members. */
export function isGroupAdmin(s: GroupStanding): boolean {
  return s.isOwner || s.role >= GroupRole.ADMIN;
}

/** A group root (role 5 or the owner): edits the group itself and appoints admins. */
export function isGroupRoot(s: GroupStanding): boolean {
  return s.isOwner || s.role === GroupRole.ROOT;
}

/** Member, or the site's root (who sees every group). */
export function seesGroup(s: GroupStanding): boolean {
  return s.isSiteRoot || isGroupMember(s);
}

/** Group admin, or the site's root. */
export function managesGroup(s: GroupStanding): boolean {
  return s.isSiteRoot || isGroupAdmin(s);
}

/** The groups whose content the caller sees as a member (for lists that add a group's rows). */
export async function memberGroupIds(db: Db, uid: string): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('group_member')
    .innerJoin('group_info', 'group_info.id', 'group_member.gid')
    .select('group_member.gid')
    .where('group_member.uid', '=', uid)
    .where('group_member.auth', '>=', GroupRole.MEMBER)
    .where('group_info.status', '=', GroupStatus.NORMAL)
    .execute();
  return rows.map((r) => r.gid);
}
