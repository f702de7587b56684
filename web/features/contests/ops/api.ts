import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTEST_OPS_PAGE_SIZES,
  type ContestAnnouncementCreateForm,
  type ContestAnnouncementUpdateForm,
} from '@/shared/schemas/contest-ops';
import { useRefreshingList } from '@/web/components/refreshing-table';
import { api } from '@/web/lib/api';

/** Query keys of the contest operation screens, under the contest's own key (cleared with it). */
export const opsKeys = {
  all: (cid: number) => ['contests', cid, 'ops'] as const,
  announcements: (cid: number) => ['contests', cid, 'ops', 'announcements'] as const,
  announcementPage: (cid: number, admin: boolean, page: number) =>
    ['contests', cid, 'ops', 'announcements', admin, page] as const,
  notRead: (cid: number, uid: string) => ['contests', cid, 'ops', 'not-read', uid] as const,
  prints: (cid: number, page: number) => ['contests', cid, 'ops', 'prints', page] as const,
  acInfo: (cid: number, page: number) => ['contests', cid, 'ops', 'ac-info', page] as const,
};

/** Participants read the visible announcements; the contest's admins read them all (hidden ones too). */
export function useContestAnnouncements(cid: number, admin: boolean, page: number) {
  return useQuery({
    queryKey: opsKeys.announcementPage(cid, admin, page),
    queryFn: () => {
      const query = { cid, currentPage: page, limit: CONTEST_OPS_PAGE_SIZES.announcements };
      return admin ? api.adminListContestAnnouncements(query) : api.getContestAnnouncements(query);
    },
    placeholderData: keepPreviousData,
  });
}

/** Create, change or delete an announcement of the contest; its lists are read again after. */
export function useContestAnnouncementChanges(cid: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: opsKeys.announcements(cid) });
  return {
    add: useMutation({
      mutationFn: (body: ContestAnnouncementCreateForm) => api.adminAddContestAnnouncement(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: ContestAnnouncementUpdateForm) => api.adminUpdateContestAnnouncement(body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (aid: number) => api.adminDeleteContestAnnouncement(aid, cid),
      onSuccess: refresh,
    }),
  };
}

/** Admin Print: the requests without their text, waiting ones first, 15 a page, kept current. */
export function useContestPrints(cid: number) {
  return useRefreshingList({
    limit: CONTEST_OPS_PAGE_SIZES.prints,
    queryKey: (page) => opsKeys.prints(cid, page),
    read: (page) => api.getContestPrints({ cid, ...page }),
  });
}

export function useCheckPrint(cid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.checkContestPrintStatus(id, cid),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contests', cid, 'ops', 'prints'] }),
  });
}

/** Admin Helper: first accepts, undelivered balloons first, 20 a page, kept current. */
export function useContestAcInfo(cid: number) {
  return useRefreshingList({
    limit: CONTEST_OPS_PAGE_SIZES.acInfo,
    queryKey: (page) => opsKeys.acInfo(cid, page),
    read: (page) => api.getContestAcInfo({ cid, ...page }),
  });
}

export function useCheckAcInfo(cid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; checked: boolean }) => api.checkContestAcInfo({ ...body, cid }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contests', cid, 'ops', 'ac-info'] }),
  });
}
