import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupEndpoints } from '@/shared/api/group-endpoints';
import type {
  GroupListQuery,
  GroupMemberListQuery,
  GroupPageQuery,
  GroupRankQuery,
} from '@/shared/schemas/groups';
import { apiClient } from '@/web/lib/api';

/** The group calls on the app's one client; loaded with the group screens only. */
export const groupApi = createGroupEndpoints(apiClient);

/**
 * Query keys of the group screens. Everything about one group lives under `['groups', gid]`, so
 * joining, leaving or a member change reloads its detail, the caller's role and its lists at once;
 * the caller's uid is in the keys whose answers depend on who asks.
 */
export const groupKeys = {
  all: ['groups'] as const,
  list: (query: GroupListQuery, uid: string) => ['groups', 'list', query, uid] as const,
  group: (gid: number) => ['groups', gid] as const,
  detail: (gid: number, uid: string) => ['groups', gid, 'detail', uid] as const,
  role: (gid: number, uid: string) => ['groups', gid, 'role', uid] as const,
  access: (gid: number, uid: string) => ['groups', gid, 'access', uid] as const,
  members: (query: GroupMemberListQuery) => ['groups', query.gid, 'members', query] as const,
  applications: (query: GroupMemberListQuery) => ['groups', query.gid, 'applications', query] as const,
  announcements: (query: GroupPageQuery, manage: boolean) =>
    ['groups', query.gid, 'announcements', manage, query] as const,
  rank: (query: GroupRankQuery) => ['groups', query.gid, 'rank', query] as const,
};

export function useGroupList(query: GroupListQuery, uid: string) {
  return useQuery({
    queryKey: groupKeys.list(query, uid),
    queryFn: () => groupApi.getGroupList(query),
    placeholderData: keepPreviousData,
  });
}

export function useGroupDetail(gid: number, uid: string) {
  return useQuery({
    queryKey: groupKeys.detail(gid, uid),
    queryFn: () => groupApi.getGroupDetail(gid),
    enabled: gid > 0,
    retry: false,
  });
}

/** The caller's role in the group (none for visitors): 0 none, 1 applied, 2 refused, 3-5 member. */
export function useGroupRole(gid: number, uid: string | null) {
  return useQuery({
    queryKey: groupKeys.role(gid, uid ?? ''),
    queryFn: () => groupApi.getGroupAuth(gid),
    enabled: gid > 0 && !!uid,
    retry: false,
    meta: { silent: true },
  });
}

/** Whether the caller may see the group's content (none for visitors). */
export function useGroupAccess(gid: number, uid: string | null) {
  return useQuery({
    queryKey: groupKeys.access(gid, uid ?? ''),
    queryFn: () => groupApi.getGroupAccess(gid),
    enabled: gid > 0 && !!uid,
    retry: false,
    meta: { silent: true },
  });
}

export function useGroupMembers(query: GroupMemberListQuery, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.members(query),
    queryFn: () => groupApi.getGroupMemberList(query),
    enabled: enabled && query.gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Applicants and refused ones (a group admin's list, HOJ's get-apply-list). */
export function useGroupApplications(query: GroupMemberListQuery, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.applications(query),
    queryFn: () => groupApi.getGroupApplyList(query),
    enabled: enabled && query.gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The visible announcements, or every one of them for a group admin who manages them. */
export function useGroupAnnouncements(query: GroupPageQuery, manage: boolean, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.announcements(query, manage),
    queryFn: () =>
      manage ? groupApi.getGroupAdminAnnouncementList(query) : groupApi.getGroupAnnouncementList(query),
    enabled: enabled && query.gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useGroupRank(query: GroupRankQuery, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.rank(query),
    queryFn: () => groupApi.getGroupRank(query),
    enabled: enabled && query.gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Reloads everything about one group (after joining, leaving, a member or settings change). */
export function useRefreshGroup(gid: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: groupKeys.group(gid) });
}

/** Creating a group: the list is read again. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: groupApi.addGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
