import { type GroupRoleValue, GroupStatus } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { forbidden, notFound, unauthorized } from '../errors';
import { type GroupAccess, isGroupAdmin, isGroupMember, isGroupRoot, loadGroupAccess } from './membership';

export { type GroupAccess, loadGroupAccess } from './membership';

/**
 * What a caller may do with a group's problems and submissions (docs/architecture.md, Group
 * problems and judging). Read fresh from the database on every call, like membership.ts: a member
 * who is removed loses the group's problems, its submissions and its status list with the next
 * request, on every replica.
 *
 * A banned group (status 1) exists for the site's root alone (HOJ: "the group does not exist or is
 * banned" for everyone else, members included).
 */
/** A member of the (existing, unbanned) group, or the site's root: sees its problems and status list. */
export function seesGroupProblems(a: GroupAccess): boolean {
  return a.open && (a.standing.isSiteRoot || isGroupMember(a.standing));
}

/** A group admin (role 4-5 or the owner), or the site's root: sees every problem of the group. */
export function managesGroupProblems(a: GroupAccess): boolean {
  return a.open && (a.standing.isSiteRoot || isGroupAdmin(a.standing));
}

/** A group root (role 5 or the owner), or the site's root (HOJ's rule for other people's problems and code). */
export function rootsGroupProblems(a: GroupAccess): boolean {
  return a.open && (a.standing.isSiteRoot || isGroupRoot(a.standing));
}

/** 401 for a visitor (HOJ asks for a login first); 404 for a group that does not exist (or is banned, to all but root). */
function assertGroupKnown(a: GroupAccess, user: CurrentUser | null | undefined): void {
  if (!user) throw unauthorized();
  if (!a.open) throw notFound('groupProblem.groupNotFound');
}

/** The group's members (and root): the list of its problems, its status list. */
export async function requireGroupMember(
  db: Db,
  gid: number,
  user: CurrentUser | null | undefined,
): Promise<GroupAccess> {
  const access = await loadGroupAccess(db, gid, user);
  assertGroupKnown(access, user);
  if (!seesGroupProblems(access)) throw forbidden('groupProblem.membersOnly');
  return access;
}

/** The group's admins (and root): creating problems, the admin list, tags, checker compiles, uploads. */
export async function requireGroupAdmin(
  db: Db,
  gid: number,
  user: CurrentUser | null | undefined,
): Promise<GroupAccess> {
  const access = await loadGroupAccess(db, gid, user);
  assertGroupKnown(access, user);
  if (!managesGroupProblems(access)) throw forbidden('groupProblem.adminsOnly');
  return access;
}

/**
 * Which groups' content a caller sees and manages, for checks over many rows at once (the
 * submission poll): the same rules as loadGroupAccess, with one query per table for all the
 * groups asked about.
 */
export interface GroupSight {
  sees(gid: number): boolean;
  manages(gid: number): boolean;
  roots(gid: number): boolean;
}

export const NO_GROUP_SIGHT: GroupSight = {
  sees: () => false,
  manages: () => false,
  roots: () => false,
};

export async function loadGroupSight(
  db: Db,
  user: CurrentUser | null | undefined,
  gids: readonly number[],
): Promise<GroupSight> {
  const wanted = [...new Set(gids)];
  if (!user || wanted.length === 0) return NO_GROUP_SIGHT;
  const [groups, members] = await Promise.all([
    db.kysely.selectFrom('group_info').select(['id', 'status', 'uid']).where('id', 'in', wanted).execute(),
    db.kysely
      .selectFrom('group_member')
      .select(['gid', 'auth'])
      .where('uid', '=', user.uid)
      .where('gid', 'in', wanted)
      .execute(),
  ]);
  const siteRoot = isRootUser(user);
  const roles = new Map(members.map((m) => [m.gid, m.auth as GroupRoleValue]));
  const access = new Map<number, GroupAccess>();
  for (const g of groups) {
    access.set(g.id, {
      gid: g.id,
      open: g.status === GroupStatus.NORMAL || siteRoot,
      standing: { role: roles.get(g.id) ?? 0, isOwner: g.uid === user.uid, isSiteRoot: siteRoot },
    });
  }
  const test = (check: (a: GroupAccess) => boolean) => (gid: number) => {
    const a = access.get(gid);
    return !!a && check(a);
  };
  return {
    sees: test(seesGroupProblems),
    manages: test(managesGroupProblems),
    roots: test(rootsGroupProblems),
  };
}

/**
 * Who may change one of a group's problems, read its checker and cases, or delete it (HOJ's
 * GroupProblemManager): the group's roots, the site's root, and its author while they are still an
 * admin of the group (HOJ lets the author in without asking; here a demoted or removed author
 * loses it, like every other group right).
 */
export async function groupProblemEditorAccess(
  db: Db,
  problem: { gid: number | null; author: string },
  user: CurrentUser | null | undefined,
): Promise<GroupAccess | null> {
  if (problem.gid === null || !user) return null;
  const access = await loadGroupAccess(db, problem.gid, user);
  if (rootsGroupProblems(access)) return access;
  if (managesGroupProblems(access) && problem.author === user.username) return access;
  return null;
}
