import { DiscussionStatus } from '../../../shared/constants/discussions';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { forbidden, notFound } from '../errors';
import { loadSettings } from '../site/settings';
import { type GroupContext, requireMember } from './access';
import { groupStanding, managesGroup } from './membership';

/**
 * Who reads a group's discussions (docs/architecture.md, Groups): the discussion calls of the site
 * (detail, likes, reports, comments) ask here for a discussion with a `gid`, the group's own calls
 * too. Knows nothing of the discussion services, so they can import it.
 */

/**
 * HOJ's group discussion switch (web config openGroupDiscussion): off, group discussions answer 403
 * for everyone, the site's root too (HOJ's AccessValidator), except the group admins' list and
 * deletions, so a group can still clean up.
 */
export async function assertGroupDiscussionsOpen(db: Db): Promise<void> {
  if (!(await loadSettings(db)).web.openGroupDiscussion) throw forbidden('group.discussionClosed');
}

/** The switch, then the group's members and the site's root (HOJ's CommentManager and DiscussionManager). */
export async function requireGroupDiscussions(
  db: Db,
  user: CurrentUser | null | undefined,
  gid: number,
): Promise<GroupContext> {
  await assertGroupDiscussionsOpen(db);
  return requireMember(db, user, gid);
}

/**
 * May the caller read this group discussion? Its group's members and the site's root, then the
 * discussion rules within the group: its admins read every one; for others a blocked one is a 403
 * and one under review is its author's alone.
 * @returns whether the caller moderates it (a group admin or the site's root)
 */
export async function readGroupDiscussion(
  db: Db,
  user: CurrentUser | null | undefined,
  row: { gid: number; status: number; uid: string },
): Promise<boolean> {
  const { standing } = await requireGroupDiscussions(db, user, row.gid);
  if (managesGroup(standing)) return true;
  if (row.status === DiscussionStatus.BLOCKED) throw forbidden('discussion.blocked');
  if (row.status !== DiscussionStatus.VISIBLE && row.uid !== user?.uid) throw notFound('discussion.notFound');
  return false;
}

/** Where a group discussion is read on the site (HOJ's path). */
export const groupDiscussionUrl = (gid: number, did: number) => `/group/${gid}/discussion-detail/${did}`;

/**
 * Who moderates the comments of a discussion when it is a group's (deleting others' comments and
 * replies): the group's admins and the site's root (HOJ's CommentManager). null for a public one.
 */
export async function moderatesGroupDiscussion(
  db: Db,
  user: CurrentUser,
  did: number,
): Promise<boolean | null> {
  const row = await db.kysely.selectFrom('discussion').select('gid').where('id', '=', did).executeTakeFirst();
  if (!row || row.gid === null) return null;
  return managesGroup(await groupStanding(db, row.gid, user));
}
