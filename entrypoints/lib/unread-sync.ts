import { ApiError } from '@/shared/api/client';
import type { UnreadCounts } from '@/shared/api/types';
import type { AppLanguage } from '@/shared/i18n';
import { createExtensionApi } from './api';
import { dropLogin, loginPersistence, replaceToken } from './auth';
import { showUnreadBadge } from './badge';
import { resolveExtLanguage } from './language';
import { messageUrl } from './links';
import { showNotification } from './notify';
import { languageItem, serverUrlItem, type UnreadErrorKind, type UnreadState, unreadItem } from './settings';
import { translator } from './translate';
import { normalizeUnreadCounts, unreadTotal } from './unread';

function errorKind(error: unknown): UnreadErrorKind {
  if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) return error.kind;
  return 'server';
}

async function forget(): Promise<null> {
  await unreadItem.removeValue();
  await showUnreadBadge(0);
  return null;
}

/** Notices from the site's administrators: a notification each time more of them are unread. */
const NOTICE_TYPES = ['sys', 'mine'] as const;

/**
 * Notifies unread notices that arrived since the last check (the badge alone is easy to miss).
 * The first check after a login only records the counts, as contest announcements do. Reading
 * the notices here would mark them read, so the notification gives their number and opens them.
 */
async function notifyNotices(
  before: UnreadCounts | null,
  after: UnreadCounts,
  serverUrl: string,
  stored: AppLanguage | null,
): Promise<void> {
  if (!before) return;
  const t = translator(resolveExtLanguage(stored, globalThis.navigator?.language));
  for (const type of NOTICE_TYPES) {
    if (after[type] <= before[type]) continue;
    await showNotification(`notice-${type}-${Date.now()}`, {
      kind: 'notice',
      title: t(`ext.types.${type}`),
      message: t('ext.notify.notices', { count: after[type] }),
      url: messageUrl(serverUrl, type),
    });
  }
}

/**
 * Unread counts learnt (polled, or pushed by the live stream): kept for the popup, shown on the badge,
 * and new notices notified.
 */
export async function storeUnread(counts: UnreadCounts): Promise<UnreadState> {
  const [previous, serverUrl, language] = await Promise.all([
    unreadItem.getValue(),
    serverUrlItem.getValue(),
    languageItem.getValue(),
  ]);
  const state: UnreadState = { counts, total: unreadTotal(counts), checkedAt: Date.now(), error: null };
  await unreadItem.setValue(state);
  await showUnreadBadge(state.total);
  await notifyNotices(previous?.counts ?? null, counts, serverUrl, language);
  return state;
}

/**
 * One unread check (GET /api/msg/unread) with the stored login: stores the counts for the popup
 * and shows the total on the badge. Logged out → no badge. HTTP 401 → the login is dropped.
 * A refreshed token (Authorization + Refresh-Token headers) replaces the stored one.
 * Other failures keep the previous counts and record why.
 */
export async function syncUnread(): Promise<UnreadState | null> {
  const [login, serverUrl, language] = await Promise.all([
    loginPersistence.load(),
    serverUrlItem.getValue(),
    languageItem.getValue(),
  ]);
  const token = login.token;
  if (!token) return forget();

  let refreshed: string | null = null;
  const api = createExtensionApi({
    serverUrl,
    getToken: () => token,
    getLanguage: () => resolveExtLanguage(language, globalThis.navigator?.language),
    onTokenRefresh: (newToken) => {
      refreshed = newToken;
    },
  });
  try {
    const counts = normalizeUnreadCounts(await api.getUnreadCounts());
    if (refreshed) await replaceToken(token, refreshed);
    return await storeUnread(counts);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) {
      await dropLogin(token);
      return forget();
    }
    if (refreshed) await replaceToken(token, refreshed);
    const previous = await unreadItem.getValue();
    const state: UnreadState = {
      ...(previous ?? { counts: null, total: 0, checkedAt: null }),
      error: errorKind(error),
    };
    await unreadItem.setValue(state);
    return state;
  }
}
