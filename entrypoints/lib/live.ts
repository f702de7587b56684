import { browser } from 'wxt/browser';
import { LiveClient } from '@/shared/api/live-client';
import { isInProgress } from '@/shared/constants/judge-status';
import { LIVE, type LiveEvent } from '@/shared/constants/live';
import { queuePlaceText } from '@/shared/format/queue-place';
import { loginPersistence } from './auth';
import { submissionUrl } from './links';
import { showNotification } from './notify';
import { loadContext } from './session';
import { notifiedItem, type WatchEntry, watchedItem } from './state';
import { translator } from './translate';
import { normalizeUnreadCounts } from './unread';
import { storeUnread } from './unread-sync';

export interface WorkerLive {
  /** the stream is open: watched submissions and unread counts are pushed, not polled */
  readonly healthy: boolean;
  /** Opens the stream while something is watched (for the current login and server), closes it otherwise. */
  want(open: boolean): Promise<void>;
}

/**
 * The worker's live stream (docs/architecture.md, Live push; the same client as the web app's, over
 * fetch with the login in a header). It is open only while submissions are watched: then their verdicts
 * and queue places arrive pushed and the watch's short checks rest; each chunk read (a heartbeat every
 * 15 s) calls an extension API, which keeps the worker awake meanwhile. Refused, dropped for good or
 * closed with the worker, the watch polls as before.
 */
export function createWorkerLive(hooks: {
  /** a watched submission has its final verdict: check it now (the notification says the rest) */
  onVerdict: (submitId: number) => void;
  onHealth: (healthy: boolean) => void;
}): WorkerLive {
  let healthy = false;
  let openedFor = '';
  let token: string | null = null;
  let serverUrl = '';
  let language: 'zh-CN' | 'en-US' = 'en-US';

  const client = new LiveClient({
    url: () => `${serverUrl}${LIVE.path}`,
    getToken: () => token,
    getLanguage: () => language,
    onEvent: (event) => void handle(event).catch(() => undefined),
    onHealth: (h) => {
      healthy = h;
      hooks.onHealth(h);
    },
    onActivity: keepAwake,
  });

  /** Any extension call resets the worker's idle timer; one that fails (or is missing) changes nothing. */
  function keepAwake(): void {
    try {
      void browser.runtime.getPlatformInfo().catch(() => undefined);
    } catch {
      // not available here
    }
  }

  async function watchedEntry(submitId: number): Promise<WatchEntry | undefined> {
    return (await watchedItem.getValue()).find((e) => e.submitId === submitId);
  }

  /** "3rd in queue, about 4 s" while a watched submission waits; the verdict replaces it (same id). */
  async function showPlace(submitId: number, position: number, etaSeconds: number | null): Promise<void> {
    const entry = await watchedEntry(submitId);
    if (!entry || (await notifiedItem.getValue()).includes(submitId)) return;
    const t = translator(language);
    const problem = entry.title ? `${entry.problemLabel} ${entry.title}` : entry.problemLabel;
    await showNotification(`verdict-${submitId}`, {
      kind: 'verdict',
      title: t('ext.notify.pendingTitle', { problem }),
      message: queuePlaceText(t, position, etaSeconds),
      url: submissionUrl(serverUrl, {
        submitId,
        cid: entry.cid,
        displayId: entry.problemLabel,
        displayPid: entry.problemLabel,
      }),
    });
  }

  async function handle(event: LiveEvent): Promise<void> {
    if (event.kind === 'submission') {
      const { submitId, status, queuePosition, queueEtaSeconds } = event.data;
      if (!isInProgress(status)) {
        if (await watchedEntry(submitId)) hooks.onVerdict(submitId);
      } else if (queuePosition !== null) {
        await showPlace(submitId, queuePosition, queueEtaSeconds);
      }
    } else if (event.kind === 'queue') {
      await showPlace(event.data.submitId, event.data.queuePosition, event.data.queueEtaSeconds);
    } else if (event.kind === 'unread') {
      await storeUnread(normalizeUnreadCounts(event.data));
    }
  }

  return {
    get healthy() {
      return healthy;
    },
    async want(open: boolean) {
      const [login, context] = await Promise.all([loginPersistence.load(), loadContext()]);
      const next = open && login.token ? `${context.serverUrl}|${login.token}` : '';
      if (next === openedFor) return;
      openedFor = next;
      token = login.token;
      serverUrl = context.serverUrl.replace(/\/+$/, '');
      language = context.language;
      if (next) client.restart();
      else client.stop();
    },
  };
}
