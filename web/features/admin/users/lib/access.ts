import type { AdminUser } from '@/shared/api/user-admin-types';
import { isRootRoleList } from '@/shared/constants/roles';
import { ADMIN_ROLE_IDS, holdsAdminRole } from './roles';

/**
 * What the user pages offer the signed-in admin on each account, as the server decides
 * (docs/security.md, Users in the admin console); the server checks every call again. Reasons are
 * the server's own message keys, so a greyed-out control says what a refusal would.
 */
export interface Caller {
  uid: string;
  roles: readonly string[];
}

export interface RowAccess {
  edit: boolean;
  delete: boolean;
  /** why something is greyed out (a locale key), when it is */
  reason?: string;
}

/** Root any account; an admin their own and accounts holding no admin role; nobody deletes themselves. */
export function rowAccess(caller: Caller, target: Pick<AdminUser, 'uid' | 'roles'>): RowAccess {
  const self = caller.uid === target.uid;
  if (!isRootRoleList(caller.roles) && !self && holdsAdminRole(target.roles))
    return { edit: false, delete: false, reason: 'userAdmin.protectedAccount' };
  if (self) return { edit: true, delete: false, reason: 'userAdmin.cannotDeleteSelf' };
  return { edit: true, delete: true };
}

/** Giving an account root, admin or problem admin is root's alone. */
export function mayGrantRole(callerRoles: readonly string[], roleId: number): boolean {
  return isRootRoleList(callerRoles) || !ADMIN_ROLE_IDS.includes(roleId);
}
