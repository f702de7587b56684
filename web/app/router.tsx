import { createBrowserRouter } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { RouteProgressFallback } from './layouts/route-progress';
import { RouteError } from './route-error';

/** Routes of the main site. Screens are lazy chunks so the first load stays small. */
export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteProgressFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('@/web/features/home/home-route') },
          { path: 'problem', lazy: () => import('@/web/features/problems/routes/problem-list-route') },
          {
            path: 'problem/:problemId',
            lazy: () => import('@/web/features/problems/routes/problem-detail-route'),
          },
          { path: 'status', lazy: () => import('@/web/features/submissions/routes/submission-list-route') },
          {
            path: 'submission-detail/:submitId',
            lazy: () => import('@/web/features/submissions/routes/submission-detail-route'),
          },
          {
            path: 'admin',
            lazy: () => import('@/web/features/admin/admin-layout-route'),
            children: [
              { index: true, lazy: () => import('@/web/features/admin/admin-index-route') },
              { path: 'config', lazy: () => import('@/web/features/admin/site-config-route') },
              { path: 'switch', lazy: () => import('@/web/features/admin/switches-route') },
              { path: 'announcement', lazy: () => import('@/web/features/admin/announcements-route') },
              { path: 'notice', lazy: () => import('@/web/features/messages/admin-notice-route') },
            ],
          },
          { path: 'message/:type?', lazy: () => import('@/web/features/messages/message-centre-route') },
          { path: 'user-home', lazy: () => import('@/web/features/profile/routes/user-home-route') },
          { path: 'setting', lazy: () => import('@/web/features/profile/routes/settings-route') },
          { path: 'reset-password', lazy: () => import('@/web/features/auth/reset-password-route') },
          { path: '*', lazy: () => import('@/web/features/not-found/not-found-route') },
        ],
      },
    ],
  },
]);
