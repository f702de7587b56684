import type { QueryClient } from '@tanstack/react-query';
import { type FirstQueries, firstCall } from '@/web/app/first-data';
import { websiteConfigOptions } from '@/web/features/auth';
import { languagesOptions, problemDetailOptions, problemListOptions, problemTagsOptions } from './api';
import { problemListQueryOf } from './lib/list-query';

/** The list's first calls: the page of problems its URL names, and the tags of its filter. */
export const problemListFirstQueries: FirstQueries = ({ search, api }) => [
  firstCall(problemListOptions(problemListQueryOf(search), api)),
  firstCall(problemTagsOptions(api)),
];

/**
 * The problem page's first calls: the problem, the judge's languages, and the site's settings (its
 * statement's tools read them: asked for by the app, they would redraw the statement at once).
 */
export const problemPageFirstQueries: FirstQueries = ({ params, api }) =>
  params.problemId
    ? [
        firstCall(problemDetailOptions(params.problemId, undefined, api)),
        firstCall(languagesOptions(api)),
        firstCall(websiteConfigOptions(api)),
      ]
    : [];

/**
 * The problem page's first calls, started by the router beside the screen's chunk
 * (web/app/route-prefetch.ts). Silent: a failure is shown once, by the screen, when it asks again.
 */
export function prefetchProblemPage(client: QueryClient, problemId: string): void {
  const meta = { silent: true };
  void client.prefetchQuery({ ...problemDetailOptions(problemId), meta });
  void client.prefetchQuery({ ...languagesOptions(), meta });
}
