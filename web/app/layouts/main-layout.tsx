import { Outlet } from 'react-router';
import { LazyLoginDialog } from '@/web/features/auth/login-dialog-lazy';
import { RouteProgress } from './route-progress';
import { TopNav } from './top-nav';

/** Main site: top navigation over the page. */
export function MainLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteProgress />
      <TopNav />
      <main className="flex min-h-0 flex-1 flex-col">
        <Outlet />
      </main>
      <LazyLoginDialog />
    </div>
  );
}
