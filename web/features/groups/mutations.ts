import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupJoinQuery } from '@/shared/schemas/groups';
import { groupApi, groupKeys } from './api';

/** A change to one group: everything about it (and the list) is read again after. */
function useGroupMutation<A, R>(gid: number, fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // not awaited: the caller's own callbacks run at once, before the reloaded role may unmount it
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupKeys.group(gid) });
      void client.invalidateQueries({ queryKey: ['groups', 'list'] });
    },
  });
}

/** Join a public group, apply to a protected one, join a private one with its code: the new role. */
export function useJoinGroup(gid: number) {
  return useGroupMutation(gid, (form: Omit<GroupJoinQuery, 'gid'>) =>
    groupApi.addGroupMember({ gid, ...form }),
  );
}

export function useExitGroup(gid: number) {
  return useGroupMutation(gid, () => groupApi.exitGroup(gid));
}

/** A group admin sets a member's role (2 refuses an applicant, 3 approves, 4 admin, 5 root). */
export function useUpdateMember(gid: number) {
  return useGroupMutation(gid, ({ uid, auth }: { uid: string; auth: number }) =>
    groupApi.updateGroupMember({ gid, uid, auth }),
  );
}

export function useRemoveMember(gid: number) {
  return useGroupMutation(gid, (uid: string) => groupApi.deleteGroupMember(uid, gid));
}

export function useUpdateGroup(gid: number) {
  return useGroupMutation(gid, groupApi.updateGroup);
}

export function useDeleteGroup(gid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => groupApi.deleteGroup(gid),
    onSuccess: () => {
      client.removeQueries({ queryKey: groupKeys.group(gid) });
      void client.invalidateQueries({ queryKey: ['groups', 'list'] });
    },
  });
}

/** A group admin's announcements: add, change (visibility too), delete. */
export function useAnnouncementActions(gid: number) {
  return {
    create: useGroupMutation(gid, groupApi.addGroupAnnouncement),
    update: useGroupMutation(gid, groupApi.updateGroupAnnouncement),
    remove: useGroupMutation(gid, groupApi.deleteGroupAnnouncement),
  };
}
