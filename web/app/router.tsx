import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * The web app's router (the route table, which the server's first render reads too, is routes.tsx).
 * It loads the code of the routes the page's address matches as it starts, and draws the frame
 * (`hydrateFallbackElement`) meanwhile, unless `loadMatchedRoutes` has loaded it before.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the routes the page's address matches, ahead of the router (the app does so on
 * a screen the server drew, whose markup its first render takes over: web/main.tsx). Done in a
 * task of its own: asking for a route's code names its files to the browser, a few milliseconds
 * each on a phone.
 */
export async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      // what the router would do itself as it starts, done before it
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
