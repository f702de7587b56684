import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupProblemEndpoints } from '@/shared/api/group-problem-endpoints';
import type { GroupProblemDtoForm } from '@/shared/schemas/group-problems';
import { apiClient } from '@/web/lib/api';

/** A group's problem calls on the app's one client (helper of the group screens only). */
export const groupProblemApi = createGroupProblemEndpoints(apiClient);

export const groupProblemKeys = {
  list: (gid: number, page: number, limit: number) => ['groups', gid, 'problems', page, limit] as const,
  admin: (gid: number, page: number, limit: number) =>
    ['groups', gid, 'admin-problems', page, limit] as const,
  one: (pid: number) => ['groups', 'problem', pid] as const,
};

/** The group's problems a member sees (public ones), with the caller's status on each. */
export function useGroupProblems(gid: number, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: groupProblemKeys.list(gid, page, limit),
    queryFn: () => groupProblemApi.getGroupProblemList({ gid, currentPage: page, limit }),
    enabled: enabled && gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every problem of the group, for its admins (hidden ones and requests to publish too). */
export function useGroupAdminProblems(gid: number, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: groupProblemKeys.admin(gid, page, limit),
    queryFn: () => groupProblemApi.getGroupAdminProblemList({ gid, currentPage: page, limit }),
    enabled: enabled && gid > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A group admin's changes to the group's problems; the group's lists are read again after each. */
export function useGroupProblemActions(gid: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['groups', gid] });
  return {
    create: useMutation({
      mutationFn: (body: GroupProblemDtoForm) => groupProblemApi.addGroupProblem(body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: groupProblemApi.deleteGroupProblem, onSuccess: refresh }),
    auth: useMutation({
      mutationFn: ({ pid, auth }: { pid: number; auth: number }) =>
        groupProblemApi.changeGroupProblemAuth(pid, auth),
      onSuccess: refresh,
    }),
    applyPublic: useMutation({
      mutationFn: ({ pid, applied }: { pid: number; applied: boolean }) =>
        groupProblemApi.applyGroupProblemPublic(pid, applied),
      onSuccess: refresh,
    }),
  };
}
