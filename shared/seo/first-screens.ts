/**
 * The screen module a public page's first load runs, by path: the server names that module's
 * scripts in the page's head (modulepreload) so the browser fetches them beside the app's own
 * instead of after the app has started and matched the route — on a phone's connection one round
 * trip and a chain of small downloads less before the content paints (docs/benchmarks.md, the web
 * app's first load). Each module is one the router loads lazily for that path (web/app/router.tsx;
 * a unit test checks both lists agree). Module paths are as the build's manifest names them:
 * relative to web/.
 */
const FIRST_SCREENS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(home)?$/, 'features/home/home-route.tsx'],
  [/^\/problem$/, 'features/problems/routes/problem-list-route.tsx'],
  [/^\/problem\/[^/]+$/, 'features/problems/routes/problem-detail-route.tsx'],
  [/^\/status$/, 'features/submissions/routes/submission-list-route.tsx'],
  [/^\/submission-detail\/[^/]+$/, 'features/submissions/routes/submission-detail-route.tsx'],
  [/^\/contest$/, 'features/contests/routes/contest-list-route.tsx'],
  [/^\/training$/, 'features/trainings/routes/training-list-route.tsx'],
  [/^\/discussion$/, 'features/discussions/routes/discussion-list-route.tsx'],
  [/^\/discussion-detail\/[^/]+$/, 'features/discussions/routes/discussion-detail-route.tsx'],
  [/^\/acm-rank$/, 'features/ranks/routes/acm-rank-route.tsx'],
  [/^\/oi-rank$/, 'features/ranks/routes/oi-rank-route.tsx'],
  [/^\/group$/, 'features/groups/routes/group-list-route.tsx'],
];

/** Every module of the table, for the check against the router. */
export const FIRST_SCREEN_MODULES: readonly string[] = FIRST_SCREENS.map(([, module]) => module);

/** The screen module the path's first load runs, or null when the page is not in the table. */
export function firstScreenModule(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return FIRST_SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
