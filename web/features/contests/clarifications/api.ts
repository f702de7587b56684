import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLARIFICATION_LIMITS } from '@/shared/constants/clarifications';
import type {
  AnswerClarificationForm,
  AskClarificationForm,
  SendClarificationForm,
} from '@/shared/schemas/clarifications';
import { api } from '@/web/lib/api';

/** Query keys of a contest's clarifications, under the contest's own key (cleared with it). */
export const clarificationKeys = {
  all: (cid: number) => ['contests', cid, 'clarifications'] as const,
  unread: (cid: number) => ['contests', cid, 'clarifications', 'unread'] as const,
  list: (cid: number, page: number) => ['contests', cid, 'clarifications', 'list', page] as const,
  queue: (cid: number, filter: QueueFilter, page: number) =>
    ['contests', cid, 'clarifications', 'queue', filter, page] as const,
};

/** The jury's queue: every question, the general ones, or one problem's (its display id). */
export type QueueFilter = { kind: 'all' } | { kind: 'general' } | { kind: 'problem'; displayId: string };

/**
 * The caller's unread answers (and, for the contest's admins, the questions waiting), asked for every
 * 30 s while the contest is open: the tab's badge.
 */
export function useClarificationUnread(cid: number, enabled: boolean) {
  return useQuery({
    queryKey: clarificationKeys.unread(cid),
    queryFn: () => api.getContestClarificationUnread(cid),
    enabled,
    refetchInterval: CLARIFICATION_LIMITS.pollMs,
    staleTime: 0,
    // a failed poll says nothing: the next one comes soon
    meta: { silent: true },
  });
}

/** The caller's clarifications, newest first; reading a page marks its answers read, so the badge is asked again. */
export function useClarificationList(cid: number, page: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: clarificationKeys.list(cid, page),
    queryFn: async () => {
      const list = await api.getContestClarifications({
        cid,
        currentPage: page,
        limit: CLARIFICATION_LIMITS.pageSize,
      });
      if (list.records.some((c) => !c.read)) {
        void client.invalidateQueries({ queryKey: clarificationKeys.unread(cid) });
      }
      return list;
    },
    placeholderData: keepPreviousData,
    refetchInterval: CLARIFICATION_LIMITS.pollMs,
  });
}

export function useClarificationQueue(cid: number, filter: QueueFilter, page: number) {
  return useQuery({
    queryKey: clarificationKeys.queue(cid, filter, page),
    queryFn: () =>
      api.adminGetClarificationQueue({
        cid,
        currentPage: page,
        limit: CLARIFICATION_LIMITS.queuePageSize,
        ...(filter.kind === 'problem' ? { displayId: filter.displayId } : {}),
        ...(filter.kind === 'general' ? { general: true } : {}),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: CLARIFICATION_LIMITS.pollMs,
  });
}

/**
 * Asking, answering and sending: every clarification list of the contest is read again after. The reload
 * is not waited for: an answered question leaves its form at once, and the caller's own success message
 * must not depend on the form still being there.
 */
export function useClarificationChanges(cid: number) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: clarificationKeys.all(cid) });
  };
  return {
    ask: useMutation({
      mutationFn: (body: AskClarificationForm) => api.askContestClarification(body),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: (body: AnswerClarificationForm) => api.adminAnswerClarification(body),
      onSuccess: refresh,
    }),
    send: useMutation({
      mutationFn: (body: SendClarificationForm) => api.adminSendClarification(body),
      onSuccess: refresh,
    }),
  };
}
