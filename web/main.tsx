import '@/shared/lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { siteMessagesReady } from './lib/i18n';

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
