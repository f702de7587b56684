import type {
  AdminDiscussionUpdateForm,
  CategoryForm,
  CategoryUpsertForm,
  DiscussionCreateForm,
  DiscussionLikeQuery,
  DiscussionListQuery,
  DiscussionReportForm,
  DiscussionUpdateForm,
  ReportUpdateForm,
} from '../schemas/discussions';
import type { ApiClient } from './client';
import type {
  DiscussionCategory,
  DiscussionDetail,
  DiscussionItem,
  DiscussionLike,
  DiscussionReport,
} from './discussion-types';
import type { Page } from './types';

/** Discussions at HOJ's paths: list, detail, post, edit, delete, like, report, categories. */
export function createDiscussionEndpoints(client: ApiClient) {
  return {
    getDiscussionCategories: () => client.request<DiscussionCategory[]>('GET', '/api/discussion-category'),
    /** HOJ's upsert of the whole list (root): categories left out are kept */
    upsertDiscussionCategories: (body: CategoryUpsertForm) =>
      client.request<DiscussionCategory[]>('POST', '/api/discussion-category', { body }),
    getDiscussionList: (query: DiscussionListQuery) =>
      client.request<Page<DiscussionItem>>('GET', '/api/get-discussion-list', { query: { ...query } }),
    /** counts a view */
    getDiscussionDetail: (did: number) =>
      client.request<DiscussionDetail>('GET', '/api/get-discussion-detail', { query: { did } }),
    addDiscussion: (body: DiscussionCreateForm) =>
      client.request<DiscussionItem>('POST', '/api/discussion', { body }),
    updateDiscussion: (body: DiscussionUpdateForm) =>
      client.request<DiscussionItem>('PUT', '/api/discussion', { body }),
    deleteDiscussion: (did: number) => client.request<null>('DELETE', '/api/discussion', { query: { did } }),
    likeDiscussion: (query: DiscussionLikeQuery) =>
      client.request<DiscussionLike>('GET', '/api/discussion-like', { query: { ...query } }),
    reportDiscussion: (body: DiscussionReportForm) =>
      client.request<null>('POST', '/api/discussion-report', { body }),
  };
}

/** The admin console's discussion calls (HOJ's /api/admin/discussion*, and Verdict's category admin). */
export function createDiscussionAdminEndpoints(client: ApiClient) {
  return {
    adminUpdateDiscussion: (body: AdminDiscussionUpdateForm) =>
      client.request<DiscussionItem>('PUT', '/api/admin/discussion', { body, urlType: 'admin' }),
    adminDeleteDiscussions: (ids: number[]) =>
      client.request<null>('DELETE', '/api/admin/discussion', { body: ids, urlType: 'admin' }),
    adminGetDiscussionReports: (query: { currentPage?: number; limit?: number }) =>
      client.request<Page<DiscussionReport>>('GET', '/api/admin/discussion-report', {
        query: { ...query },
        urlType: 'admin',
      }),
    adminUpdateDiscussionReport: (body: ReportUpdateForm) =>
      client.request<DiscussionReport>('PUT', '/api/admin/discussion-report', { body, urlType: 'admin' }),
    adminAddDiscussionCategory: (body: CategoryForm) =>
      client.request<DiscussionCategory>('POST', '/api/admin/discussion-category', {
        body,
        urlType: 'admin',
      }),
    adminUpdateDiscussionCategory: (body: CategoryForm & { id: number }) =>
      client.request<DiscussionCategory>('PUT', '/api/admin/discussion-category', { body, urlType: 'admin' }),
    adminDeleteDiscussionCategory: (id: number) =>
      client.request<null>('DELETE', '/api/admin/discussion-category', { query: { id }, urlType: 'admin' }),
  };
}
