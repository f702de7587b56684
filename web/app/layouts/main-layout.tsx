import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/web/components/skip-link';
import { LazyLoginDialog } from '@/web/features/auth/login-dialog-lazy';
import { RouteDescription } from '../route-description';
import { RouteProgress } from './route-progress';
import { TopNav } from './top-nav';

/** Main site: top navigation over the page. */
export function MainLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteDescription />
      <SkipLink />
      <RouteProgress />
      <TopNav />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <LazyLoginDialog />
    </div>
  );
}
