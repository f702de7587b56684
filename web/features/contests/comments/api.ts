import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMENT_LIMITS, type ReplyQuoteType } from '@/shared/schemas/comments';
import { api } from '@/web/lib/api';

/** Query keys of a contest's comments, under the contest's own key (cleared with it). */
export const commentKeys = {
  all: (cid: number) => ['contests', cid, 'comments'] as const,
  page: (cid: number, page: number, uid: string) => ['contests', cid, 'comments', 'page', page, uid] as const,
  replies: (cid: number, commentId: number) => ['contests', cid, 'comments', 'replies', commentId] as const,
};

/** One page (10) of the contest's comments with each one's newest 3 replies and the caller's likes. */
export function useCommentPage(cid: number, page: number, uid: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.page(cid, page, uid),
    queryFn: () => api.getComments({ cid, currentPage: page, limit: COMMENT_LIMITS.pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every reply of a comment, fetched when its replies are expanded. */
export function useAllReplies(cid: number, commentId: number, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.replies(cid, commentId),
    queryFn: () => api.getAllReply({ commentId, cid }),
    enabled,
  });
}

/** Post, reply, like and delete; the contest's comment lists are read again after each. */
export function useCommentActions(cid: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: commentKeys.all(cid) });
  return {
    post: useMutation({
      mutationFn: (content: string) => api.addComment({ cid, content }),
      onSuccess: refresh,
    }),
    reply: useMutation({
      mutationFn: (v: { commentId: number; content: string; quoteId: number; quoteType: ReplyQuoteType }) =>
        api.addReply({
          reply: { commentId: v.commentId, content: v.content },
          quoteId: v.quoteId,
          quoteType: v.quoteType,
        }),
      onSuccess: refresh,
    }),
    like: useMutation({
      mutationFn: (v: { commentId: number; toLike: boolean }) =>
        api.likeComment({ cid: v.commentId, toLike: v.toLike, sourceId: cid, sourceType: 'Contest' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (v: { id: number; fromUid: string }) =>
        api.deleteComment({ id: v.id, fromUid: v.fromUid, cid }),
      onSuccess: refresh,
    }),
    removeReply: useMutation({
      mutationFn: (id: number) => api.deleteReply({ reply: { id } }),
      onSuccess: refresh,
    }),
  };
}

export type CommentActions = ReturnType<typeof useCommentActions>;
