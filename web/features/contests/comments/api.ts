import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMENT_LIMITS, type ReplyQuoteType } from '@/shared/schemas/comments';
import { api } from '@/web/lib/api';

/**
 * Where comments live (HOJ: a contest's `cid` or a discussion's `did`): the same comment area serves
 * a contest's Comment tab and a discussion's page.
 */
export type CommentSource = { cid: number; did?: undefined } | { did: number; cid?: undefined };

/** Query keys of a place's comments, under the contest's or the discussion's own key (cleared with it). */
export const commentKeys = {
  all: (s: CommentSource) =>
    s.did === undefined
      ? (['contests', s.cid, 'comments'] as const)
      : (['discussions', s.did, 'comments'] as const),
  page: (s: CommentSource, page: number, uid: string) => [...commentKeys.all(s), 'page', page, uid] as const,
  replies: (s: CommentSource, commentId: number) => [...commentKeys.all(s), 'replies', commentId] as const,
};

/** One page (10) of the place's comments with each one's newest 3 replies and the caller's likes. */
export function useCommentPage(source: CommentSource, page: number, uid: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.page(source, page, uid),
    queryFn: () => api.getComments({ ...source, currentPage: page, limit: COMMENT_LIMITS.pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every reply of a comment, fetched when its replies are expanded. */
export function useAllReplies(source: CommentSource, commentId: number, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.replies(source, commentId),
    queryFn: () => api.getAllReply({ commentId, ...(source.cid === undefined ? {} : { cid: source.cid }) }),
    enabled,
  });
}

/**
 * Post, reply, like and delete; the place's comment lists are read again after each, and
 * `onChanged` runs too (a discussion re-reads its comment count).
 */
export function useCommentActions(source: CommentSource, onChanged?: () => void) {
  const client = useQueryClient();
  const refresh = () => {
    onChanged?.();
    return client.invalidateQueries({ queryKey: commentKeys.all(source) });
  };
  const sourceOfLike =
    source.did === undefined
      ? { sourceId: source.cid, sourceType: 'Contest' as const }
      : { sourceId: source.did, sourceType: 'Discussion' as const };
  return {
    post: useMutation({
      mutationFn: (content: string) => api.addComment({ ...source, content }),
      onSuccess: refresh,
    }),
    reply: useMutation({
      mutationFn: (v: { commentId: number; content: string; quoteId: number; quoteType: ReplyQuoteType }) =>
        api.addReply({
          reply: { commentId: v.commentId, content: v.content },
          quoteId: v.quoteId,
          quoteType: v.quoteType,
          ...(source.did === undefined ? {} : { did: source.did }),
        }),
      onSuccess: refresh,
    }),
    like: useMutation({
      mutationFn: (v: { commentId: number; toLike: boolean }) =>
        api.likeComment({ cid: v.commentId, toLike: v.toLike, ...sourceOfLike }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (v: { id: number; fromUid: string }) =>
        api.deleteComment({ id: v.id, fromUid: v.fromUid, ...source }),
      onSuccess: refresh,
    }),
    removeReply: useMutation({
      mutationFn: (id: number) =>
        api.deleteReply({ reply: { id }, ...(source.did === undefined ? {} : { did: source.did }) }),
      onSuccess: refresh,
    }),
  };
}

export type CommentActions = ReturnType<typeof useCommentActions>;
