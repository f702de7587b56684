import { browser } from 'wxt/browser';
import { unreadBadgeText } from './unread';

const BADGE_COLOR = '#dc2626';

/** chrome.action in MV3; Firefox's MV2 build only has browserAction. */
function action(): typeof browser.action {
  return browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
}

/** Shows the unread total on the toolbar icon (no text when there is nothing unread). */
export async function showUnreadBadge(total: number): Promise<void> {
  await action().setBadgeBackgroundColor({ color: BADGE_COLOR });
  await action().setBadgeText({ text: unreadBadgeText(total) });
}
