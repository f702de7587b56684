import type { Selectable } from 'kysely';
import { GroupStatus } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import type { GroupInfoTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { forbidden, notFound, unauthorized } from '../errors';
import {
  type GroupStanding,
  groupStanding,
  isGroupMember,
  isGroupRoot,
  managesGroup,
  seesGroup,
} from './membership';

/**
 * Who reaches a group and its content (docs/architecture.md, Groups), in one place for the group,
 * member, announcement, discussion and rank calls. Read from the database on every call
 * (membership.ts), so a member who leaves or is removed loses the group with the next request.
 *
 * HOJ's order: a group that does not exist, or is banned (to everyone but the site's root), is a
 * 404; then the caller's standing decides (403).
 */
export type GroupRow = Selectable<GroupInfoTable>;

export interface GroupContext {
  group: GroupRow;
  standing: GroupStanding;
}

/** The group row, whatever its status (404 when there is none). */
export async function loadGroupRow(db: Db, gid: number): Promise<GroupRow> {
  const group = await db.kysely.selectFrom('group_info').selectAll().where('id', '=', gid).executeTakeFirst();
  if (!group) throw notFound('group.notFound');
  return group;
}

/** The group and the caller's standing in it; a banned group exists for the site's root alone. */
export async function loadGroup(
  db: Db,
  user: CurrentUser | null | undefined,
  gid: number,
): Promise<GroupContext> {
  const [group, standing] = await Promise.all([loadGroupRow(db, gid), groupStanding(db, gid, user)]);
  if (group.status === GroupStatus.BANNED && !standing.isSiteRoot) throw notFound('group.notFound');
  return { group, standing };
}

/**
 * HOJ's getGroup: a hidden group (visible 0) is shown to its members and the site's root only (403
 * for everyone else, with HOJ's words).
 */
export function assertGroupShown(ctx: GroupContext): void {
  if (!ctx.group.visible && !seesGroup(ctx.standing)) throw forbidden('group.notVisible');
}

/** The group, when the caller's standing passes `allowed` (401 for a visitor, 403 with `refusal` otherwise). */
async function requireStanding(
  db: Db,
  user: CurrentUser | null | undefined,
  gid: number,
  allowed: (s: GroupStanding) => boolean,
  refusal: string,
): Promise<GroupContext> {
  if (!user) throw unauthorized();
  const ctx = await loadGroup(db, user, gid);
  if (!allowed(ctx.standing)) throw forbidden(refusal);
  return ctx;
}

/** A member (3-5 or the owner), or the site's root: reads the group's content. */
export const requireMember = (db: Db, user: CurrentUser | null | undefined, gid: number) =>
  requireStanding(db, user, gid, seesGroup, 'group.membersOnly');

/** A group admin (4-5 or the owner), or the site's root: manages the group's members and content. */
export const requireAdmin = (db: Db, user: CurrentUser | null | undefined, gid: number) =>
  requireStanding(db, user, gid, managesGroup, 'group.adminsOnly');

/** A group root (5 or the owner), or the site's root: edits the group itself. */
export const requireGroupRoot = (db: Db, user: CurrentUser | null | undefined, gid: number) =>
  requireStanding(db, user, gid, (s) => s.isSiteRoot || isGroupRoot(s), 'group.rootsOnly');

/**
 * A caller's rank for who may change whom: the owner stands above every role (6), others at their
 * role (a member row of 3-5; 0-2 below membership). The site's root is handled apart.
 */
export function rankOf(s: GroupStanding): number {
  if (s.isOwner) return 6;
  return isGroupMember(s) ? s.role : 0;
}
