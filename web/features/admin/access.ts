import { isAdminRoleList, isRootRoleList } from '@/shared/constants/roles';

/**
 * What the console offers each admin role; the server checks every call again
 * (docs/security.md, Problems in the admin console).
 */

/** Root and problem admins publish problems; an ordinary admin may only hide them or keep them for contests. */
export function canPublishProblems(roles: readonly string[]): boolean {
  return isRootRoleList(roles) || roles.includes('problem_admin');
}

/** Deleting takes a problem's submissions with it: root and problem admins only. */
export function canDeleteProblems(roles: readonly string[]): boolean {
  return canPublishProblems(roles);
}

/**
 * Who may open a screen family of the console, as the server decides its calls
 * (docs/security.md): every admin role (problems, contests), root and admins (users), root and
 * problem admins (tags), root alone (site settings).
 */
export type ConsoleAudience = 'admins' | 'userAdmins' | 'tagAdmins' | 'root';

export function mayOpen(audience: ConsoleAudience, roles: readonly string[]): boolean {
  if (isRootRoleList(roles)) return true;
  if (audience === 'admins') return isAdminRoleList(roles);
  if (audience === 'userAdmins') return roles.includes('admin');
  if (audience === 'tagAdmins') return roles.includes('problem_admin');
  return false;
}
