/**
 * The main site's frame (navigation, skip link, progress bar), and on some screens the screen's
 * first render, rendered on the server into the page's HTML so a phone paints them with the HTML
 * and the style sheet instead of after the app's scripts (docs/architecture.md, The first paint).
 * It is the markup the app's own first render draws (the frame while the screen's chunk loads:
 * `MainLayoutFallback`), which then replaces it in place.
 * What only the browser knows is left open: the login (an empty button's room) and the phone's
 * narrow navigation (both forms, one shown by CSS). Built for Node by `vite build --ssr`
 * (web/vite.config.ts) and loaded by the server (server/plugins/page-frame.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import enUS from '@/locales/en-US.json';
import zhCN from '@/locales/zh-CN.json';
import { type AppLanguage, createI18n, type Messages } from '@/shared/i18n';
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

/** The providers every render here shares: the language, an empty query cache, tooltips. */
function Providers({ language, children }: { language: AppLanguage; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider delayDuration={300}>{children}</TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * The screen inside the frame, as its first render draws it before any data has arrived; null when
 * it cannot be drawn here (its chunk failed to load or threw while rendering), and the frame alone
 * is served. The queries stay pending: nothing is fetched on the server.
 */
async function renderScreen(url: string, language: AppLanguage): Promise<string | null> {
  const context = await screens.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(screens.dataRoutes, context);
  try {
    return renderToString(
      <Providers language={language}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>,
    );
  } catch {
    // the frame alone is still right; tests/e2e/first-load.e2e.test.ts checks the screens are drawn
    return null;
  }
}

/**
 * The first paint's HTML for a main-site page (`pathname` and `search` of its URL) in a language:
 * the frame, with the screen inside it where SERVER_RENDERED_SCREENS says; null outside the main site.
 */
export async function renderFrame(
  pathname: string,
  language: AppLanguage,
  search = '',
): Promise<string | null> {
  const matches = matchRoutes(routes, pathname);
  const top = matches?.[0]?.route.id;
  if (!top || !MAIN_FRAME_ROUTES.includes(top)) return null;
  // appended, not resolved: a path like //host/x stays a path of BASE
  const url = `${BASE}${pathname}${search}`;
  const screen = matches?.at(-1)?.route.id;
  if (screen && SERVER_RENDERED_SCREENS.includes(screen)) {
    const html = await renderScreen(url, language);
    if (html !== null) return html;
  }
  const context = await frame.query(new Request(url));
  if (context instanceof Response) return null;
  return renderToString(
    <Providers language={language}>
      <StaticRouterProvider
        router={createStaticRouter(frame.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </Providers>,
  );
}
