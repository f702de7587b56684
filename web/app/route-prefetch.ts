import type { LoaderFunctionArgs } from 'react-router';
import { prefetchProblemPage } from '@/web/features/problems/prefetch';
import { queryClient } from '@/web/lib/query-client';

/**
 * Router loaders that start a screen's first API calls at once, beside the download of the
 * screen's own chunk instead of after it: on a phone's connection that is one round trip less
 * before the content paints (docs/benchmarks.md, the web app's first load). They never wait for
 * the answer; the screen reads it from the shared cache, and a failure is the screen's to show.
 */
export function prefetchProblem({ params }: LoaderFunctionArgs): null {
  if (params.problemId) prefetchProblemPage(queryClient, params.problemId);
  return null;
}
