/**
 * The main site's frame (navigation, skip link, progress bar), rendered on the server into the
 * page's HTML so a phone paints it with the HTML and the style sheet instead of after the app's
 * scripts (docs/architecture.md, The first paint). It is the markup the app's own first render
 * draws while the screen's chunk loads (`MainLayoutFallback`), which then replaces it in place.
 * What only the browser knows is left open: the login (an empty button's room) and the phone's
 * narrow navigation (both forms, one shown by CSS). Built for Node by `vite build --ssr`
 * (web/vite.config.ts) and loaded by the server (server/plugins/page-frame.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import enUS from '@/locales/en-US.json';
import zhCN from '@/locales/zh-CN.json';
import { type AppLanguage, createI18n, type Messages } from '@/shared/i18n';
import { MainLayoutFallback } from '@/web/app/layouts/main-layout';
import { MAIN_FRAME_ROUTES, routes } from '@/web/app/routes';
import { TooltipProvider } from '@/web/components/ui/tooltip';

const MESSAGES: Record<AppLanguage, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

/** A fixed origin to parse the path against: nothing is built from the request's Host. */
const BASE = 'http://frame.invalid';

const handler = createStaticHandler([{ path: '*', Component: MainLayoutFallback }]);

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

/** Whether the web app draws the main site's frame around this path (not a contest site's, say). */
export function hasMainFrame(pathname: string): boolean {
  const top = matchRoutes(routes, pathname)?.[0];
  return !!top?.route.id && MAIN_FRAME_ROUTES.includes(top.route.id);
}

/** The frame's HTML for a main-site path in a language; null for a path outside the main site. */
export async function renderFrame(pathname: string, language: AppLanguage): Promise<string | null> {
  if (!hasMainFrame(pathname)) return null;
  // appended, not resolved: a path like //host/x stays a path of BASE
  const context = await handler.query(new Request(`${BASE}${pathname}`));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = i18nFor(language);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider delayDuration={300}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
