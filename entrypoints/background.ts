import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { isLoginChange } from './lib/auth';
import { isExtensionMessage, REFRESH_UNREAD } from './lib/messages';
import { serialized } from './lib/serialized';
import { SERVER_URL_KEY } from './lib/settings';
import { ensureUnreadAlarm, UNREAD_ALARM } from './lib/unread-alarm';
import { syncUnread } from './lib/unread-sync';

/**
 * The service worker keeps the badge = total unread messages (DESIGN §6). All state is in
 * storage.local; listeners are registered synchronously so events wake a stopped worker.
 */
export default defineBackground(() => {
  const refreshUnread = serialized(syncUnread);

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === UNREAD_ALARM) void refreshUnread();
  });

  // Login, logout and a new server URL (from the popup) refresh the badge at once.
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && (isLoginChange(changes) || SERVER_URL_KEY in changes)) void refreshUnread();
  });

  browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if (!isExtensionMessage(message)) return;
    if (message.type === REFRESH_UNREAD) {
      refreshUnread().then(
        () => sendResponse({ ok: true }),
        () => sendResponse({ ok: false }),
      );
      return true; // answer asynchronously
    }
  });

  browser.runtime.onStartup.addListener(() => void refreshUnread());
  browser.runtime.onInstalled.addListener(() => void refreshUnread());
  void ensureUnreadAlarm();
});
