import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, SysMsg, UnreadCounts, UserMsg } from '@/shared/api/types';
import { POLL } from '@/shared/constants/limits';
import { MESSAGE_PAGE_SIZES, type MessageType } from '@/shared/constants/messages';
import type { NoticeCreateForm, NoticeListQuery, NoticeUpdateForm } from '@/shared/schemas/messages';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { useLiveEvent, useLiveHealthy } from '@/web/lib/live';

export const messageKeys = {
  all: ['messages'] as const,
  unread: (uid: string | undefined) => ['messages', 'unread', uid] as const,
  list: (uid: string | undefined, type: MessageType, page: number) =>
    ['messages', 'list', uid, type, page] as const,
  notices: (query: NoticeListQuery) => ['admin', 'notices', query] as const,
};

export function totalUnread(counts: UnreadCounts | undefined): number {
  if (!counts) return 0;
  return counts.comment + counts.reply + counts.like + counts.sys + counts.mine;
}

/**
 * The logged-in user's unread counts, polled every 120 s and read again whenever the tab becomes visible;
 * never asked for a visitor. A failed poll stays quiet (a dead login is handled by the client's 401 rule).
 */
export function useUnreadCounts() {
  const token = useAuth((s) => s.token);
  const uid = useAuth((s) => s.userInfo?.uid);
  // while the live stream is healthy it pushes the counts: no poll
  const healthy = useLiveHealthy();
  const queryClient = useQueryClient();
  useLiveEvent('unread', (e) => queryClient.setQueryData(messageKeys.unread(uid), e.data));
  // a stream that just opened has not told the counts yet
  useLiveEvent('hello', () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread(uid) }));
  return useQuery({
    queryKey: messageKeys.unread(uid),
    queryFn: () => api.getUnreadCounts(),
    enabled: !!token && !!uid,
    refetchInterval: healthy ? false : POLL.unreadMessagesMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    meta: { silent: true },
  });
}

export type MessagePage = { kind: 'reminder'; page: Page<UserMsg> } | { kind: 'notice'; page: Page<SysMsg> };

/**
 * One page of a kind. The server marks the page read as it answers, so the unread counts are read
 * again after each page.
 */
export function useMessagePage(type: MessageType, currentPage: number) {
  const queryClient = useQueryClient();
  const uid = useAuth((s) => s.userInfo?.uid);
  return useQuery({
    queryKey: messageKeys.list(uid, type, currentPage),
    queryFn: async (): Promise<MessagePage> => {
      const query = { currentPage, limit: MESSAGE_PAGE_SIZES.messages };
      const result: MessagePage =
        type === 'sys' || type === 'mine'
          ? { kind: 'notice', page: await api.getNoticeMessages(type, query) }
          : { kind: 'reminder', page: await api.getUserMessages(type, query) };
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread(uid) });
      return result;
    },
    enabled: !!uid,
    // while another page of the same kind loads, keep showing this one (never another kind's)
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === type ? previous : undefined,
    staleTime: 0,
  });
}

/** Deletes one message, or every message of a kind without id; lists and counts are read again. */
export function useCleanMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: MessageType; id?: number }) => api.cleanMessages(type, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/* ---- root's system notices ---- */

export function useAdminNotices(query: NoticeListQuery) {
  return useQuery({
    queryKey: messageKeys.notices(query),
    queryFn: () => api.adminListNotices(query),
    placeholderData: keepPreviousData,
  });
}

/** Send, change or delete a notice; the notice list and root's own messages are read again after. */
export function useNoticeChanges() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'notices'] });
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  };
  return {
    // the notice dialog shows their failures itself (an unknown recipient under its field)
    add: useMutation({
      mutationFn: (body: NoticeCreateForm) => api.adminAddNotice(body),
      onSuccess: refresh,
      meta: { silent: true },
    }),
    update: useMutation({
      mutationFn: (body: NoticeUpdateForm) => api.adminUpdateNotice(body),
      onSuccess: refresh,
      meta: { silent: true },
    }),
    remove: useMutation({ mutationFn: (id: number) => api.adminDeleteNotice(id), onSuccess: refresh }),
  };
}
