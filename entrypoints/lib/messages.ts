import { browser } from 'wxt/browser';

/** Messages the extension pages send to the background worker. */
export const REFRESH_UNREAD = 'verdict:refresh-unread';

export interface RefreshUnreadMessage {
  type: typeof REFRESH_UNREAD;
}
export type ExtensionMessage = RefreshUnreadMessage;

export function isExtensionMessage(value: unknown): value is ExtensionMessage {
  return !!value && typeof value === 'object' && (value as { type?: unknown }).type === REFRESH_UNREAD;
}

/** Asks the worker to check unread messages now; resolves when it has (result in unreadItem). */
export async function requestUnreadRefresh(): Promise<void> {
  await browser.runtime.sendMessage({ type: REFRESH_UNREAD } satisfies ExtensionMessage);
}
