import { storage } from 'wxt/utils/storage';
import type { DraftProblem } from './tab-problem';

/**
 * What the worker keeps between its runs (it may be stopped at any time): submissions watched
 * until final, the last submissions and running contests for the popup, the pinned problem, the
 * last notification. All in storage.local so the popup and side panel render from it at once.
 */

/** A submission the worker polls until its verdict is final. */
export interface WatchEntry {
  submitId: number;
  /** 0 outside contests */
  cid: number;
  /** what the notification names: the problem id (or contest display id) */
  problemLabel: string;
  title: string | null;
  /** the contest's name, for a contest submission's notification */
  contestTitle?: string | null;
  /** checks made so far (the delay grows with it) */
  attempts: number;
  /** epoch ms of the next check */
  nextAt: number;
  addedAt: number;
}

export const watchedItem = storage.defineItem<WatchEntry[]>('local:watched', { fallback: [] });

/** A submission as the popup lists it. */
export interface RecentSubmission {
  submitId: number;
  cid: number;
  problemLabel: string;
  title: string | null;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  language: string;
  submitTime: string;
  /** the first lines of the compiler's message, for a compile error */
  errorMessage?: string | null;
}

export interface RecentState {
  items: RecentSubmission[];
  /** the highest submit id seen: newer ones found later are submissions made elsewhere */
  maxSubmitId: number | null;
  checkedAt: number | null;
}

export const recentItem = storage.defineItem<RecentState | null>('local:recentSubmissions', {
  fallback: null,
});

export interface RunningContest {
  id: number;
  title: string;
  type: number;
  startTime: string;
  endTime: string;
}

export interface ContestsState {
  items: RunningContest[];
  /** server clock minus local clock when checked (ms) */
  offsetMs: number;
  checkedAt: number | null;
}

export const contestsItem = storage.defineItem<ContestsState | null>('local:runningContests', {
  fallback: null,
});

/** Contest announcement ids already seen, per contest id. */
export const readAnnouncementsItem = storage.defineItem<Record<string, number[]>>('local:readAnnouncements', {
  fallback: {},
});

/** Clarifications (their question's or their own id) already notified, per contest id. */
export const notifiedClarificationsItem = storage.defineItem<Record<string, number[]>>(
  'local:notifiedClarifications',
  { fallback: {} },
);

export interface NotificationRecord {
  id: string;
  kind: 'verdict' | 'announcement' | 'clarification' | 'notice';
  title: string;
  message: string;
  url: string;
  at: number;
}

/** The last notification shown (the popup and the tests read it). */
export const lastNotificationItem = storage.defineItem<NotificationRecord | null>('local:lastNotification', {
  fallback: null,
});

/** Where a click on a notification leads, by notification id (kept for the last few). */
export const notificationUrlsItem = storage.defineItem<Record<string, string>>('local:notificationUrls', {
  fallback: {},
});

/** The problem in the side panel: a public problem id, or a contest and its display id. */
export interface PinnedProblem {
  problemId: string;
  cid: number | null;
  pinnedAt: number;
}

export const pinnedItem = storage.defineItem<PinnedProblem | null>('local:pinned', { fallback: null });

/** Code taken from a tab for a quick submit, shown in the submit form before it is sent. */
export interface SubmitDraft {
  code: string;
  source: 'selection' | 'editor';
  editor: string | null;
  tabUrl: string | null;
  /** the tab's title, so the form says where the code came from */
  tabTitle?: string | null;
  /** the problem that tab shows, when it is a problem page of the server */
  problem?: DraftProblem | null;
  at: number;
}

export const submitDraftItem = storage.defineItem<SubmitDraft | null>('local:submitDraft', {
  fallback: null,
});

/** The web app token the site content script saw last (a change there is a login or logout). */
export const siteTokenItem = storage.defineItem<string | null>('local:siteToken', { fallback: null });

/** Raw storage.local key names, for storage.onChanged listeners. */
export const PINNED_KEY = 'pinned';
export const WATCHED_KEY = 'watched';
export const LANGUAGE_KEY = 'language';

/** Submission ids whose verdict was already notified (the last few), so none is notified twice. */
export const notifiedItem = storage.defineItem<number[]>('local:notifiedSubmissions', { fallback: [] });

/**
 * A logout the server did not hear (it could not be reached): the login was dropped here, and the
 * token is revoked on the server by the worker when it answers again (until then it stays valid).
 */
export interface PendingLogout {
  serverUrl: string;
  token: string;
  /** whose login it was (a new login of the same user makes the retry pointless) */
  username: string | null;
  at: number;
}

export const pendingLogoutItem = storage.defineItem<PendingLogout | null>('local:pendingLogout', {
  fallback: null,
});
