/**
 * The main site's frame (navigation, skip link, progress bar), and on some screens the screen's
 * first render (with the answers of its first calls where its route names them), rendered on the
 * server into the page's HTML so a phone paints them with the HTML and the style sheet instead of
 * after the app's scripts (docs/architecture.md, The first paint).
 * It is the markup the app's own first render draws, which takes a screen over in place
 * (hydration) and replaces the frame alone (drawn while the screen's chunk loads:
 * `MainLayoutFallback`). What only the browser knows is left open (`useBrowserKnown`): the login
 * (an empty button's room), the phone's narrow navigation (both forms, one shown by CSS). Built for Node by `vite build --ssr`
 * (web/vite.config.ts) and loaded by the server (server/plugins/page-frame.ts).
 */
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import enUS from '@/locales/en-US.json';
import zhCN from '@/locales/zh-CN.json';
import { createApiClient } from '@/shared/api/client';
import { createEndpoints } from '@/shared/api/endpoints';
import { WEB_DELIVERY } from '@/shared/constants/web-delivery';
import { type AppLanguage, createI18n, type Messages } from '@/shared/i18n';
import type { FramePage, ServerFetch } from '@/shared/seo/frame-page';
import type { ScreenHandle } from '@/web/app/first-data';
import { MainLayoutFallback } from '@/web/app/layouts/main-layout';
import { MAIN_FRAME_ROUTES, routes, SERVER_RENDERED_SCREENS } from '@/web/app/routes';
import { TooltipProvider } from '@/web/components/ui/tooltip';

const MESSAGES: Record<AppLanguage, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

/** A fixed origin to parse the path against: nothing is built from the request's Host. */
const BASE = 'http://frame.invalid';

/** The frame alone, as the app draws it while a screen's chunk loads. */
const frame = createStaticHandler([{ path: '*', Component: MainLayoutFallback }]);
/** The app's own routes, for the screens rendered here (their chunks are loaded when first matched). */
const screens = createStaticHandler(routes);

/** One i18next instance per language, made once: making one costs more than rendering the frame. */
const instances = new Map<AppLanguage, ReturnType<typeof createI18n>>();
function i18nFor(language: AppLanguage) {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language, { [language]: { translation: MESSAGES[language] } });
    instances.set(language, instance);
  }
  return instance;
}

/** The providers every render here shares: the language, the query cache, tooltips. */
function Providers({
  language,
  client,
  children,
}: {
  language: AppLanguage;
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <QueryClientProvider client={client}>
        <TooltipProvider delayDuration={300}>{children}</TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Makes the first calls the matched routes name (their handle's firstQueries) and keeps the ones
 * answered within the budget; a call that failed or is late is left to the app, which makes it
 * again: the screen is drawn as it is before that answer. Whether the routes named any.
 */
async function firstData(
  client: QueryClient,
  matches: { params: Record<string, string | undefined>; route: { handle?: unknown } }[],
  url: URL,
  language: AppLanguage,
  fetchApi: ServerFetch,
): Promise<boolean> {
  // the client asks with a URL string and its init
  const fetch = ((input: string, init?: RequestInit) =>
    fetchApi(input, init ?? {})) as typeof globalThis.fetch;
  const api = createEndpoints(
    createApiClient({ baseUrl: BASE, getToken: () => null, getLanguage: () => language, fetch }),
  );
  const calls = matches.flatMap(({ params, route }) =>
    (
      (route.handle as ScreenHandle | undefined)?.firstQueries?.({ params, search: url.searchParams, api }) ??
      []
    ).map((options) => client.prefetchQuery({ ...options, retry: false })),
  );
  if (calls.length === 0) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, WEB_DELIVERY.firstDataBudgetMs);
  });
  await Promise.race([Promise.all(calls), late]);
  clearTimeout(timer);
  client.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return true;
}

/** What renderToString leaves to the browser: a part inside Suspense that could not be drawn. */
const LEFT_TO_BROWSER = '<!--$!-->';

/**
 * The markup of a tree whose lazy parts are all drawn. renderToString leaves a part whose code is
 * not loaded yet to the browser, which would then draw it again instead of taking the server's
 * markup over (docs/architecture.md, The first paint): then the tree is prerendered, which waits
 * for every such part's code (its own output streams them in with inline scripts, which the CSP
 * refuses), and rendered again with all of it loaded.
 */
async function renderLoaded(tree: ReactNode): Promise<string> {
  const html = renderToString(tree);
  if (!html.includes(LEFT_TO_BROWSER)) return html;
  const { prelude } = await prerender(tree);
  await prelude.cancel();
  return renderToString(tree);
}

/**
 * The screen inside the frame, as its first render draws it with its first calls' answers (when the
 * server can make them) or before any data; null when it cannot be drawn here (its chunk failed to
 * load or threw while rendering), and the frame alone is served. Nothing else is fetched: queries
 * without an answer stay pending.
 */
async function renderScreen(
  url: string,
  language: AppLanguage,
  fetchApi: ServerFetch | undefined,
): Promise<FramePage | null> {
  const context = await screens.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const client = new QueryClient();
  const dataBound = fetchApi
    ? await firstData(client, context.matches, new URL(url), language, fetchApi)
    : false;
  const router = createStaticRouter(screens.dataRoutes, context);
  try {
    const html = await renderLoaded(
      <Providers language={language} client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>,
    );
    const answers = dehydrate(client);
    return {
      html,
      data: answers.queries.length > 0 ? JSON.stringify(answers) : null,
      dataBound,
      screen: true,
    };
  } catch {
    // the frame alone is still right; tests/e2e/first-load.e2e.test.ts checks the screens are drawn
    return null;
  } finally {
    client.clear();
  }
}

/**
 * The first paint's HTML for a main-site page (`pathname` and `search` of its URL) in a language:
 * the frame, with the screen inside it where SERVER_RENDERED_SCREENS says (drawn with its first
 * data when `fetchApi` can ask the server for it); null outside the main site.
 */
export async function renderFrame(
  pathname: string,
  language: AppLanguage,
  search = '',
  fetchApi?: ServerFetch,
): Promise<FramePage | null> {
  const matches = matchRoutes(routes, pathname);
  const top = matches?.[0]?.route.id;
  if (!top || !MAIN_FRAME_ROUTES.includes(top)) return null;
  // appended, not resolved: a path like //host/x stays a path of BASE
  const url = `${BASE}${pathname}${search}`;
  const screen = matches?.at(-1)?.route.id;
  if (screen && SERVER_RENDERED_SCREENS.includes(screen)) {
    const page = await renderScreen(url, language, fetchApi);
    if (page !== null) return page;
  }
  const context = await frame.query(new Request(url));
  if (context instanceof Response) return null;
  const html = renderToString(
    <Providers language={language} client={new QueryClient()}>
      <StaticRouterProvider
        router={createStaticRouter(frame.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </Providers>,
  );
  return { html, data: null };
}
