/** HOJ GET /api/admin/user/get-user-list: a page of accounts with their roles, newest first. */
import type { Page } from '../../../../shared/api/types';
import type { AdminUser } from '../../../../shared/api/user-admin-types';
import { ROLE_NAMES, Role, type RoleId } from '../../../../shared/constants/roles';
import type { Db } from '../../../db/database';
import { containsText } from '../../../db/like';
import type { UserInfoTable } from '../../../db/schema';
import type { CurrentUser } from '../../auth/users';
import { pageRequest, toPage } from '../../paging';
import { assertCanAdministerUsers } from './access';

const ADMIN_ROLE_IDS: number[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];

export async function listUsers(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number; limit?: number; keyword?: string; role?: number; onlyAdmin?: boolean },
): Promise<Page<AdminUser>> {
  assertCanAdministerUsers(user);
  const req = pageRequest(query.currentPage, query.limit, 10);
  let q = db.kysely.selectFrom('user_info');
  const keyword = query.keyword;
  if (keyword)
    q = q.where((eb) => eb.or(['username', 'realname', 'email'].map((c) => containsText(c, keyword))));
  const roles = query.role !== undefined ? [query.role] : query.onlyAdmin ? ADMIN_ROLE_IDS : null;
  if (roles)
    q = q.where('uuid', 'in', (eb) =>
      eb.selectFrom('user_role').select('user_role.uid').where('user_role.role_id', 'in', roles),
    );
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('gmt_create', 'desc')
      .orderBy('username')
      .limit(req.size)
      .offset(req.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const roleRows =
    rows.length === 0
      ? []
      : await db.kysely
          .selectFrom('user_role')
          .select(['uid', 'role_id'])
          .where(
            'uid',
            'in',
            rows.map((r) => r.uuid),
          )
          .orderBy('role_id')
          .execute();
  const rolesOf = new Map<string, number[]>();
  for (const r of roleRows) rolesOf.set(r.uid, [...(rolesOf.get(r.uid) ?? []), r.role_id]);
  return toPage(
    rows.map((r) => toAdminUser(r, rolesOf.get(r.uuid) ?? [])),
    Number(count.n),
    req,
  );
}

function toAdminUser(row: UserInfoTable, roleIds: readonly number[]): AdminUser {
  return {
    uid: row.uuid,
    username: row.username,
    realname: row.realname,
    email: row.email,
    nickname: row.nickname,
    school: row.school,
    gender: row.gender,
    avatar: row.avatar,
    titleName: row.title_name,
    titleColor: row.title_color,
    status: row.status,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
    // HOJ's screen shows the first role as the user's type
    roles: roleIds.map((id) => ({ id, role: ROLE_NAMES[id as RoleId] ?? String(id) })),
  };
}
