import { Role } from '../../shared/constants/roles';
import type { CurrentUser } from './auth/users';

/**
 * Who may do what, in one place (the table: docs/security.md, Roles and permissions). Roles
 * 1000-1008; "admin" = root, admin or problem_admin. Group roles come with groups.
 */
export const ADMIN_ROLES: readonly number[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];
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

/** Admins and root are exempt from the submit interval. */
export function isExemptFromSubmitInterval(user: CurrentUser): boolean {
  return isAdminUser(user);
}

/** Who may read a non-contest submission's code: its owner, admins, or anyone when shared. */
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

/** Rejudge, manual judge and cancel: root only (HOJ: role root + permission rejudge). */
export function canOperateJudge(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user);
}

/** HOJ's permissions (its auth table; who holds which: docs/security.md, Roles and permissions). */
export type Permission =
  | 'problem_admin'
  | 'submit'
  | 'contest_admin'
  | 'rejudge'
  | 'announcement_admin'
  | 'user_admin'
  | 'system_info_admin'
  | 'discussion_add'
  | 'discussion_del'
  | 'discussion_edit'
  | 'comment_add'
  | 'reply_add'
  | 'group_add'
  | 'group_del';

const ALL_PERMISSIONS: readonly Permission[] = [
  'problem_admin',
  'submit',
  'contest_admin',
  'rejudge',
  'announcement_admin',
  'user_admin',
  'system_info_admin',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
];
const ROOT_ONLY: readonly Permission[] = ['rejudge', 'announcement_admin', 'user_admin', 'system_info_admin'];
const DEFAULT_USER: readonly Permission[] = [
  'submit',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
];

/** Permissions per role id (HOJ's role_auth data). */
export const ROLE_PERMISSIONS: Readonly<Record<number, readonly Permission[]>> = {
  [Role.ROOT]: ALL_PERMISSIONS,
  [Role.ADMIN]: ALL_PERMISSIONS.filter((p) => !ROOT_ONLY.includes(p)),
  [Role.PROBLEM_ADMIN]: ALL_PERMISSIONS.filter((p) => !ROOT_ONLY.includes(p)),
  [Role.DEFAULT_USER]: DEFAULT_USER,
  [Role.NO_SUBMIT]: DEFAULT_USER.filter((p) => p !== 'submit' && !p.startsWith('group_')),
  [Role.NO_DISCUSS]: DEFAULT_USER.filter((p) => p !== 'discussion_add' && !p.startsWith('group_')),
  [Role.MUTE]: ['submit', 'discussion_del', 'discussion_edit'],
  [Role.NO_SUBMIT_NO_DISCUSS]: ['discussion_del', 'discussion_edit', 'comment_add', 'reply_add'],
  [Role.NO_SUBMIT_MUTE]: ['discussion_del', 'discussion_edit'],
};

export function hasPermission(user: CurrentUser | null | undefined, permission: Permission): boolean {
  return !!user && user.roleIds.some((r) => ROLE_PERMISSIONS[r]?.includes(permission));
}

/** Web config and site switches (HOJ: permission system_info_admin, held by root only). */
export function canAdminSite(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user) && hasPermission(user, 'system_info_admin');
}

/** Site announcements (HOJ: permission announcement_admin, held by root only; POST also role root). */
export function canAdminAnnouncements(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user) && hasPermission(user, 'announcement_admin');
}

/** Sharing a submission's code: its owner; admins too (HOJ: owner only). */
export function canShareCode(user: CurrentUser, owner: string): boolean {
  return user.uid === owner || isAdminUser(user);
}

/** Downloading a submission's first failing case: its owner, and admins. */
export function canDownloadWrongCase(user: CurrentUser, owner: string): boolean {
  return user.uid === owner || isAdminUser(user);
}

/** The author search of the submission list: admin roles only. */
export function canSearchSubmissionAuthor(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/** The admin pages of contests (HOJ's /api/admin prefix): root, admin and problem_admin. */
export function canOpenContestAdmin(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/**
 * The caller's standing in the group that owns a contest or training, read fresh from the database
 * where the row is loaded for that caller (services/groups/contests-access.ts): a member who is
 * removed or demoted loses what it gave with the next request.
 */
export interface GroupViewer {
  /** the caller it was read for (null: a visitor) */
  uid: string | null;
  /** the group exists and is not banned (for the site's root, a banned group's content too) */
  open: boolean;
  /** sees the group's content: a member (group role 3-5), the group's owner, or the site's root */
  member: boolean;
  /** administers this contest or training: the site's root, a group root (role 5) or the owner, or its author while a group admin (4-5) */
  admin: boolean;
}

/** A contest or training: its author's account, its group and, for a group's, the caller's standing there. */
export interface GroupOwned {
  uid: string;
  gid?: number | null;
  groupViewer?: GroupViewer | undefined;
}

function groupAdminOf(user: CurrentUser, row: GroupOwned): boolean {
  return !!row.groupViewer && row.groupViewer.uid === user.uid && row.groupViewer.admin;
}

/**
 * Contest admin: the contest's author or root. Site admins and problem admins are not admins of
 * other people's contests. A group's contest: root, a group root (the spec's "group contest auth
 * of 5") and its author while a group admin, as read where the contest was loaded for this caller.
 */
export function isContestAdmin(user: CurrentUser | null | undefined, contest: GroupOwned): boolean {
  if (!user) return false;
  if (isRootUser(user)) return true;
  if (contest.gid != null) return groupAdminOf(user, contest);
  return user.uid === contest.uid;
}

/** Deleting a contest: root only (HOJ). */
export function canDeleteContest(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user);
}

/** Changing who sees a problem (HOJ change-problem-auth): root, admin and problem admin. */
export function canChangeProblemAuth(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/**
 * Making a problem public: root and problem admins only (HOJ: an ordinary admin may hide a problem
 * or keep it for contests, never publish one).
 */
/** The admin console's problem pages: admin roles (HOJ's rule). */
export function canManageProblems(user: CurrentUser | null | undefined): boolean {
  return isAdminUser(user);
}

/** Read or change one problem in the console: root, problem admins, or an admin who wrote it. */
export function canEditProblem(user: CurrentUser | null | undefined, author: string): boolean {
  return canPublishProblem(user) || (isAdminUser(user) && user?.username === author);
}

/** Delete a problem: root and problem admins. */
export function canDeleteProblem(user: CurrentUser | null | undefined): boolean {
  return canPublishProblem(user);
}

export function canPublishProblem(user: CurrentUser | null | undefined): boolean {
  return !!user && (isRootUser(user) || user.roleIds.includes(Role.PROBLEM_ADMIN));
}

/**
 * The admin console's user pages (docs/security.md, Users in the admin console): root and admins.
 * Problem admins look after problems only.
 */
export function canAdministerUsers(user: CurrentUser | null | undefined): boolean {
  return !!user && (isRootUser(user) || user.roleIds.includes(Role.ADMIN));
}

/**
 * Edit or delete one account: root any; an admin their own and those holding no admin role
 * (root, admin, problem admin accounts stay root's business).
 */
export function canManageAccount(
  user: CurrentUser | null | undefined,
  target: { uid: string; roleIds: readonly number[] },
): boolean {
  if (!user || !canAdministerUsers(user)) return false;
  if (isRootUser(user)) return true;
  return target.uid === user.uid || !target.roleIds.some((r) => ADMIN_ROLES.includes(r));
}

/** Give an account this role: root any; an admin never an admin role (1000, 1001, 1008). */
export function canGrantRole(user: CurrentUser | null | undefined, roleId: number): boolean {
  if (!user || !canAdministerUsers(user)) return false;
  return isRootUser(user) || !ADMIN_ROLES.includes(roleId);
}

/** The admin dashboard (HOJ: roles root and admin): site counts, the queue, the latest logins. */
export function canSeeDashboard(user: CurrentUser | null | undefined): boolean {
  return !!user && (isRootUser(user) || user.roleIds.includes(Role.ADMIN));
}

/**
 * Changing one training (its settings, visibility and problems) and entering it without a
 * password: root, or its creator while they hold an admin role (HOJ: root or the author, behind
 * the admin roles' gate).
 */
export function canManageTraining(user: CurrentUser | null | undefined, training: GroupOwned): boolean {
  if (!user) return false;
  if (isRootUser(user)) return true;
  // a group's training: as a group's contest (isContestAdmin), no site role needed
  if (training.gid != null) return groupAdminOf(user, training);
  return isAdminUser(user) && user.uid === training.uid;
}

/** Training categories: root and problem admins (HOJ's AdminTrainingCategoryController). */
export function canAdminTrainingCategories(user: CurrentUser | null | undefined): boolean {
  return !!user && (isRootUser(user) || user.roleIds.includes(Role.PROBLEM_ADMIN));
}

/** Deleting a training: root only (HOJ). */
export function canDeleteTraining(user: CurrentUser | null | undefined): boolean {
  return isRootUser(user);
}
