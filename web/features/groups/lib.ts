import './group-messages';
import { GroupAuth, GroupRole } from '@/shared/constants/groups';

/** The tabs of a group (HOJ's GroupDetails children, at HOJ's paths). */
export type GroupTab =
  | 'intro'
  | 'announcement'
  | 'problem'
  | 'training'
  | 'contest'
  | 'status'
  | 'discussion'
  | 'rank'
  | 'member'
  | 'setting';

/** Paths of the group screens (HOJ's). */
export const groupPath = (gid: number, tab: GroupTab = 'intro') =>
  tab === 'intro' ? `/group/${gid}` : `/group/${gid}/${tab}`;
export const groupProblemPath = (gid: number, problemId: string) =>
  `/group/${gid}/problem/${encodeURIComponent(problemId)}`;
export const groupSubmissionPath = (gid: number, submitId: number) =>
  `/group/${gid}/submission-detail/${submitId}`;
export const groupDiscussionPath = (gid: number, did: number) => `/group/${gid}/discussion-detail/${did}`;
/** The console's editors mounted in the group (web/app/router.tsx): a problem by its numeric id. */
export const groupProblemEditPath = (gid: number, pid: number) => `/group/${gid}/problem/${pid}/edit`;
export const groupTrainingEditPath = (gid: number, tid: number, screen: 'edit' | 'problems') =>
  `/group/${gid}/training/${tid}/${screen}`;
export const groupContestEditPath = (gid: number, cid: number, screen: 'edit' | 'problem' | 'announcement') =>
  `/group/${gid}/contest/${cid}/${screen}`;
export const groupProblemDiscussionPath = (gid: number, pid?: string | null) =>
  pid ? `/group/${gid}/discussion/${encodeURIComponent(pid)}` : `/group/${gid}/discussion`;

/** The group id of a route parameter, or 0 when it is not a positive whole number. */
export function readGroupId(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export const AUTH_KEYS = [GroupAuth.PUBLIC, GroupAuth.PROTECTED, GroupAuth.PRIVATE] as const;

/** Locale keys of the access types (HOJ's Group_Public, Group_Protected, Group_Private) and their tips. */
export const AUTH_LABEL: Record<number, string> = {
  [GroupAuth.PUBLIC]: 'web.group.auth.public',
  [GroupAuth.PROTECTED]: 'web.group.auth.protected',
  [GroupAuth.PRIVATE]: 'web.group.auth.private',
};
export const AUTH_TIP: Record<number, string> = {
  [GroupAuth.PUBLIC]: 'web.group.auth.publicTip',
  [GroupAuth.PROTECTED]: 'web.group.auth.protectedTip',
  [GroupAuth.PRIVATE]: 'web.group.auth.privateTip',
};

/** Locale keys of the member roles (HOJ's Applying, Refused, General_Member, Group_Admin, Group_Root). */
export const ROLE_LABEL: Record<number, string> = {
  [GroupRole.APPLICANT]: 'web.group.role.applicant',
  [GroupRole.REFUSED]: 'web.group.role.refused',
  [GroupRole.MEMBER]: 'web.group.role.member',
  [GroupRole.ADMIN]: 'web.group.role.admin',
  [GroupRole.ROOT]: 'web.group.role.root',
};

/**
 * The caller's standing as the screens use it (HOJ's store getters): the owner is a group root,
 * the site's root is above every group. The server checks every call again.
 */
export interface GroupStanding {
  /** the caller's group_member.auth, 0 without a row or for visitors */
  role: number;
  isOwner: boolean;
  isSiteRoot: boolean;
  member: boolean;
  admin: boolean;
  root: boolean;
}

/**
 * Who changes one problem, training or contest of the group (HOJ): its roots (the site's root among
 * them) and the author while a group admin. Other group admins see it listed but may not change it.
 */
export function mayEdit(standing: GroupStanding, author: string | null | undefined, username: string | null) {
  return standing.root || (standing.admin && !!username && author === username);
}

export function standingOf(role: number, isOwner: boolean, isSiteRoot: boolean): GroupStanding {
  const root = isOwner || isSiteRoot || role === GroupRole.ROOT;
  const admin = root || role === GroupRole.ADMIN;
  return { role, isOwner, isSiteRoot, root, admin, member: admin || role === GroupRole.MEMBER };
}
