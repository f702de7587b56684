import '@/shared/lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { siteMessagesReady } from './lib/i18n';

void siteMessagesReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  // The server's frame is on screen already (docs/architecture.md, The first paint): the first render
  // may yield to the browser between components instead of holding the main thread in one long task.
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
