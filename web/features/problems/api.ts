import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProblemListQuery } from '@/shared/api/endpoints';
import { api } from '@/web/lib/api';

export const problemKeys = {
  list: (query: ProblemListQuery) => ['problems', 'list', query] as const,
  detail: (problemId: string) => ['problems', 'detail', problemId] as const,
  languages: ['languages'] as const,
};

export function useProblemList(query: ProblemListQuery) {
  return useQuery({
    queryKey: problemKeys.list(query),
    queryFn: () => api.getProblemList(query),
    placeholderData: keepPreviousData,
  });
}

export function useProblemDetail(problemId: string) {
  return useQuery({
    queryKey: problemKeys.detail(problemId),
    queryFn: () => api.getProblemDetail(problemId),
  });
}

/** All judge languages (templates, CodeMirror modes); spec §7: the result is cached. */
export function useLanguages() {
  return useQuery({
    queryKey: problemKeys.languages,
    queryFn: () => api.getLanguages(),
    staleTime: Infinity,
  });
}
