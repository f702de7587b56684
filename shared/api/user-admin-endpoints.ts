import type {
  DeleteUsersForm,
  EditUserForm,
  GenerateUsersForm,
  InsertBatchUsersForm,
  UserListQuery,
} from '../schemas/user-admin';
import type { ApiClient } from './client';
import type { Page } from './types';
import type { AdminUser, GeneratedUsers, ImportedUsers } from './user-admin-types';

/**
 * Where the accounts of a generation are downloaded (a file, not JSON: fetch it with the token,
 * as HOJ's client does): .xlsx by default, or CSV.
 */
export function generatedUsersDownloadPath(key: string, format: 'xlsx' | 'csv' = 'xlsx'): string {
  const query = new URLSearchParams({ key });
  if (format === 'csv') query.set('format', 'csv');
  return `/api/file/generate-user-excel?${query.toString()}`;
}

/** The admin console's user pages, at HOJ's paths. */
export function createUserAdminEndpoints(client: ApiClient) {
  return {
    adminGetUserList: (query: UserListQuery = {}) =>
      client.request<Page<AdminUser>>('GET', '/api/admin/user/get-user-list', {
        query: { ...query },
        urlType: 'admin',
      }),
    /** with the server's message (the console shows it) */
    adminEditUser: (body: EditUserForm) =>
      client.requestRaw<null>('PUT', '/api/admin/user/edit-user', { body, urlType: 'admin' }),
    adminDeleteUsers: (body: DeleteUsersForm) =>
      client.requestRaw<null>('DELETE', '/api/admin/user/delete-user', { body, urlType: 'admin' }),
    /** rows of [username, password, email?, realname?, gender?, nickname?, school?]; all or none */
    adminInsertBatchUsers: (body: InsertBatchUsersForm) =>
      client.requestRaw<ImportedUsers>('POST', '/api/admin/user/insert-batch-user', {
        body,
        urlType: 'admin',
      }),
    /** the key of the download (generatedUsersDownloadPath), kept 30 minutes for the caller only */
    adminGenerateUsers: (body: GenerateUsersForm) =>
      client.request<GeneratedUsers>('POST', '/api/admin/user/generate-user', { body, urlType: 'admin' }),
  };
}
