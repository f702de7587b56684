// Starts the web app after the first paint on a page the server has drawn (docs/architecture.md,
// The first paint): its module script and preloads are named by this element's data attributes
// instead of the page's head, so they are asked for once the drawn page is on screen and do not
// share a slow link with what that paint needs. A file rather than an inline script: the
// Content-Security-Policy allows scripts from the site's files only.
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const preloads = (script.dataset.preload || '').split(' ').filter(Boolean);
  // Each preload costs the main thread a few milliseconds as it is inserted (its request is made
  // there and then; measured 11-22 ms for four on a busy 2-core machine): one per task, after the
  // entry, so that no task is long (docs/benchmarks.md, Sixth pass).
  const preload = (index) => {
    const href = preloads[index];
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    setTimeout(() => preload(index + 1), 0);
  };
  const start = () => {
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
    setTimeout(() => preload(0), 0);
  };
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // a tab opened in the background paints nothing (and runs no animation frame) until it is shown
  if (document.visibilityState === 'hidden') return once();
  // the first contentful paint is reported once it is on screen; where it is not reported, two
  // animation frames: the second begins after the first frame was shown
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)));
  // and whatever happens to the paint, the app starts
  setTimeout(once, 3000);
})();
