import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProblemListQuery } from '@/shared/api/endpoints';
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

export function useProblemList(query: ProblemListQuery) {
  return useQuery({
    queryKey: problemKeys.list(query),
    queryFn: () => api.getProblemList(query),
    placeholderData: keepPreviousData,
  });
}

/** A problem's page; `gid` opens a group's problem (HOJ's GroupProblemDetails). */
export function useProblemDetail(problemId: string, gid?: number) {
  return useQuery({
    queryKey: problemKeys.detail(problemId, gid),
    queryFn: () => api.getProblemDetail(problemId, gid),
  });
}

/** All judge languages (templates, CodeMirror modes), fetched once: they change only with the judges. */
export function useLanguages() {
  return useQuery({
    queryKey: problemKeys.languages,
    queryFn: () => api.getLanguages(),
    staleTime: Infinity,
  });
}

/** Tags grouped by classification, for the list's tag filter. */
export function useProblemTags() {
  return useQuery({
    queryKey: problemKeys.tags,
    queryFn: () => api.getProblemTagsAndClassification(),
    staleTime: 5 * 60_000,
  });
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
