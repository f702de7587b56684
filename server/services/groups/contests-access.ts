import { GroupRole } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import type { GroupViewer } from '../authz';
import { type AppError, forbidden, notFound, unauthorized } from '../errors';
import { isGroupAdmin, isGroupRoot, loadGroupAccess, managesGroup, seesGroup } from './membership';

/**
 * Who may see and administer a group's contests and trainings (docs/architecture.md, Group
 * trainings and contests), read from the database on every call (no cache), so a member who is
 * removed or demoted loses access with the next request, on every replica.
 *
 * HOJ's ContestValidator and TrainingValidator: a group's content is for its members (and the
 * site's root); its admins are the site's root, the group's roots (role 5, and the owner) and the
 * author. Verdict asks the author to still be a group admin (role 4-5): an author demoted or
 * removed no longer manages what they made.
 */
export async function readGroupViewer(
  db: Db,
  gid: number,
  user: CurrentUser | null,
  authorUid: string,
): Promise<GroupViewer> {
  const { standing, open } = await loadGroupAccess(db, gid, user);
  const author = !!user && user.uid === authorUid;
  return {
    uid: user?.uid ?? null,
    open,
    member: open && seesGroup(standing),
    admin: open && (standing.isSiteRoot || isGroupRoot(standing) || (author && isGroupAdmin(standing))),
  };
}

/** The row with the caller's group standing attached, when it belongs to a group. */
export async function withGroupViewer<T extends { uid: string; gid: number | null }>(
  db: Db,
  user: CurrentUser | null,
  row: T,
): Promise<T & { groupViewer?: GroupViewer }> {
  if (row.gid === null) return row;
  return Object.assign(row, { groupViewer: await readGroupViewer(db, row.gid, user, row.uid) });
}

/**
 * Why a caller may not see a group's contest or training, or null when they may: a missing or
 * banned group hides it (404), a visitor is asked to log in (401), anyone else who is not a
 * member is refused (403) with the given message.
 */
export function groupContentRefusal(
  row: { gid: number | null; groupViewer?: GroupViewer | undefined },
  user: CurrentUser | null,
  missingKey: string,
  membersOnlyKey: string,
): AppError | null {
  if (row.gid === null) return null;
  const viewer = row.groupViewer;
  if (!viewer?.open) return notFound(missingKey);
  if (!user) return unauthorized();
  if (viewer.uid !== user.uid || !viewer.member) return forbidden(membersOnlyKey);
  return null;
}

/** The caller's standing in the group, and whether the group is there for them (exists; not banned, unless site root). */

/**
 * The group calls that name a group (its lists, creating a training or contest in it): 404 for a
 * missing or banned group, then 403 unless the caller is a member (`member`) or a group admin
 * (`admin`, role 4-5 or the owner); the site's root passes both (HOJ's group managers).
 */
export async function assertGroupRole(
  db: Db,
  gid: number,
  user: CurrentUser,
  need: 'member' | 'admin',
): Promise<void> {
  const { standing, open } = await loadGroupAccess(db, gid, user);
  if (!open) throw notFound('groupContent.groupNotFound');
  if (need === 'admin' ? !managesGroup(standing) : !seesGroup(standing)) {
    throw forbidden(need === 'admin' ? 'groupContent.adminsOnly' : 'groupContent.membersOnly');
  }
}

/** The group's roots: its owner and the members of role 5 (HOJ leaves them off a group contest's board). */
export async function groupRootUids(db: Db, gid: number): Promise<string[]> {
  const [group, roots] = await Promise.all([
    db.kysely.selectFrom('group_info').select('uid').where('id', '=', gid).executeTakeFirst(),
    db.kysely
      .selectFrom('group_member')
      .select('uid')
      .where('gid', '=', gid)
      .where('auth', '=', GroupRole.ROOT)
      .execute(),
  ]);
  return [...(group ? [group.uid] : []), ...roots.map((r) => r.uid)];
}
