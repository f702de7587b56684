import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes, SERVER_RENDERED_SCREENS } from './routes';

/**
 * The web app's router (the route table, which the server's first render reads too, is routes.tsx).
 * On a screen the server rendered, the chunks of the matched routes are loaded first, so the app's
 * first render draws that screen where the server's is, instead of the frame alone in between
 * (docs/architecture.md, The first paint).
 */
export async function createRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  const screen = matches.at(-1)?.route.id;
  if (screen && SERVER_RENDERED_SCREENS.includes(screen)) {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        // what the router would do itself after its first render, done before it
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}
