import type {
  CommentCreateForm,
  CommentDeleteForm,
  CommentLikeQuery,
  CommentListQuery,
  ReplyCreateForm,
  ReplyDeleteForm,
  ReplyListQuery,
} from '../schemas/comments';
import type { ApiClient } from './client';
import type { CommentLike, CommentList, CommentVO, ReplyVO } from './comment-types';

/** Comments, replies and likes, at HOJ's paths. */
export function createCommentEndpoints(client: ApiClient) {
  return {
    getComments: (query: CommentListQuery) =>
      client.request<CommentList>('GET', '/api/comments', { query: { ...query } }),
    addComment: (body: CommentCreateForm) => client.request<CommentVO>('POST', '/api/comment', { body }),
    deleteComment: (body: CommentDeleteForm) => client.request<null>('DELETE', '/api/comment', { body }),
    /** cid is the comment's id; answers whether the caller now likes it and its count */
    likeComment: (query: CommentLikeQuery) =>
      client.request<CommentLike>('GET', '/api/comment-like', {
        query: { ...query },
      }),
    getAllReply: (query: ReplyListQuery) =>
      client.request<ReplyVO[]>('GET', '/api/reply', { query: { ...query } }),
    addReply: (body: ReplyCreateForm) => client.request<ReplyVO>('POST', '/api/reply', { body }),
    deleteReply: (body: ReplyDeleteForm) => client.request<null>('DELETE', '/api/reply', { body }),
  };
}
