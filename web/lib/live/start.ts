import { LIVE } from '@/shared/constants/live';
import { queryClient } from '../query-client';

/**
 * Starts the tab's live channel once the page has been quiet for LIVE.pageQuietMs: no call running
 * and no file (a lazily loaded screen, an image) finished loading meanwhile. Only then is the
 * channel's code loaded, so the page's first load, and whoever waits for its network to go quiet
 * after it, are the same with push as without (docs/architecture.md, Live push).
 */
export function startLiveConnection(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const observer = typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(() => check());
  const check = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (done || document.readyState !== 'complete') return;
    if (queryClient.isFetching() + queryClient.isMutating() > 0) return;
    timer = setTimeout(() => {
      done = true;
      unsubscribe();
      void import('./connection').then((m) => m.beginLiveConnection());
    }, LIVE.pageQuietMs);
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(check);
  const onLoad = () => check();
  window.addEventListener('load', onLoad);
  observer?.observe({ type: 'resource', buffered: false });
  const unsubscribe = () => {
    unsubscribeQueries();
    unsubscribeMutations();
    window.removeEventListener('load', onLoad);
    observer?.disconnect();
  };
  check();
}
