import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Endpoints, ProblemListQuery } from '@/shared/api/endpoints';
import { api } from '@/web/lib/api';

export const problemKeys = {
  list: (query: ProblemListQuery) => ['problems', 'list', query] as const,
  /** a group's problem (`gid`) is asked for with its group; the key starts the same, so a verdict reloads both */
  detail: (problemId: string, gid?: number) =>
    gid ? (['problems', 'detail', problemId, gid] as const) : (['problems', 'detail', problemId] as const),
  languages: ['languages'] as const,
  tags: ['problems', 'tags'] as const,
  /** the caller's marks; the uid is in the key so another login never sees them */
  userStatus: (uid: string, pids: readonly number[]) => ['problems', 'user-status', uid, pids] as const,
  explain: (problemId: string, page: number, gid?: number) =>
    ['problems', 'explain', problemId, page, gid ?? 0] as const,
  annex: (problemId: string, gid?: number) => ['problems', 'annex', problemId, gid ?? 0] as const,
};

/*
 * The calls of the list and the problem page as options: the screens use them with the app's API,
 * and the server with its own to render their first data (first-data.ts).
 */
export const problemListOptions = (query: ProblemListQuery, endpoints: Endpoints = api) =>
  queryOptions({ queryKey: problemKeys.list(query), queryFn: () => endpoints.getProblemList(query) });

export const problemDetailOptions = (problemId: string, gid?: number, endpoints: Endpoints = api) =>
  queryOptions({
    queryKey: problemKeys.detail(problemId, gid),
    queryFn: () => endpoints.getProblemDetail(problemId, gid),
  });

/** All judge languages (templates, CodeMirror modes), fetched once: they change only with the judges. */
export const languagesOptions = (endpoints: Endpoints = api) =>
  queryOptions({
    queryKey: problemKeys.languages,
    queryFn: () => endpoints.getLanguages(),
    staleTime: Infinity,
  });

/** Tags grouped by classification, for the list's tag filter. */
export const problemTagsOptions = (endpoints: Endpoints = api) =>
  queryOptions({
    queryKey: problemKeys.tags,
    queryFn: () => endpoints.getProblemTagsAndClassification(),
    staleTime: 5 * 60_000,
  });

export function useProblemList(query: ProblemListQuery) {
  return useQuery({ ...problemListOptions(query), placeholderData: keepPreviousData });
}

/** A problem's page; `gid` opens a group's problem (HOJ's GroupProblemDetails). */
export function useProblemDetail(problemId: string, gid?: number) {
  return useQuery(problemDetailOptions(problemId, gid));
}

export function useLanguages() {
  return useQuery(languagesOptions());
}

export function useProblemTags() {
  return useQuery(problemTagsOptions());
}

/** The logged-in caller's accepted / tried marks for the listed problems (none for visitors). */
export function useUserProblemStatus(uid: string | null, pids: readonly number[]) {
  return useQuery({
    queryKey: problemKeys.userStatus(uid ?? '', pids),
    queryFn: () => api.getUserProblemStatus({ pidList: [...pids], isContestProblemList: false }),
    enabled: !!uid && pids.length > 0,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useExplainList(problemId: string, page: number, limit: number, gid?: number) {
  return useQuery({
    queryKey: problemKeys.explain(problemId, page, gid),
    queryFn: () => api.getExplainList({ pid: problemId, currentPage: page, limit, ...(gid ? { gid } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnexList(problemId: string, gid?: number) {
  return useQuery({
    queryKey: problemKeys.annex(problemId, gid),
    queryFn: () => api.getProblemAnnexList(problemId, gid),
  });
}
