import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SubmissionListQuery } from '@/shared/api/endpoints';
import { submissionPollInterval } from '@/shared/api/polling';
import type { SubmissionListItem } from '@/shared/api/types';
import { isInProgress } from '@/shared/constants/judge-status';
import type { SubmitForm } from '@/shared/schemas/forms';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import {
  useLiveDemand,
  useLiveEvent,
  useLiveHealthy,
  usePushedSubmissions,
  withPushed,
} from '@/web/lib/live';

export const submissionKeys = {
  all: ['submissions'] as const,
  list: (query: SubmissionListQuery) => ['submissions', 'list', query] as const,
  status: (ids: readonly number[]) => ['submissions', 'status', ids] as const,
  detail: (submitId: number) => ['submissions', 'detail', submitId] as const,
  cases: (submitId: number, status: number | undefined) =>
    ['submissions', 'cases', submitId, status] as const,
  wrongCase: (submitId: number) => ['submissions', 'wrong-case', submitId] as const,
};

export function useSubmitCode() {
  return useMutation({ mutationFn: (form: SubmitForm) => api.submitProblemJudge(form) });
}

/**
 * Polls POST /api/check-submissions-status for the given submissions every 2 s while any is in
 * progress, at most 300 checks (shared polling rule). Returns the latest rows by submitId.
 */
/** Polls the statuses of these submissions; contest submissions (cid) through the contest's own check. */
export function useSubmissionStatusPoll(submitIds: readonly number[], cid = 0) {
  return useQuery({
    queryKey: [...submissionKeys.status(submitIds), cid],
    queryFn: () =>
      cid
        ? api.checkContestSubmissionsStatus(cid, [...submitIds])
        : api.checkSubmissionsStatus([...submitIds]),
    enabled: submitIds.length > 0,
    staleTime: 0,
    // a failed check shows one error and stops the poll instead of repeating it every 2 s
    refetchInterval: (query) =>
      query.state.error
        ? false
        : submissionPollInterval(Object.values(query.state.data ?? {}), query.state.dataUpdateCount),
  });
}

export function useSubmissionList(query: SubmissionListQuery) {
  return useQuery({
    queryKey: submissionKeys.list(query),
    queryFn: () => api.getSubmissionList(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The submission, re-read every 2 s while it is being judged; while the live stream is healthy the
 * caller's own submission is not polled: its pushed status is laid over, and its verdict reads it once.
 */
export function useSubmissionDetail(submitId: number) {
  const uid = useAuth((s) => s.userInfo?.uid);
  const healthy = useLiveHealthy();
  const pushed = usePushedSubmissions();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: submissionKeys.detail(submitId),
    queryFn: () => api.getSubmissionDetail(submitId),
    enabled: Number.isFinite(submitId),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.error || (healthy && !!uid && query.state.data?.submission.uid === uid)
        ? false
        : submissionPollInterval(
            [query.state.data?.submission ?? { status: undefined }],
            query.state.dataUpdateCount,
          ),
  });
  const status = query.data?.submission.status;
  useLiveDemand(!!uid && query.data?.submission.uid === uid && status !== undefined && isInProgress(status));
  useLiveEvent('submission', (e) => {
    if (e.data.submitId === submitId && !isInProgress(e.data.status))
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submitId) });
  });
  useLiveEvent('hello', () => {
    if (status !== undefined && isInProgress(status))
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submitId) });
  });
  const data = useMemo(
    () =>
      query.data && query.data.submission.uid === uid
        ? { ...query.data, submission: withPushed(query.data.submission, pushed) }
        : query.data,
    [query.data, pushed, uid],
  );
  return { ...query, data };
}

/**
 * A list's rows with their statuses kept current: those in progress are polled, except, while the live
 * stream is healthy, the caller's own (the stream pushes them). A pushed verdict reads the list again
 * (`refetch`), for what only the list knows (the judger).
 */
export function useLiveRows(
  records: readonly SubmissionListItem[] | undefined,
  cid: number,
  refetch: () => unknown,
): SubmissionListItem[] | undefined {
  const uid = useAuth((s) => s.userInfo?.uid);
  const healthy = useLiveHealthy();
  const pushed = usePushedSubmissions();
  const polledIds = useMemo(
    () =>
      (records ?? [])
        .filter((r) => isInProgress(r.status) && !(healthy && !!uid && r.uid === uid))
        .map((r) => r.submitId),
    [records, healthy, uid],
  );
  const polled = useSubmissionStatusPoll(polledIds, cid);
  useLiveDemand(!!uid && (records ?? []).some((r) => r.uid === uid && isInProgress(r.status)));
  useLiveEvent('submission', (e) => {
    if (!isInProgress(e.data.status) && records?.some((r) => r.submitId === e.data.submitId)) refetch();
  });
  // a stream that just opened missed what happened before: the list is read once more
  useLiveEvent('hello', () => {
    if (records?.some((r) => isInProgress(r.status))) refetch();
  });
  return useMemo(
    () => (records ? mergeStatuses(records, polled.data).map((r) => withPushed(r, pushed)) : undefined),
    [records, polled.data, pushed],
  );
}

/** Per-case results; the key holds the status so each status change reloads them. */
export function useCaseResults(submitId: number, status: number | undefined) {
  return useQuery({
    queryKey: submissionKeys.cases(submitId, status),
    queryFn: () => api.getAllCaseResult(submitId),
    enabled: Number.isFinite(submitId) && status !== undefined,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Rows of a list with the polled rows swapped in. */
export function mergeStatuses(
  rows: readonly SubmissionListItem[],
  polled: Record<string, SubmissionListItem> | undefined,
): SubmissionListItem[] {
  if (!polled) return [...rows];
  return rows.map((row) => polled[String(row.submitId)] ?? row);
}

/** Super admin's Rejudge: the row goes back to Pending and the list polls it again. */
export function useRejudge() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submitId: number) => api.adminRejudge(submitId),
    onSuccess: () => {
      toast.success(t('workspace.rejudged'));
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
  });
}

export type RejudgeMutation = ReturnType<typeof useRejudge>;

/** GET /api/resubmit: the owner queues a failed judgement again; the detail polls anew. */
export function useResubmit(submitId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.resubmit(submitId),
    onSuccess: () => {
      toast.success(t('workspace.resubmitted'));
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submitId) });
    },
  });
}

/** PUT /api/submission: share or unshare; the server's message ('Shared successfully' ...) is shown. */
export function useShareSubmission(submitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => api.updateSubmissionShare({ submitId, share }),
    onSuccess: (msg) => {
      toast.success(msg);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submitId) });
    },
  });
}

/** Whether the caller may download the first failing case, and the downloads left today. */
export function useWrongCaseInfo(submitId: number, enabled: boolean) {
  return useQuery({
    queryKey: submissionKeys.wrongCase(submitId),
    queryFn: () => api.getWrongCaseInfo(submitId),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}
