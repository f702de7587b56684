import type { RouteObject } from 'react-router';
import { contestListFirstQueries } from '@/web/features/contests/prefetch';
import { problemListFirstQueries, problemPageFirstQueries } from '@/web/features/problems/prefetch';
import type { FirstQueries, ScreenHandle } from './first-data';
import { MainLayout, MainLayoutFallback } from './layouts/main-layout';
import { RouteError } from './route-error';
import { prefetchProblem } from './route-prefetch';

/** The screens inside a contest (its tabs), the same on the main site and a contest site. */
const contestChildren = [
  { index: true, lazy: () => import('@/web/features/contests/routes/contest-overview-route') },
  { path: 'problems', lazy: () => import('@/web/features/contests/routes/contest-problems-route') },
  { path: 'problem/:problemID', lazy: () => import('@/web/features/contests/routes/contest-problem-route') },
  { path: 'submissions', lazy: () => import('@/web/features/contests/routes/contest-submissions-route') },
  {
    path: 'problem/:problemID/submission-detail/:submitID',
    lazy: () => import('@/web/features/contests/routes/contest-submission-detail-route'),
  },
  { path: 'rank', lazy: () => import('@/web/features/contests/board/contest-rank-route') },
  { path: 'announcements', lazy: () => import('@/web/features/contests/ops/announcements-route') },
  {
    path: 'clarifications',
    lazy: () => import('@/web/features/contests/clarifications/clarifications-route'),
  },
  { path: 'comment', lazy: () => import('@/web/features/contests/comments/comment-route') },
  { path: 'print', lazy: () => import('@/web/features/contests/ops/print-route') },
  { path: 'ac-info', lazy: () => import('@/web/features/contests/ops/ac-info-route') },
  { path: 'admin-print', lazy: () => import('@/web/features/contests/ops/admin-print-route') },
  { path: 'rejudge', lazy: () => import('@/web/features/contests/ops/rejudge-route') },
  { path: 'scroll-board', lazy: () => import('@/web/features/contests/scroll-board/scroll-params-route') },
];

/** The tabs of a group (HOJ's GroupDetails children); its problem page stands alone, like a training's. */
const groupChildren = [
  { index: true, lazy: () => import('@/web/features/groups/routes/group-intro-route') },
  { path: 'announcement', lazy: () => import('@/web/features/groups/routes/group-announcements-route') },
  { path: 'problem', lazy: () => import('@/web/features/groups/routes/group-problems-route') },
  { path: 'training', lazy: () => import('@/web/features/groups/routes/group-trainings-route') },
  { path: 'contest', lazy: () => import('@/web/features/groups/routes/group-contests-route') },
  { path: 'status', lazy: () => import('@/web/features/groups/routes/group-status-route') },
  {
    path: 'submission-detail/:submitID',
    lazy: () => import('@/web/features/groups/routes/group-submission-detail-route'),
  },
  { path: 'discussion', lazy: () => import('@/web/features/groups/routes/group-discussions-route') },
  {
    path: 'discussion/:problemID',
    lazy: () => import('@/web/features/groups/routes/group-discussions-route'),
  },
  {
    path: 'discussion-detail/:discussionID',
    lazy: () => import('@/web/features/groups/routes/group-discussion-detail-route'),
  },
  { path: 'rank', lazy: () => import('@/web/features/groups/routes/group-rank-route') },
  { path: 'member', lazy: () => import('@/web/features/groups/routes/group-members-route') },
  { path: 'setting', lazy: () => import('@/web/features/groups/routes/group-settings-route') },
  {
    // the console's editors with the group's scope: the group's admins edit its problems, trainings and contests
    lazy: () => import('@/web/features/admin/groups/group-editor-layout'),
    children: [
      { path: 'problem/:pid/edit', lazy: () => import('@/web/features/admin/problems/problem-editor-route') },
      {
        path: 'training/:tid/edit',
        lazy: () => import('@/web/features/admin/trainings/training-editor-route'),
      },
      {
        path: 'training/:tid/problems',
        lazy: () => import('@/web/features/admin/trainings/training-problems-route'),
      },
      { path: 'contest/:cid/edit', lazy: () => import('@/web/features/admin/contests/contest-editor-route') },
      {
        path: 'contest/:cid/problem',
        lazy: () => import('@/web/features/admin/contests/contest-problems-route'),
      },
      {
        path: 'contest/:cid/problem/create',
        lazy: () => import('@/web/features/admin/contests/contest-problem-create-route'),
      },
      {
        path: 'contest/:cid/announcement',
        lazy: () => import('@/web/features/admin/contests/contest-announcements-route'),
      },
    ],
  },
];

/** The ids of the routes that draw the main site's frame (the server renders it first: web/ssr). */
export const MAIN_FRAME_ROUTES: readonly string[] = ['main', 'main-unknown'];

/**
 * The screens the server renders with the frame, by route id (web/ssr/render-frame.tsx): as their
 * first render draws them, with the answers of their first calls where their route's handle names
 * them (first-data.ts), before any data otherwise (headings, introductions, placeholders). Only
 * screens whose first render needs nothing but the path, the language, the messages and those
 * answers: no browser object while rendering, nothing read from storage. The app loads their chunk
 * before its first render, so that render draws the same screen in place (web/app/router.tsx).
 */
export const SERVER_RENDERED_SCREENS: readonly string[] = [
  'home',
  'status',
  'problems',
  'problem',
  'contests',
];

const screen = (firstQueries: FirstQueries): ScreenHandle => ({ firstQueries });

/** Routes of the main site. Screens are lazy chunks so the first load stays small. */
export const routes: RouteObject[] = [
  // the scroll board opens in its own window, without the site's frame
  { path: 'scrollBoard', lazy: () => import('@/web/features/contests/scroll-board/scroll-board-route') },
  {
    id: 'main',
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <MainLayoutFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { id: 'home', index: true, lazy: () => import('@/web/features/home/home-route') },
          { path: 'home', lazy: () => import('@/web/features/home/home-route') },
          { path: 'acm-rank', lazy: () => import('@/web/features/ranks/routes/acm-rank-route') },
          { path: 'oi-rank', lazy: () => import('@/web/features/ranks/routes/oi-rank-route') },
          {
            id: 'problems',
            path: 'problem',
            handle: screen(problemListFirstQueries),
            lazy: () => import('@/web/features/problems/routes/problem-list-route'),
          },
          {
            id: 'problem',
            path: 'problem/:problemId',
            handle: screen(problemPageFirstQueries),
            loader: prefetchProblem,
            lazy: () => import('@/web/features/problems/routes/problem-detail-route'),
          },
          {
            id: 'status',
            path: 'status',
            lazy: () => import('@/web/features/submissions/routes/submission-list-route'),
          },
          { path: 'training', lazy: () => import('@/web/features/trainings/routes/training-list-route') },
          {
            path: 'training/:trainingID',
            lazy: () => import('@/web/features/trainings/routes/training-shell-route'),
            children: [
              { index: true, lazy: () => import('@/web/features/trainings/routes/training-intro-route') },
              {
                path: 'problems',
                lazy: () => import('@/web/features/trainings/routes/training-problems-route'),
              },
              { path: 'rank', lazy: () => import('@/web/features/trainings/routes/training-rank-route') },
            ],
          },
          {
            path: 'training/:trainingID/problem/:problemID',
            lazy: () => import('@/web/features/trainings/routes/training-problem-route'),
          },
          { path: 'group', lazy: () => import('@/web/features/groups/routes/group-list-route') },
          {
            path: 'group/:groupID',
            lazy: () => import('@/web/features/groups/routes/group-shell-route'),
            children: groupChildren,
          },
          {
            path: 'group/:groupID/problem/:problemID',
            lazy: () => import('@/web/features/groups/routes/group-problem-route'),
          },
          {
            id: 'contests',
            path: 'contest',
            handle: screen(contestListFirstQueries),
            lazy: () => import('@/web/features/contests/routes/contest-list-route'),
          },
          {
            path: 'contest/:contestID',
            lazy: () => import('@/web/features/contests/routes/contest-shell-route'),
            children: contestChildren,
          },
          {
            path: 'submission-detail/:submitId',
            lazy: () => import('@/web/features/submissions/routes/submission-detail-route'),
          },
          {
            path: 'admin',
            lazy: () => import('@/web/features/admin/admin-layout-route'),
            children: [
              { path: 'problem', lazy: () => import('@/web/features/admin/problems/problem-list-route') },
              {
                path: 'problem/create',
                lazy: () => import('@/web/features/admin/problems/problem-editor-route'),
              },
              {
                path: 'problem/import',
                lazy: () => import('@/web/features/admin/problems/import-route'),
              },
              {
                path: 'problem/:pid/edit',
                lazy: () => import('@/web/features/admin/problems/problem-editor-route'),
              },
              { path: 'contest', lazy: () => import('@/web/features/admin/contests/contest-list-route') },
              {
                path: 'contest/create',
                lazy: () => import('@/web/features/admin/contests/contest-editor-route'),
              },
              {
                path: 'contest/:cid/edit',
                lazy: () => import('@/web/features/admin/contests/contest-editor-route'),
              },
              {
                path: 'contest/:cid/problem',
                lazy: () => import('@/web/features/admin/contests/contest-problems-route'),
              },
              {
                path: 'contest/:cid/problem/create',
                lazy: () => import('@/web/features/admin/contests/contest-problem-create-route'),
              },
              {
                path: 'contest/:cid/announcement',
                lazy: () => import('@/web/features/admin/contests/contest-announcements-route'),
              },
              { path: 'user', lazy: () => import('@/web/features/admin/users/user-list-route') },
              { path: 'user/import', lazy: () => import('@/web/features/admin/users/user-import-route') },
              { path: 'user/generate', lazy: () => import('@/web/features/admin/users/user-generate-route') },
              { path: 'tag', lazy: () => import('@/web/features/admin/tags/tags-route') },
              { path: 'config', lazy: () => import('@/web/features/admin/site-config-route') },
              { path: 'dashboard', lazy: () => import('@/web/features/admin/site/dashboard-route') },
              { path: 'judge', lazy: () => import('@/web/features/admin/site/judge-route') },
              { path: 'mail', lazy: () => import('@/web/features/admin/site/mail-route') },
              { path: 'carousel', lazy: () => import('@/web/features/admin/site/carousel-route') },
              { path: 'switch', lazy: () => import('@/web/features/admin/switches-route') },
              { path: 'announcement', lazy: () => import('@/web/features/admin/announcements-route') },
              { path: 'notice', lazy: () => import('@/web/features/messages/admin-notice-route') },
              {
                path: 'discussion',
                lazy: () => import('@/web/features/admin/discussions/discussions-route'),
              },
              { path: 'group', lazy: () => import('@/web/features/admin/groups/groups-route') },
              {
                path: 'group-problem',
                lazy: () => import('@/web/features/admin/groups/group-problems-route'),
              },
              { path: 'training', lazy: () => import('@/web/features/admin/trainings/training-list-route') },
              {
                path: 'training/create',
                lazy: () => import('@/web/features/admin/trainings/training-editor-route'),
              },
              {
                path: 'training/category',
                lazy: () => import('@/web/features/admin/trainings/training-categories-route'),
              },
              {
                path: 'training/:tid/edit',
                lazy: () => import('@/web/features/admin/trainings/training-editor-route'),
              },
              {
                path: 'training/:tid/problems',
                lazy: () => import('@/web/features/admin/trainings/training-problems-route'),
              },
            ],
          },
          {
            path: 'discussion',
            lazy: () => import('@/web/features/discussions/routes/discussion-list-route'),
          },
          {
            path: 'discussion/:problemID',
            lazy: () => import('@/web/features/discussions/routes/discussion-list-route'),
          },
          {
            path: 'discussion-detail/:discussionID',
            lazy: () => import('@/web/features/discussions/routes/discussion-detail-route'),
          },
          { path: 'message/:type?', lazy: () => import('@/web/features/messages/message-centre-route') },
          { path: 'user-home', lazy: () => import('@/web/features/profile/routes/user-home-route') },
          { path: 'setting', lazy: () => import('@/web/features/profile/routes/settings-route') },
          { path: 'reset-password', lazy: () => import('@/web/features/auth/reset-password-route') },
        ],
      },
    ],
  },
  // a contest site entered by its short name; the main site's own paths come first and win over short names
  {
    path: ':contest',
    lazy: () => import('@/web/features/contests/site/site-layout-route'),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('@/web/features/contests/site/site-home-route') },
      { path: 'login', lazy: () => import('@/web/features/contests/site/site-login-route') },
      {
        path: 'acm-scoreboard/:contestID',
        lazy: () => import('@/web/features/contests/board/public-board-route'),
      },
      {
        path: 'oi-scoreboard/:contestID',
        lazy: () => import('@/web/features/contests/board/public-board-route'),
      },
      {
        path: ':contestID/problem/:problemID/full-screen',
        lazy: () => import('@/web/features/contests/site/full-screen-route'),
      },
      {
        path: ':contestID',
        lazy: () => import('@/web/features/contests/routes/contest-shell-route'),
        children: contestChildren,
      },
    ],
  },
  {
    id: 'main-unknown',
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [{ path: '*', lazy: () => import('@/web/features/not-found/not-found-route') }],
  },
];
