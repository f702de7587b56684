/**
 * Who may use the user pages of the admin console and how often (docs/security.md, Users in the
 * admin console), and the accounts they act on, with their roles.
 */
import { Role } from '../../../../shared/constants/roles';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { canAdministerUsers } from '../../authz';
import { AppError, forbidden } from '../../errors';
import { countRequest, type Quota } from '../../site/rate-window';

export function assertCanAdministerUsers(user: CurrentUser): void {
  if (!canAdministerUsers(user)) throw forbidden('userAdmin.noPermission');
}

/**
 * Counts one use of `action` by this admin and refuses (429, with the minutes to wait) past the
 * quota. Kept in the database, so API replicas share the count.
 */
export async function takeQuota(db: Db, action: string, user: CurrentUser, quota: Quota): Promise<void> {
  const { count, resetSeconds } = await countRequest(
    db,
    `user-admin-${action}:${user.uid}`,
    quota.windowSeconds,
  );
  if (count > quota.max) {
    const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
    throw new AppError(429, 'userAdmin.tooMany', { minutes }, { seconds: resetSeconds });
  }
}

export interface TargetAccount {
  uid: string;
  username: string;
  status: number;
  roleIds: number[];
}

/** The accounts with these uids that exist, with their roles. */
export async function loadAccounts(db: Db, uids: readonly string[]): Promise<TargetAccount[]> {
  if (uids.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('user_info')
    .leftJoin('user_role', 'user_role.uid', 'user_info.uuid')
    .select(['user_info.uuid', 'user_info.username', 'user_info.status', 'user_role.role_id'])
    .where('user_info.uuid', 'in', [...uids])
    .execute();
  const byUid = new Map<string, TargetAccount>();
  for (const r of rows) {
    const account = byUid.get(r.uuid) ?? { uid: r.uuid, username: r.username, status: r.status, roleIds: [] };
    if (r.role_id !== null) account.roleIds.push(r.role_id);
    byUid.set(r.uuid, account);
  }
  return [...byUid.values()];
}

export const isRootAccount = (account: { roleIds: readonly number[] }) => account.roleIds.includes(Role.ROOT);

/**
 * How many root accounts that may still log in (not banned) remain outside `leaving`. Takes a
 * transaction: on PostgreSQL the root rows are locked, so two roots removing each other at once
 * cannot both succeed (SQLite runs one writing transaction at a time anyway).
 */
export async function activeRootsOutside(
  executor: Db['kysely'],
  dialect: Db['dialect'],
  leaving: readonly string[],
): Promise<number> {
  let q = executor
    .selectFrom('user_role')
    .innerJoin('user_info', 'user_info.uuid', 'user_role.uid')
    .select('user_role.uid')
    .where('user_role.role_id', '=', Role.ROOT)
    .where('user_info.status', '=', 0);
  if (leaving.length > 0) q = q.where('user_role.uid', 'not in', [...leaving]);
  if (dialect === 'postgres') q = q.forUpdate();
  return (await q.execute()).length;
}
