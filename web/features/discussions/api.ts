import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupEndpoints } from '@/shared/api/group-endpoints';
import type { DiscussionListQuery } from '@/shared/schemas/discussions';
import type { GroupDiscussionListQuery } from '@/shared/schemas/groups';
import { api, apiClient } from '@/web/lib/api';

/** A group's discussion calls (list, post, edit, delete); reading, likes and comments are the site's. */
const groupApi = createGroupEndpoints(apiClient);

/** Query keys of the discussion screens; a discussion's comments live under its own key (contests' comment area). */
export const discussionKeys = {
  all: ['discussions'] as const,
  categories: ['discussions', 'categories'] as const,
  list: (query: DiscussionListQuery, uid: string) => ['discussions', 'list', query, uid] as const,
  detail: (did: number, uid: string) => ['discussions', did, 'detail', uid] as const,
  group: (query: GroupDiscussionListQuery, uid: string) => ['discussions', 'group', query, uid] as const,
};

/** The categories change rarely: fetched once a session unless an admin edits them. */
export function useDiscussionCategories() {
  return useQuery({
    queryKey: discussionKeys.categories,
    queryFn: () => api.getDiscussionCategories(),
    staleTime: 5 * 60_000,
  });
}

/** A page of the list; the uid is in the key since an author gets their own texts with it. */
export function useDiscussionList(query: DiscussionListQuery, uid: string) {
  return useQuery({
    queryKey: discussionKeys.list(query, uid),
    queryFn: () => api.getDiscussionList(query),
    placeholderData: keepPreviousData,
  });
}

/** One discussion (the server counts the view once per viewer in a window, so refetching is harmless). */
export function useDiscussionDetail(did: number, uid: string) {
  return useQuery({
    queryKey: discussionKeys.detail(did, uid),
    queryFn: () => api.getDiscussionDetail(did),
    enabled: did > 0,
    retry: false,
  });
}

/** Post, edit, delete, like and report; every discussion query is read again after a change. */
export function useDiscussionActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: discussionKeys.all });
  return {
    create: useMutation({ mutationFn: api.addDiscussion, onSuccess: refresh }),
    update: useMutation({ mutationFn: api.updateDiscussion, onSuccess: refresh }),
    remove: useMutation({ mutationFn: api.deleteDiscussion, onSuccess: refresh }),
    like: useMutation({ mutationFn: api.likeDiscussion, onSuccess: refresh }),
    report: useMutation({ mutationFn: api.reportDiscussion }),
  };
}

export type DiscussionActions = ReturnType<typeof useDiscussionActions>;

/** A page of a group's discussions (members; pinned first, then the newest). */
export function useGroupDiscussionList(query: GroupDiscussionListQuery, uid: string) {
  return useQuery({
    queryKey: discussionKeys.group(query, uid),
    queryFn: () => groupApi.getGroupDiscussionList(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Post, edit and delete, through the group's calls when `gid` is given (a group's discussion), the
 * site's otherwise; every discussion query is read again after a change.
 */
export function useDiscussionWrites(gid?: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: discussionKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: Parameters<typeof api.addDiscussion>[0]) =>
        gid ? groupApi.addGroupDiscussion({ ...body, gid }) : api.addDiscussion(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: Parameters<typeof api.updateDiscussion>[0]) =>
        gid ? groupApi.updateGroupDiscussion({ ...body, gid }) : api.updateDiscussion(body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (did: number) => (gid ? groupApi.deleteGroupDiscussion(did) : api.deleteDiscussion(did)),
      onSuccess: refresh,
    }),
  };
}
