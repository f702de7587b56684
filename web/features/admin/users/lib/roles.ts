import { Role, type RoleId } from '@/shared/constants/roles';

/** The roles of the user pages, strongest first, each with its locale key (`admin.user.role.*`). */
export const ROLE_ORDER: readonly RoleId[] = [
  Role.ROOT,
  Role.ADMIN,
  Role.PROBLEM_ADMIN,
  Role.DEFAULT_USER,
  Role.NO_SUBMIT,
  Role.NO_DISCUSS,
  Role.MUTE,
  Role.NO_SUBMIT_NO_DISCUSS,
  Role.NO_SUBMIT_MUTE,
];

/** Root, admin and problem admin: the roles that open the console. */
export const ADMIN_ROLE_IDS: readonly number[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];

export const roleLabelKey = (id: number) => `admin.user.role.${id}`;

/** The role a user's row and the edit dialog show: the strongest they hold (HOJ gives one each). */
export function mainRole(roles: readonly { id: number }[]): RoleId | null {
  const held = new Set(roles.map((r) => r.id));
  return ROLE_ORDER.find((id) => held.has(id)) ?? null;
}

export function holdsAdminRole(roles: readonly { id: number }[]): boolean {
  return roles.some((r) => ADMIN_ROLE_IDS.includes(r.id));
}
