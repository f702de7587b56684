import type { LoaderFunctionArgs } from 'react-router';
import { prefetchProblemPage } from '@/web/features/problems/prefetch';
import { queryClient } from '@/web/lib/query-client';
import { RENDERING_ON_SERVER } from '@/web/lib/server-render';

/**
 * Router loaders that start a screen's first API calls at once, beside the download of the
 * screen's own chunk instead of after it: on a phone's connection that is one round trip less
 * before the content paints (docs/benchmarks.md, the web app's first load). They never wait for
 * the answer; the screen reads it from the shared cache, and a failure is the screen's to show.
 */
export function prefetchProblem({ params }: LoaderFunctionArgs): null {
  // the server's first render makes these calls itself (first-data.ts)
  if (RENDERING_ON_SERVER) return null;
  if (params.problemId) prefetchProblemPage(queryClient, params.problemId);
  return null;
}
