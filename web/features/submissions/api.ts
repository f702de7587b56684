import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SubmissionListQuery } from '@/shared/api/endpoints';
import { submissionPollInterval } from '@/shared/api/polling';
import type { SubmissionListItem } from '@/shared/api/types';
import type { SubmitForm } from '@/shared/schemas/forms';
import { api } from '@/web/lib/api';

export const submissionKeys = {
  all: ['submissions'] as const,
  list: (query: SubmissionListQuery) => ['submissions', 'list', query] as const,
  status: (ids: readonly number[]) => ['submissions', 'status', ids] as const,
  detail: (submitId: number) => ['submissions', 'detail', submitId] as const,
  cases: (submitId: number, status: number | undefined) =>
    ['submissions', 'cases', submitId, status] as const,
};

export function useSubmitCode() {
  return useMutation({ mutationFn: (form: SubmitForm) => api.submitProblemJudge(form) });
}

/**
 * Polls POST /api/check-submissions-status for the given submissions every 2 s while any is in
 * progress, at most 300 checks (shared polling rule). Returns the latest rows by submitId.
 */
export function useSubmissionStatusPoll(submitIds: readonly number[]) {
  return useQuery({
    queryKey: submissionKeys.status(submitIds),
    queryFn: () => api.checkSubmissionsStatus([...submitIds]),
    enabled: submitIds.length > 0,
    staleTime: 0,
    // a failed check shows one error and stops the poll instead of repeating it every 2 s
    refetchInterval: (query) =>
      query.state.error
        ? false
        : submissionPollInterval(
            Object.values(query.state.data ?? {}).map((row) => row.status),
            query.state.dataUpdateCount,
          ),
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

/** The submission, re-read every 2 s while it is being judged. */
export function useSubmissionDetail(submitId: number) {
  return useQuery({
    queryKey: submissionKeys.detail(submitId),
    queryFn: () => api.getSubmissionDetail(submitId),
    enabled: Number.isFinite(submitId),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.error
        ? false
        : submissionPollInterval([query.state.data?.submission.status], query.state.dataUpdateCount),
  });
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
