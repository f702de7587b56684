import { Role } from '../../shared/constants/roles';
import type { CurrentUser } from './auth/users';

/**
 * Permissions of spec §6 in one place. Roles 1000-1008; "admin" = root, admin or problem_admin.
 * Later issues add contest admin, group roles and the endpoint matrix test.
 */
const ADMIN_ROLES: readonly number[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];
const NO_SUBMIT_ROLES: readonly number[] = [Role.NO_SUBMIT, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTE];

export function isAdminUser(user: CurrentUser | null | undefined): boolean {
  return !!user && user.roleIds.some((r) => ADMIN_ROLES.includes(r));
}

export function isRootUser(user: CurrentUser | null | undefined): boolean {
  return !!user && user.roleIds.includes(Role.ROOT);
}

export function canSubmit(user: CurrentUser): boolean {
  return !user.roleIds.every((r) => NO_SUBMIT_ROLES.includes(r)) || isAdminUser(user);
}

/** Admins and root are exempt from the submit interval (issue 2). */
export function isExemptFromSubmitInterval(user: CurrentUser): boolean {
  return isAdminUser(user);
}

/** Who may read a non-contest submission's code: its owner, admins, or anyone when shared (spec §6). */
export function canSeeCode(
  user: CurrentUser | null,
  owner: string,
  shared: boolean,
  codeShare: boolean,
): boolean {
  if (user && (user.uid === owner || isAdminUser(user))) return true;
  return shared && codeShare;
}

/** Compiler and system error texts are for the owner and admins only. */
export function canSeeErrorMessage(user: CurrentUser | null, owner: string): boolean {
  return !!user && (user.uid === owner || isAdminUser(user));
}

/** Rejudge, manual judge and cancel (spec §6: super admin only; HOJ: role root + permission rejudge). */
export function canOperateJudge(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user);
}
