import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api';
import { problemKeys } from './api';

/**
 * The problem page's first calls, under the keys its screen reads (see web/app/route-prefetch.ts).
 * Silent: a failure is shown once, by the screen, when it asks again.
 */
export function prefetchProblemPage(client: QueryClient, problemId: string): void {
  const meta = { silent: true };
  void client.prefetchQuery({
    queryKey: problemKeys.detail(problemId),
    queryFn: () => api.getProblemDetail(problemId),
    meta,
  });
  void client.prefetchQuery({
    queryKey: problemKeys.languages,
    queryFn: () => api.getLanguages(),
    staleTime: Infinity,
    meta,
  });
}
