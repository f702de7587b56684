import type { UserInfo } from '@/shared/api/types';
import { isAdminRoleList } from '@/shared/constants/roles';

/** Roles without HOJ's discussion_add (1004-1007) and without comment_add (1005, 1007). */
const NO_POSTING = ['no_discuss_user', 'mute_user', 'no_submit_no_discuss_user', 'no_submit_mute_user'];
const MUTED = ['mute_user', 'no_submit_mute_user'];

/**
 * What the viewer may do in the discussion area, as the server decides it (it checks every call
 * again, together with the accepted-problem threshold and the daily limit the screens cannot know).
 */
export interface DiscussionRights {
  uid: string | null;
  isAdmin: boolean;
  canPost: boolean;
  canComment: boolean;
}

export function discussionRights(user: UserInfo | null): DiscussionRights {
  const roles = user?.roleList ?? [];
  return {
    uid: user?.uid ?? null,
    isAdmin: isAdminRoleList(roles),
    canPost: !!user && !roles.some((r) => NO_POSTING.includes(r)),
    canComment: !!user && !roles.some((r) => MUTED.includes(r)),
  };
}

/** The author edits; the author and admin roles delete (HOJ's list and detail). */
export const mayEdit = (rights: DiscussionRights, uid: string) => rights.uid === uid || rights.isAdmin;

/** A discussion's page on the site (HOJ's /discussion-detail/:discussionID). */
export const detailPath = (did: number) => `/discussion-detail/${did}`;

/** A problem's discussions (HOJ's /discussion/:problemID), or the whole area. */
export const listPath = (pid?: string | null) =>
  pid ? `/discussion/${encodeURIComponent(pid)}` : '/discussion';

/** HOJ's client files a problem's new discussion under "[pid] title". */
export function titleWithProblem(title: string, pid: string | null | undefined): string {
  const trimmed = title.trim();
  if (!pid || trimmed.startsWith(`[${pid}]`)) return trimmed;
  return `[${pid}] ${trimmed}`;
}

/** Where a discussion's links go: the site's pages, or a group's (its discussions live inside it). */
export interface DiscussionPaths {
  detail(did: number): string;
  list(pid?: string | null): string;
  problem(pid: string): string;
}

export const SITE_PATHS: DiscussionPaths = {
  detail: detailPath,
  list: listPath,
  problem: (pid) => `/problem/${encodeURIComponent(pid)}`,
};

/** A group's discussion pages (HOJ's GroupDiscussionDetails, GroupProblemDiscussion). */
export function groupPaths(gid: number): DiscussionPaths {
  return {
    detail: (did) => `/group/${gid}/discussion-detail/${did}`,
    list: (pid) => (pid ? `/group/${gid}/discussion/${encodeURIComponent(pid)}` : `/group/${gid}/discussion`),
    problem: (pid) => `/group/${gid}/problem/${encodeURIComponent(pid)}`,
  };
}
