import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupAdminEndpoints } from '@/shared/api/group-endpoints';
import type { AdminGroupListQuery } from '@/shared/schemas/groups';
import { api, apiClient } from '@/web/lib/api';

/** Root's group calls (the console's Groups screen). */
const groupAdminApi = createGroupAdminEndpoints(apiClient);

const keys = {
  all: ['admin', 'groups'] as const,
  list: (query: AdminGroupListQuery) => ['admin', 'groups', query] as const,
};

export function useAdminGroupList(query: AdminGroupListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => groupAdminApi.adminGetGroupList(query),
    placeholderData: keepPreviousData,
  });
}

/** Ban (status 1) or unban (0) a group, delete one; the list and the site's group pages are read again. */
export function useAdminGroupActions() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: keys.all });
    void client.invalidateQueries({ queryKey: ['groups'] });
  };
  return {
    status: useMutation({
      mutationFn: ({ gid, status }: { gid: number; status: number }) =>
        groupAdminApi.adminChangeGroupStatus(gid, status),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: groupAdminApi.adminDeleteGroup, onSuccess: refresh }),
  };
}

/** The console's filter of the requests to publish a group's problem (progress 1-3; none: all). */
export interface GroupProblemRequestQuery {
  currentPage: number;
  keyword?: string;
  gid?: number;
  progress?: number;
}

export const GROUP_PROBLEM_REQUEST_PAGE_SIZE = 10;

/** Requests to publish a group's problem (root and problem admins). */
export function useGroupProblemRequests(query: GroupProblemRequestQuery) {
  return useQuery({
    queryKey: ['admin', 'group-problems', query],
    queryFn: () => api.adminGetGroupApplyProblemList({ ...query, limit: GROUP_PROBLEM_REQUEST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The groups of the requests' group filter (the first page the server gives: up to 300): root reads
 * every group, a problem admin the site's group list (the console's group list is root's).
 */
export function useGroupChoices(root: boolean) {
  return useQuery({
    queryKey: ['admin', 'groups', 'choices', root],
    queryFn: async () => {
      const query = { currentPage: 1, limit: 300 };
      const page = root ? await groupAdminApi.adminGetGroupList(query) : await api.getGroupList(query);
      return page.records.map((g) => ({ id: g.id, name: g.name }));
    },
    staleTime: 60_000,
  });
}

/**
 * Agree (2) or refuse (3) a request: the requests are read again, and so are the site's problem lists
 * (an agreed problem joins them) and the group's pages.
 */
export function useAnswerGroupProblemRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { pid: number; progress: number }) => api.adminChangeGroupProblemApplyProgress(body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'group-problems'] });
      void client.invalidateQueries({ queryKey: ['problems'] });
      void client.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
