import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupAdminEndpoints } from '@/shared/api/group-endpoints';
import type { AdminGroupListQuery } from '@/shared/schemas/groups';
import { apiClient } from '@/web/lib/api';

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
