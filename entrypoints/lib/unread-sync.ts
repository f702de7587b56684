import { ApiError } from '@/shared/api/client';
import { createExtensionApi } from './api';
import { dropLogin, loginPersistence, replaceToken } from './auth';
import { showUnreadBadge } from './badge';
import { resolveExtLanguage } from './language';
import { languageItem, serverUrlItem, type UnreadErrorKind, type UnreadState, unreadItem } from './settings';
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
    const state: UnreadState = { counts, total: unreadTotal(counts), checkedAt: Date.now(), error: null };
    await unreadItem.setValue(state);
    await showUnreadBadge(state.total);
    return state;
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
