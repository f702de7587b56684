import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnouncementCreateForm,
  AnnouncementUpdateForm,
  SwitchForm,
  WebConfigForm,
} from '@/shared/schemas/api';
import { api } from '@/web/lib/api';

export const ADMIN_ANNOUNCEMENT_PAGE_SIZE = 10;

export function useWebConfigAdmin() {
  return useQuery({ queryKey: ['admin', 'web-config'], queryFn: () => api.adminGetWebConfig() });
}

export function useSaveWebConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebConfigForm) => api.adminSetWebConfig(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'web-config'], saved);
      // the public config (footer, register switch) changes with it
      void queryClient.invalidateQueries({ queryKey: ['website-config'] });
    },
  });
}

export function useSwitches() {
  return useQuery({ queryKey: ['admin', 'switches'], queryFn: () => api.adminGetSwitches() });
}

export function useSaveSwitches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwitchForm) => api.adminUpdateSwitches(body),
    onSuccess: (saved) => queryClient.setQueryData(['admin', 'switches'], saved),
  });
}

export function useAdminAnnouncements(currentPage: number) {
  return useQuery({
    queryKey: ['admin', 'announcements', currentPage],
    queryFn: () => api.adminListAnnouncements({ currentPage, limit: ADMIN_ANNOUNCEMENT_PAGE_SIZE }),
  });
}

/** Create, change or delete an announcement; every announcement list is read again after. */
export function useAnnouncementChanges() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'announcements'] });
    void queryClient.invalidateQueries({ queryKey: ['announcements'] });
  };
  return {
    add: useMutation({
      mutationFn: (body: AnnouncementCreateForm) => api.adminAddAnnouncement(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: AnnouncementUpdateForm) => api.adminUpdateAnnouncement(body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (aid: number) => api.adminDeleteAnnouncement(aid),
      onSuccess: refresh,
    }),
  };
}
