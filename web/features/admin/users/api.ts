import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generatedUsersDownloadPath } from '@/shared/api/user-admin-endpoints';
import type {
  DeleteUsersForm,
  EditUserForm,
  GenerateUsersForm,
  InsertBatchUsersForm,
  UserListQuery,
} from '@/shared/schemas/user-admin';
import { downloadFile, fetchFile } from '@/web/lib/download-file';
import { consoleApi } from '../console-api';
import { type GeneratedAccount, readGeneratedCsv } from './lib/generated-accounts';

/** A generation as the page shows it once: the download key and the accounts (null: read failed). */
export interface Generation {
  key: string;
  created: number;
  accounts: GeneratedAccount[] | null;
}

export const ADMIN_USER_PAGE_SIZE = 15;

const keys = {
  all: ['admin', 'users'] as const,
  list: (query: UserListQuery) => ['admin', 'users', 'list', query] as const,
};

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useAdminUserList(query: UserListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => consoleApi.adminGetUserList(query),
    placeholderData: keepPreviousData,
  });
}

/** The dialog shows a refusal beside its fields, so no toast. */
export function useEditUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: EditUserForm) => consoleApi.adminEditUser(body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** A refusal for contest submissions opens the second confirmation instead of a toast. */
export function useDeleteUsers() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: DeleteUsersForm) => consoleApi.adminDeleteUsers(body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** The import page shows a refusal above its preview (it names the rows at fault). */
export function useImportUsers() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: InsertBatchUsersForm) => consoleApi.adminInsertBatchUsers(body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/**
 * Generates the accounts, then reads their passwords once from the generation's CSV: the
 * server's answer holds only the download key, and the passwords are not kept past 30 minutes.
 */
export function useGenerateUsers() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async (body: GenerateUsersForm): Promise<Generation> => {
      const { key, created } = await consoleApi.adminGenerateUsers(body);
      // the accounts exist now: a failed read leaves the downloads to fetch them, not an error
      const accounts = await fetchFile(generatedUsersDownloadPath(key, 'csv'), undefined, 'users.csv')
        .then(async ({ blob }) => readGeneratedCsv(await blob.text()))
        .catch(() => null);
      return { key, created, accounts };
    },
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** Saves a generation's list as the server names it; the request carries the login token. */
export function downloadGenerated(key: string, format: 'xlsx' | 'csv') {
  return downloadFile(generatedUsersDownloadPath(key, format), undefined, `users.${format}`);
}
