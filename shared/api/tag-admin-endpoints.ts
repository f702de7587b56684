import type { ClassificationForm, TagForm } from '../schemas/tag-admin';
import type { ApiClient } from './client';
import type { Tag, TagClassification } from './types';

/** Tags and their classifications in the admin console, at HOJ's paths. */
export function createTagAdminEndpoints(client: ApiClient) {
  return {
    adminAddTag: (body: TagForm) => client.request<Tag>('POST', '/api/admin/tag', { body }),
    adminUpdateTag: (body: TagForm & { id: number }) =>
      client.request<Tag>('PUT', '/api/admin/tag', { body }),
    adminDeleteTag: (tid: number) => client.request<null>('DELETE', '/api/admin/tag', { query: { tid } }),
    adminGetTagClassifications: () =>
      client.request<TagClassification[]>('GET', '/api/admin/tag/classification', { query: { oj: 'ME' } }),
    adminAddTagClassification: (body: ClassificationForm) =>
      client.request<TagClassification>('POST', '/api/admin/tag/classification', { body }),
    adminUpdateTagClassification: (body: ClassificationForm & { id: number }) =>
      client.request<TagClassification>('PUT', '/api/admin/tag/classification', { body }),
    adminDeleteTagClassification: (tcid: number) =>
      client.request<null>('DELETE', '/api/admin/tag/classification', { query: { tcid } }),
  };
}
