import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscussionListQuery } from '@/shared/schemas/discussions';
import { api } from '@/web/lib/api';

/** Query keys of the discussion screens; a discussion's comments live under its own key (contests' comment area). */
export const discussionKeys = {
  all: ['discussions'] as const,
  categories: ['discussions', 'categories'] as const,
  list: (query: DiscussionListQuery, uid: string) => ['discussions', 'list', query, uid] as const,
  detail: (did: number, uid: string) => ['discussions', did, 'detail', uid] as const,
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
