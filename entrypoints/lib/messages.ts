import { browser } from 'wxt/browser';
import type { QuickSubmitRequest, QuickSubmitResult } from './quick-submit';

/** Messages the extension pages and the site content script send to the background worker. */
export const REFRESH_UNREAD = 'verdict:refresh-unread';
/** popup open: unread counts, last submissions and running contests, now */
export const REFRESH_ALL = 'verdict:refresh-all';
/** the web app submitted (seen by the site content script); cid when inside a contest */
export const SITE_SUBMITTED = 'verdict:site-submitted';
export const QUICK_SUBMIT = 'verdict:quick-submit';
/** take the selection or editor contents of a tab into the submit draft */
export const GRAB_CODE = 'verdict:grab-code';
/** the pin button on a problem page was clicked: open the side panel beside that tab */
export const OPEN_PANEL = 'verdict:open-panel';

export type ExtensionMessage =
  | { type: typeof REFRESH_UNREAD }
  | { type: typeof REFRESH_ALL }
  | { type: typeof SITE_SUBMITTED; cid: number | null }
  | { type: typeof QUICK_SUBMIT; request: QuickSubmitRequest }
  | { type: typeof GRAB_CODE; tabId: number; preferSelection: boolean }
  | { type: typeof OPEN_PANEL };

const TYPES: readonly string[] = [
  REFRESH_UNREAD,
  REFRESH_ALL,
  SITE_SUBMITTED,
  QUICK_SUBMIT,
  GRAB_CODE,
  OPEN_PANEL,
];

export function isExtensionMessage(value: unknown): value is ExtensionMessage {
  return !!value && typeof value === 'object' && TYPES.includes((value as { type?: unknown }).type as string);
}

/** Asks the worker to check unread messages now; resolves when it has (result in unreadItem). */
export async function requestUnreadRefresh(): Promise<void> {
  await browser.runtime.sendMessage({ type: REFRESH_UNREAD } satisfies ExtensionMessage);
}

export async function requestRefreshAll(): Promise<void> {
  await browser.runtime.sendMessage({ type: REFRESH_ALL } satisfies ExtensionMessage);
}

export async function requestQuickSubmit(request: QuickSubmitRequest): Promise<QuickSubmitResult> {
  return browser.runtime.sendMessage({ type: QUICK_SUBMIT, request } satisfies ExtensionMessage);
}

/** The worker's answer to a grab: the tab's title either way, so a failure can name the tab. */
export interface GrabAnswer {
  ok: boolean;
  error?: string;
  tabTitle?: string | null;
}

export async function requestGrab(tabId: number, preferSelection: boolean): Promise<GrabAnswer> {
  return browser.runtime.sendMessage({ type: GRAB_CODE, tabId, preferSelection } satisfies ExtensionMessage);
}
