import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import type { AdminDiscussionUpdateForm, CategoryForm } from '@/shared/schemas/discussions';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';

/**
 * The console's discussion screen: HOJ's admin list is the site's list with `admin=true` (every
 * status); reports and category admin are console calls. Changes re-read the site's discussion
 * queries too (key `discussions`), so the public list follows.
 */
const KEYS = {
  list: (page: number, keyword: string) => ['admin', 'discussions', page, keyword] as const,
  reports: (page: number) => ['admin', 'discussion-reports', page] as const,
};

export function useAdminDiscussions(page: number, keyword: string) {
  return useQuery({
    queryKey: KEYS.list(page, keyword),
    queryFn: () =>
      api.getDiscussionList({
        admin: true,
        currentPage: page,
        limit: DISCUSSION_LIMITS.pageSize,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscussionReports(page: number) {
  return useQuery({
    queryKey: KEYS.reports(page),
    queryFn: () =>
      consoleApi.adminGetDiscussionReports({ currentPage: page, limit: DISCUSSION_LIMITS.pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscussionAdmin() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin', 'discussions'] });
    void client.invalidateQueries({ queryKey: ['admin', 'discussion-reports'] });
    void client.invalidateQueries({ queryKey: ['discussions'] });
  };
  return {
    update: useMutation({
      mutationFn: (body: AdminDiscussionUpdateForm) => consoleApi.adminUpdateDiscussion(body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => consoleApi.adminDeleteDiscussions(ids),
      onSuccess: refresh,
    }),
    handleReport: useMutation({
      mutationFn: (body: { id: number; status: boolean }) => consoleApi.adminUpdateDiscussionReport(body),
      onSuccess: refresh,
    }),
    saveCategory: useMutation({
      mutationFn: (body: CategoryForm) =>
        body.id === undefined
          ? consoleApi.adminAddDiscussionCategory(body)
          : consoleApi.adminUpdateDiscussionCategory({ ...body, id: body.id }),
      onSuccess: refresh,
    }),
    deleteCategory: useMutation({
      mutationFn: (id: number) => consoleApi.adminDeleteDiscussionCategory(id),
      onSuccess: refresh,
    }),
  };
}

export type DiscussionAdmin = ReturnType<typeof useDiscussionAdmin>;
