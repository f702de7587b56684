import type { ExpressionBuilder } from 'kysely';
import type { GroupAccess, GroupDetail, GroupVO } from '../../../shared/api/group-types';
import type { Page } from '../../../shared/api/types';
import { GROUP_LIMITS, GroupRole, GroupStatus } from '../../../shared/constants/groups';
import type { GroupListParams } from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { Database, GroupInfoTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { pageRequest, toPage } from '../paging';
import { assertGroupShown, loadGroup } from './access';
import { groupStanding, isGroupRoot, seesGroup } from './membership';
import { toGroupDetail, toGroupVO } from './vo';

/** The caller is a member (3-5) of the group row `g` in the query. */
export const memberOf = (eb: ExpressionBuilder<Database & { g: GroupInfoTable }, 'g'>, uid: string) =>
  eb.exists(
    eb
      .selectFrom('group_member as gm')
      .select('gm.id')
      .whereRef('gm.gid', '=', 'g.id')
      .where('gm.uid', '=', uid)
      .where('gm.auth', '>=', GroupRole.MEMBER),
  );

/** Members (3-5) per group, for the list's memberCount. */
/** The lists' search (the site's and the console's): name, short name or owner contains the keyword. */
export function matchesGroupKeyword(
  eb: ExpressionBuilder<Database & { g: GroupInfoTable }, 'g'>,
  keyword: string,
) {
  return eb.or([
    containsText('g.name', keyword),
    containsText('g.short_name', keyword),
    containsText('g.owner', keyword),
  ]);
}

export async function memberCounts(db: Db, gids: number[]): Promise<Map<number, number>> {
  if (gids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('group_member')
    .select((eb) => ['gid', eb.fn.countAll<number>().as('n')])
    .where('gid', 'in', gids)
    .where('auth', '>=', GroupRole.MEMBER)
    .groupBy('gid')
    .execute();
  return new Map(rows.map((r) => [r.gid, Number(r.n)]));
}

/**
 * GET /api/get-group-list (HOJ's GroupMapper): groups that are not banned, by id. Everyone but the
 * site's root sees the visible ones and the hidden ones they belong to; `onlyMine` keeps the
 * caller's groups (none for a visitor); `auth` one access type; `keyword` in the name, short name or
 * owner.
 */
export async function listGroups(
  db: Db,
  user: CurrentUser | null,
  query: GroupListParams,
): Promise<Page<GroupVO>> {
  const req = pageRequest(query.currentPage, query.limit, GROUP_LIMITS.pageSize);
  if (query.onlyMine && !user) return toPage([], 0, req);
  let base = db.kysely.selectFrom('group_info as g').where('g.status', '=', GroupStatus.NORMAL);
  if (!isRootUser(user)) {
    base = user
      ? base.where((eb) => eb.or([eb('g.visible', '=', 1), memberOf(eb, user.uid)]))
      : base.where('g.visible', '=', 1);
  }
  if (query.onlyMine && user) base = base.where((eb) => memberOf(eb, user.uid));
  if (query.auth !== undefined) base = base.where('g.auth', '=', query.auth);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) => matchesGroupKeyword(eb, keyword));
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base.selectAll('g').orderBy('g.id', 'asc').limit(req.size).offset(req.offset).execute();
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => toGroupVO(r, counts.get(r.id) ?? 0)),
    total,
    req,
  );
}

/**
 * GET /api/get-group-detail (HOJ getGroup): 404 for a missing or banned group (the site's root sees
 * banned ones), 403 for a hidden one unless the caller belongs to it; the invitation code only for
 * the group's roots and the site's root.
 */
export async function groupDetail(db: Db, user: CurrentUser | null, gid: number): Promise<GroupDetail> {
  const ctx = await loadGroup(db, user, gid);
  assertGroupShown(ctx);
  return toGroupDetail(ctx.group, ctx.standing.isSiteRoot || isGroupRoot(ctx.standing));
}

/**
 * GET /api/get-group-access (HOJ): whether the caller may enter the group's pages (a member, or the
 * site's root); a missing or banned group is a 404 (HOJ checks that for members only).
 */
export async function groupAccess(db: Db, user: CurrentUser, gid: number): Promise<GroupAccess> {
  const ctx = await loadGroup(db, user, gid);
  return { access: seesGroup(ctx.standing) };
}

/**
 * GET /api/get-group-auth (HOJ): the caller's role in the group (its member row: 1 applied, 2
 * refused, 3 member, 4 admin, 5 root), 0 without one.
 */
export async function groupAuth(db: Db, user: CurrentUser, gid: number): Promise<number> {
  return (await groupStanding(db, gid, user)).role;
}
