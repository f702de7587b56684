/** HOJ's role ids and names (what each may do: docs/security.md, Roles and permissions). */
export const Role = {
  ROOT: 1000,
  ADMIN: 1001,
  DEFAULT_USER: 1002,
  NO_SUBMIT: 1003,
  NO_DISCUSS: 1004,
  MUTE: 1005,
  NO_SUBMIT_NO_DISCUSS: 1006,
  NO_SUBMIT_MUTE: 1007,
  PROBLEM_ADMIN: 1008,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<RoleId, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'default_user',
  1003: 'no_subimit_user',
  1004: 'no_discuss_user',
  1005: 'mute_user',
  1006: 'no_submit_no_discuss_user',
  1007: 'no_submit_mute_user',
  1008: 'problem_admin',
};

export const ADMIN_ROLE_NAMES = ['root', 'admin', 'problem_admin'] as const;

export function isAdminRoleList(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLE_NAMES as readonly string[]).includes(r));
}
export function isRootRoleList(roles: readonly string[]): boolean {
  return roles.includes('root');
}
