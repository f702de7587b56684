import type { GroupMember } from '../../../shared/api/group-types';
import type { Page } from '../../../shared/api/types';
import { GROUP_LIMITS, GroupRole } from '../../../shared/constants/groups';
import type { GroupMemberListParams } from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { pageRequest, toPage } from '../paging';
import { requireAdmin, requireMember } from './access';
import { toGroupMember } from './vo';

/**
 * The member rows of a group with their usernames (HOJ's GroupMemberMapper), by role, then newest first.
 * `roles` limits the rows to some roles; `keyword` searches the username.
 */
async function pageOfRows(
  db: Db,
  gid: number,
  query: GroupMemberListParams,
  roles: readonly number[],
  withReason: boolean,
  /** roles in this order: roots first in the member list, waiting applications first in the apply list */
  roleOrder: 'asc' | 'desc',
): Promise<Page<GroupMember>> {
  const req = pageRequest(query.currentPage, query.limit, GROUP_LIMITS.memberPageSize);
  let base = db.kysely
    .selectFrom('group_member as gm')
    .innerJoin('user_info as u', 'u.uuid', 'gm.uid')
    .where('gm.gid', '=', gid)
    .where('gm.auth', 'in', [...roles]);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where(containsText('u.username', keyword));
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
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
    .orderBy('gm.auth', roleOrder)
    .orderBy('gm.gmt_create', 'desc')
    .orderBy('gm.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(
    rows.map((r) => toGroupMember(r, withReason)),
    total,
    req,
  );
}

const MEMBERS = [GroupRole.MEMBER, GroupRole.ADMIN, GroupRole.ROOT] as const;
const APPLICATIONS = [GroupRole.APPLICANT, GroupRole.REFUSED] as const;

/**
 * GET /api/group/get-member-list (HOJ): the group's members, admins and roots, for its members and
 * the site's root; `auth` one of those roles. Applications' reasons are not shown here.
 */
export async function listMembers(
  db: Db,
  user: CurrentUser,
  query: GroupMemberListParams,
): Promise<Page<GroupMember>> {
  await requireMember(db, user, query.gid);
  const roles = query.auth === undefined ? MEMBERS : MEMBERS.filter((r) => r === query.auth);
  return pageOfRows(db, query.gid, query, roles, false, 'desc');
}

/**
 * GET /api/group/get-apply-list (HOJ, group admins and the site's root): the applications (waiting
 * first, then refused) with their reasons; `auth` names one role to list instead (HOJ lists every
 * row unless told a role).
 */
export async function listApplications(
  db: Db,
  user: CurrentUser,
  query: GroupMemberListParams,
): Promise<Page<GroupMember>> {
  await requireAdmin(db, user, query.gid);
  const roles = query.auth === undefined ? APPLICATIONS : [query.auth];
  return pageOfRows(db, query.gid, query, roles, true, 'asc');
}
