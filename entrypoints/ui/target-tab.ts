import { browser } from 'wxt/browser';

/**
 * The tab an extension page works on: `?tab=<id>` when given (a popup or panel opened as a page
 * of its own, as the e2e tests do), else the active tab of the page's window.
 */
export async function targetTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
