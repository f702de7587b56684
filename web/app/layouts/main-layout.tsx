import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/web/components/skip-link';
import { LazyLoginDialog } from '@/web/features/auth/login-dialog-lazy';
import { RouteDescription } from '../route-description';
import { RouteProgress, RouteProgressFallback } from './route-progress';
import { TopNav } from './top-nav';

/** Main site: top navigation over the page. */
export function MainLayout() {
  return (
    <Frame progress={<RouteProgress />}>
      <Outlet />
    </Frame>
  );
}

/**
 * The same frame while the first screen's lazy chunk loads: the navigation is painted as soon as
 * the app's own script has run, not after the screen's chunk (docs/benchmarks.md, first load).
 */
export function MainLayoutFallback() {
  return <Frame progress={<RouteProgressFallback />} />;
}

function Frame({ progress, children }: { progress: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteDescription />
      <SkipLink />
      {progress}
      {/* each boundary is taken over from the server's markup in a commit of its own (docs/architecture.md, The first paint) */}
      <Suspense>
        <TopNav />
      </Suspense>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
        <Suspense>{children}</Suspense>
      </main>
      <LazyLoginDialog />
    </div>
  );
}
