import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { TOKEN_KEY } from '@/shared/stores/auth';
import { isLoginChange } from './lib/auth';
import { syncContests } from './lib/contests';
import { createWorkerLive } from './lib/live';
import { retryPendingLogout } from './lib/logout';
import {
  GRAB_CODE,
  isExtensionMessage,
  OPEN_PANEL,
  QUICK_SUBMIT,
  REFRESH_ALL,
  REFRESH_UNREAD,
  SITE_SUBMITTED,
} from './lib/messages';
import { syncMine } from './lib/mine';
import { openNotification } from './lib/notify';
import { grabFromTab, quickSubmit, readTabProblemMeta } from './lib/quick-submit';
import { serialized } from './lib/serialized';
import { loadContext } from './lib/session';
import { SERVER_URL_KEY } from './lib/settings';
import { syncSiteScript } from './lib/site-script';
import {
  contestsItem,
  LANGUAGE_KEY,
  recentItem,
  submitDraftItem,
  WATCHED_KEY,
  watchedItem,
} from './lib/state';
import { problemOfTab } from './lib/tab-problem';
import { translator } from './lib/translate';
import { ensureUnreadAlarm, UNREAD_ALARM } from './lib/unread-alarm';
import { syncUnread } from './lib/unread-sync';
import { checkWatched, MAX_DELAY_MS, MIN_ALARM_MS, nextCheckAt, WATCH_ALARM, watchLock } from './lib/watch';

export const SUBMIT_MENU = 'verdict:submit-selection';

/**
 * The service worker (docs/architecture.md, Companion extension): the unread badge every 120 s, submissions
 * watched until their verdict is final (a notification each), contest announcements, picked-up web app
 * submissions, quick submit. Everything it knows is in storage, and the listeners are registered
 * synchronously, so events wake a stopped worker and it carries on where it was.
 */
export default defineBackground(() => {
  const refreshUnread = serialized(syncUnread);
  // pushed verdicts and unread counts while submissions are watched (lib/live.ts)
  const live = createWorkerLive({
    onVerdict: (submitId) => void dueNow(submitId).then(() => runWatch()),
    onHealth: () => void scheduleWatch(),
  });
  const refreshMine = serialized(() => syncMine());
  const refreshContests = serialized(syncContests);
  const retryLogout = serialized(() => loadContext().then((c) => retryPendingLogout(c.language)));
  const refreshAll = () =>
    Promise.allSettled([refreshUnread(), refreshMine(), refreshContests(), retryLogout()]).then(() =>
      scheduleWatch(),
    );

  // Watching: a timer for the short delays while the worker lives, and a one-shot alarm as the
  // backstop that wakes it when it was stopped in between.
  let timer: ReturnType<typeof setTimeout> | null = null;
  const runWatch = serialized(async () => {
    await checkWatched().catch(() => 0);
    await scheduleWatch();
  });
  async function scheduleWatch(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const watched = await watchedItem.getValue();
    await live.want(watched.length > 0);
    const next = nextCheckAt(watched);
    if (next === null) {
      await browser.alarms.clear(WATCH_ALARM);
      return;
    }
    const now = Date.now();
    if (live.healthy) {
      // verdicts arrive pushed: no short checks, only the alarm as a backstop
      await browser.alarms.create(WATCH_ALARM, { when: Math.max(next, now + MAX_DELAY_MS) });
      return;
    }
    timer = setTimeout(() => void runWatch(), Math.max(0, next - now));
    await browser.alarms.create(WATCH_ALARM, { when: Math.max(next, now + MIN_ALARM_MS) });
  }

  /** A pushed verdict: its watch entry is checked at once (one call brings the row and the message). */
  async function dueNow(submitId: number): Promise<void> {
    await watchLock(async () => {
      const watched = await watchedItem.getValue();
      await watchedItem.setValue(watched.map((e) => (e.submitId === submitId ? { ...e, nextAt: 0 } : e)));
    });
  }

  browser.alarms.onAlarm.addListener((alarm) => {
    // while the stream is open the counts are pushed; the rest of the round still runs
    if (alarm.name === UNREAD_ALARM)
      void (live.healthy
        ? Promise.allSettled([refreshMine(), refreshContests(), retryLogout()]).then(() => scheduleWatch())
        : refreshAll());
    if (alarm.name === WATCH_ALARM) void runWatch();
  });

  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    if (isLoginChange(changes)) {
      if (!changes[TOKEN_KEY]?.newValue) {
        // logged out: what the worker knew belongs to that user
        void Promise.all([watchedItem.setValue([]), recentItem.removeValue(), contestsItem.removeValue()]);
      }
      void refreshAll();
    } else if (SERVER_URL_KEY in changes) {
      void refreshUnread();
      void syncSiteScript().catch(() => false);
    }
    if (WATCHED_KEY in changes) void scheduleWatch();
    if (LANGUAGE_KEY in changes) void loadContext().then((c) => createMenu(c.language));
  });

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!isExtensionMessage(message)) return;
    const answer = (work: Promise<unknown>) => {
      work.then(sendResponse, (error) => sendResponse({ ok: false, error: String(error) }));
      return true; // answer asynchronously
    };
    switch (message.type) {
      case REFRESH_UNREAD:
        return answer(refreshUnread().then(() => ({ ok: true })));
      case REFRESH_ALL:
        return answer(refreshAll().then(() => ({ ok: true })));
      case SITE_SUBMITTED:
        return answer(
          syncMine({ cid: message.cid })
            .then(() => scheduleWatch())
            .then(() => ({ ok: true })),
        );
      case QUICK_SUBMIT:
        return answer(
          quickSubmit(message.request).then(async (r) => {
            await scheduleWatch();
            return r;
          }),
        );
      case OPEN_PANEL:
        // synchronously, while the page's click may still count as the user's gesture
        if (sender.tab?.id !== undefined) openSidePanel(sender.tab.id, sender.tab.windowId);
        return;
      case GRAB_CODE:
        return answer(grabIntoDraft(message.tabId, message.preferSelection, sender.tab?.url ?? null));
    }
  });

  /** Takes the code of a tab into the draft, with the tab's title and the problem it shows. */
  async function grabIntoDraft(tabId: number, preferSelection: boolean, fallbackUrl: string | null) {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const tabTitle = tab?.title ?? null;
    try {
      const grabbed = await grabFromTab(tabId, preferSelection);
      if (!grabbed) return { ok: false, error: 'nothing', tabTitle };
      const tabUrl = tab?.url ?? fallbackUrl;
      const [{ serverUrl }, meta] = await Promise.all([loadContext(), readTabProblemMeta(tabId)]);
      await submitDraftItem.setValue({
        ...grabbed,
        tabUrl,
        tabTitle,
        problem: problemOfTab(tabUrl, meta, serverUrl),
        at: Date.now(),
      });
      return { ok: true, tabTitle };
    } catch (error) {
      return { ok: false, error: String(error), tabTitle };
    }
  }

  // Context menu on a selection (or in an editor): take the code, open the side panel's submit form.
  optional(() =>
    browser.contextMenus.onClicked.addListener((info, tab) => {
      if (info.menuItemId !== SUBMIT_MENU || tab?.id === undefined) return;
      openSidePanel(tab.id, tab.windowId); // first, while the click still counts as a user gesture
      void grabIntoDraft(tab.id, true, tab.url ?? null).then(async (r) => {
        if (!r.ok && info.selectionText) {
          await submitDraftItem.setValue({
            code: info.selectionText,
            source: 'selection',
            editor: null,
            tabUrl: tab.url ?? null,
            at: Date.now(),
          });
        }
      });
    }),
  );

  optional(() => browser.notifications.onClicked.addListener((id) => void openNotification(id)));

  /** The context menu entry, titled in the extension's language. */
  async function createMenu(language: 'zh-CN' | 'en-US'): Promise<void> {
    await Promise.resolve()
      .then(async () => {
        await browser.contextMenus.removeAll();
        browser.contextMenus.create({
          id: SUBMIT_MENU,
          title: translator(language)('ext.submit.menu'),
          contexts: ['selection', 'editable'],
        });
      })
      .catch(() => undefined);
  }

  async function setUp(): Promise<void> {
    const { language } = await loadContext();
    await createMenu(language);
    await syncSiteScript().catch(() => false);
    await refreshAll();
  }

  browser.runtime.onStartup.addListener(() => void setUp());
  browser.runtime.onInstalled.addListener(() => void setUp());
  void ensureUnreadAlarm();
  void scheduleWatch();
});

/** Registers with an API a browser (or a test double) may lack. */
function optional(register: () => void): void {
  try {
    register();
  } catch {
    // not available here
  }
}

/** Opens the side panel (Chrome) or the sidebar (Firefox) of a window. */
function openSidePanel(tabId: number, windowId: number | undefined): void {
  const chromePanel = (
    browser as unknown as { sidePanel?: { open(o: { tabId?: number; windowId?: number }): Promise<void> } }
  ).sidePanel;
  if (chromePanel?.open) {
    void chromePanel.open({ tabId, windowId }).catch(() => undefined);
    return;
  }
  const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  void sidebar?.open().catch(() => undefined);
}
