import { ApiError } from '@/shared/api/client';
import type { Endpoints } from '@/shared/api/endpoints';
import type { StoredLogin } from '@/shared/stores/auth';
import { createExtensionApi } from './api';
import { dropLogin, loginPersistence, replaceToken } from './auth';
import { resolveExtLanguage } from './language';
import { languageItem, serverUrlItem } from './settings';

export interface Session {
  api: Endpoints;
  serverUrl: string;
  language: 'zh-CN' | 'en-US';
  login: StoredLogin & { token: string };
}

/** The server URL and interface language the worker uses (no login needed). */
export async function loadContext(): Promise<{ serverUrl: string; language: 'zh-CN' | 'en-US' }> {
  const [serverUrl, stored] = await Promise.all([serverUrlItem.getValue(), languageItem.getValue()]);
  return { serverUrl, language: resolveExtLanguage(stored, globalThis.navigator?.language) };
}

/**
 * Runs `task` with the stored login against the configured server. Logged out → null without a
 * request. A token the server refreshed (Authorization + Refresh-Token headers) replaces the
 * stored one; HTTP 401 forgets the login (unless the user logged in again meanwhile) and rethrows.
 */
export async function withLogin<T>(task: (session: Session) => Promise<T>): Promise<T | null> {
  const [login, context] = await Promise.all([loginPersistence.load(), loadContext()]);
  const token = login.token;
  if (!token) return null;
  let refreshed: string | null = null;
  const api = createExtensionApi({
    serverUrl: context.serverUrl,
    getToken: () => refreshed ?? token,
    getLanguage: () => context.language,
    onTokenRefresh: (next) => {
      refreshed = next;
    },
  });
  try {
    return await task({ api, ...context, login: { ...login, token } });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) {
      await dropLogin(token);
      refreshed = null;
    }
    throw error;
  } finally {
    if (refreshed) await replaceToken(token, refreshed);
  }
}
