import '@/shared/lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { seedFirstData } from './app/first-data';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { authStore } from './lib/auth';
import { siteMessagesReady } from './lib/i18n';
import { queryClient } from './lib/query-client';

// the answers the server drew this page's screen with, so the first render draws the same
seedFirstData(queryClient, !!authStore.getState().token);

void Promise.all([createRouter(), siteMessagesReady]).then(([router]) => {
  const root = createRoot(document.getElementById('root')!);
  // The server's frame (and on some screens the screen) is on screen already (docs/architecture.md,
  // The first paint): the first render may yield to the browser between components instead of
  // holding the main thread in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
