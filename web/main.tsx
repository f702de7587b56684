import '@/shared/lib/zod-jitless';
import './styles.css';

/**
 * The app starts in stages, each in a task of its own (docs/architecture.md, The first paint):
 * the server's page is on screen already, and evaluating all of the app's code at once held a
 * phone's main thread for one long task (~60-100 ms) in which no tap is answered. A stage's
 * `import()` evaluates the code it needs that an earlier stage did not.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // React and the router
  const [{ StrictMode, startTransition }, { createRoot, hydrateRoot }, { RouterProvider }] =
    await Promise.all([import('react'), import('react-dom/client'), import('react-router')]);
  await nextTask();
  // the interface's language and messages
  const { siteMessagesReady } = await import('./lib/i18n');
  await nextTask();
  // the server's answers for this page's screen, so the first render draws what the server drew
  const [{ seedFirstData }, { queryClient }, { authStore }] = await Promise.all([
    import('./app/first-data'),
    import('./lib/query-client'),
    import('./lib/auth'),
  ]);
  seedFirstData(queryClient, !!authStore.getState().token);
  await nextTask();
  const [{ AppProviders }, { BrowserKnownProvider }, { SCREEN_DRAWN_ATTRIBUTE }] = await Promise.all([
    import('./app/providers'),
    import('./lib/server-render'),
    import('@/shared/seo/frame-page'),
  ]);
  await nextTask();
  const { createAppRouter, loadMatchedRoutes } = await import('./app/router');
  await nextTask();
  // Where the server drew the screen, the first render draws the same and takes that markup over
  // in place, instead of building the page's DOM again: it waits for the screen's code, its first
  // loaders and its messages.
  const container = document.getElementById('root')!;
  const hydrating = container.hasAttribute(SCREEN_DRAWN_ATTRIBUTE);
  if (hydrating) {
    await loadMatchedRoutes();
    await nextTask();
  }
  const router = createAppRouter();
  await Promise.all([hydrating ? routerReady(router) : null, siteMessagesReady]);
  const app = (
    <StrictMode>
      <BrowserKnownProvider hydrating={hydrating}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </BrowserKnownProvider>
    </StrictMode>
  );
  // The first render may yield to the browser between components instead of holding the main
  // thread in one long task.
  if (hydrating) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => onRedrawn(container, error) });
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

type AppRouter = ReturnType<typeof import('./app/router').createAppRouter>;

/** Once the router's first matches are loaded (their code and loaders): before that it draws no screen. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Marks a first render over the server's markup that could not take it over (it drew something
 * else) and was redrawn from scratch: a bug to fix, which the browser tests look for.
 */
function onRedrawn(container: HTMLElement, error: unknown) {
  container.dataset.firstRender = 'redrawn';
  console.error(error);
}

void start();
