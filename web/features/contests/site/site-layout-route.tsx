import { Loader2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { isNotFound } from '@/shared/api/client';
import { isSiteAddress } from '@/shared/lib/site-address';
import { cn } from '@/shared/lib/utils';
import { RouteProgress } from '@/web/app/layouts/route-progress';
import { MAIN_CONTENT_ID, SkipLink } from '@/web/components/skip-link';
import { Button } from '@/web/components/ui/button';
import { LazyLoginDialog, useWebsiteConfig } from '@/web/features/auth';
import { NotFoundPage } from '@/web/features/not-found';
import { useErrorCatalogue } from '@/web/lib/api-errors';
import { authStore } from '@/web/lib/auth';
import { restSegments, type SiteRoute, sameContest, siteRoute } from './lib/site-routes';
import { useSiteBackground, useSiteContestHome, useSiteContestId } from './site-api';
import { SiteHeader } from './site-header';

/** The check is on the token in localStorage, not on the in-memory login: a logout in another tab counts. */
function hasStoredToken(): boolean {
  try {
    return !!window.localStorage.getItem('token');
  } catch {
    return false;
  }
}

/**
 * The before-each-route rules of a contest site, all here: a screen needing a login without a stored token
 * goes to /SHORT/login (stored user and token cleared, 'Please login first!'); a screen needing the
 * website's contest comment area goes back to the contest when the area is closed. Returns whether
 * the screen may show.
 */
function useRouteGuard(shortName: string, route: SiteRoute): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useWebsiteConfig();
  // checked as the route changes, not again when the token goes on the same screen: a logout
  // moves the page to the contest's home first, and the screen it leaves must not send it to login
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked on every route change (location.key)
  const needsLogin = useMemo(
    () => route.access !== 'public' && !hasStoredToken(),
    [location.key, route.access],
  );
  const commentClosed =
    route.access === 'contestComment' && !needsLogin && !!config.data && !config.data.openContestComment;
  const waitingForConfig = route.access === 'contestComment' && !config.data && !config.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked on every route change (location.key)
  useEffect(() => {
    const site = `/${encodeURIComponent(shortName)}`;
    if (needsLogin) {
      authStore.getState().clear();
      toast.error(t('contestSite.loginFirst'), {
        id: 'contest-site-login-first',
      });
      navigate(`${site}/login`, { replace: true });
    } else if (commentClosed) {
      toast.error(t('contestSite.noCommentArea'), {
        id: 'contest-site-comment',
      });
      navigate(route.contestId ? `${site}/${route.contestId}` : site, { replace: true });
    }
  }, [needsLogin, commentClosed, location.key]);
  return !needsLogin && !commentClosed && !waitingForConfig;
}

const GLOW =
  'radial-gradient(ellipse at top left, rgb(79 70 229 / 0.55), transparent 55%), radial-gradient(ellipse at bottom right, rgb(20 184 166 / 0.35), transparent 50%)';

/**
 * The contest's image behind everything; without one (or when it fails) a deep gradient. Only an
 * image on the site itself is shown: the address is an admin's text, and an image from another
 * host would tell that host about every visitor of the landing page.
 */
function Backdrop({ image: address }: { image: string | null | undefined }) {
  const image = address && isSiteAddress(address) ? address : null;
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 bg-slate-950">
      <div className="absolute inset-0" style={{ backgroundImage: GLOW }} />
      {image && (
        <div
          className="absolute inset-0 bg-center bg-cover"
          style={{ backgroundImage: `url(${JSON.stringify(image)})` }}
          data-testid="site-background"
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-black/55 via-black/35 to-black/70" />
    </div>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col" data-testid="contest-site">
      <RouteProgress />
      {children}
    </div>
  );
}

/**
 * A contest site entered by its short name: the contest's background
 * behind a translucent header, no main-site navigation. Unknown short names are the 404 page; a
 * contest id in the path must be the short name's contest.
 */
export function Component() {
  const { t } = useTranslation();
  useErrorCatalogue('contestSite.errors');
  const { contest: shortName = '' } = useParams();
  const location = useLocation();
  const idQuery = useSiteContestId(shortName);
  const home = useSiteContestHome(shortName);
  const background = useSiteBackground(shortName);
  const route = siteRoute(restSegments(location.pathname, shortName));
  const allowed = useRouteGuard(shortName, route);

  if (idQuery.isError) {
    if (isNotFound(idQuery.error))
      return (
        <Frame>
          <NotFoundPage />
        </Frame>
      );
    return (
      <Frame>
        <Backdrop image={null} />
        <div className="m-auto grid justify-items-center gap-3 p-6 text-center text-white" role="alert">
          <p>{t('contestSite.errors.serverError')}</p>
          <Button variant="secondary" onClick={() => void idQuery.refetch()}>
            {t('contestSite.home.retry')}
          </Button>
        </div>
      </Frame>
    );
  }
  if (idQuery.data !== undefined && !sameContest(route.contestId, idQuery.data))
    return (
      <Frame>
        <NotFoundPage />
      </Frame>
    );

  const ready = idQuery.data !== undefined && allowed;
  const body = ready ? (
    <Outlet />
  ) : (
    <div className="m-auto p-10 text-white/80" data-testid="site-loading">
      <Loader2 className="size-6 animate-spin" aria-label={t('common.loading')} />
    </div>
  );

  // the focus mode takes the whole window: no header, no backdrop
  if (route.screen === 'fullScreen')
    return (
      <Frame>
        {body}
        <LazyLoginDialog />
      </Frame>
    );

  const panel = route.screen === 'contest' || route.screen === 'board';
  return (
    <Frame>
      <Backdrop image={background.data} />
      <SkipLink />
      <SiteHeader
        shortName={shortName}
        title={home.data?.title}
        onLoginScreen={route.screen === 'login'}
        cid={idQuery.data}
      />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn(
          'flex min-h-0 flex-1 flex-col outline-none',
          panel &&
            'mx-auto w-full max-w-screen-xl bg-background text-foreground shadow-2xl sm:my-6 sm:w-[calc(100%-3rem)] sm:rounded-xl sm:border',
        )}
        data-testid="site-main"
        data-screen={route.screen}
      >
        {body}
      </main>
      {/* the login screen has the forms itself; elsewhere a 401 opens the dialog */}
      {route.screen !== 'login' && <LazyLoginDialog />}
    </Frame>
  );
}
