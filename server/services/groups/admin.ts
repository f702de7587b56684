import type { AdminGroup } from '../../../shared/api/group-types';
import type { Page } from '../../../shared/api/types';
import { GROUP_LIMITS } from '../../../shared/constants/groups';
import type { AdminGroupListParams } from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { nowIso } from '../clock';
import { forbidden } from '../errors';
import { pageRequest, toPage } from '../paging';
import { loadGroupRow } from './access';
import { matchesGroupKeyword, memberCounts } from './queries';
import { toAdminGroup } from './vo';
import { removeGroup } from './write';

/**
 * The console's groups (root; HOJ has no such screen: its root bans a group by editing its row): every
 * group whatever its status or visibility, ban and unban, dissolve.
 */
function assertRoot(user: CurrentUser): void {
  if (!isRootUser(user)) throw forbidden();
}

/** GET /api/admin/group/get-group-list: newest first; `keyword` in the name, short name or owner. */
export async function adminListGroups(
  db: Db,
  user: CurrentUser,
  query: AdminGroupListParams,
): Promise<Page<AdminGroup>> {
  assertRoot(user);
  const req = pageRequest(query.currentPage, query.limit, GROUP_LIMITS.memberPageSize);
  let base = db.kysely.selectFrom('group_info as g');
  if (query.auth !== undefined) base = base.where('g.auth', '=', query.auth);
  if (query.status !== undefined) base = base.where('g.status', '=', query.status);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) => matchesGroupKeyword(eb, keyword));
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base.selectAll('g').orderBy('g.id', 'desc').limit(req.size).offset(req.offset).execute();
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => toAdminGroup(r, counts.get(r.id) ?? 0)),
    total,
    req,
  );
}

/**
 * PUT /api/admin/group/change-group-status: 1 bans the group (it is then missing for everyone but the
 * site's root, its members included), 0 restores it.
 */
export async function adminChangeGroupStatus(
  db: Db,
  user: CurrentUser,
  query: { gid: number; status: number },
): Promise<AdminGroup> {
  assertRoot(user);
  const group = await loadGroupRow(db, query.gid);
  const updated = await db.kysely
    .updateTable('group_info')
    .set({ status: query.status, gmt_modified: nowIso() })
    .where('id', '=', group.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const counts = await memberCounts(db, [group.id]);
  return toAdminGroup(updated, counts.get(group.id) ?? 0);
}

/** DELETE /api/admin/group: dissolves any group, banned ones too (as DELETE /api/group for root). */
export async function adminDeleteGroup(db: Db, user: CurrentUser, gid: number): Promise<void> {
  assertRoot(user);
  await removeGroup(db, await loadGroupRow(db, gid), user);
}
