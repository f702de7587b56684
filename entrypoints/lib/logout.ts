import { ApiError } from '@/shared/api/client';
import { createExtensionApi } from './api';
import { loginPersistence } from './auth';
import { type PendingLogout, pendingLogoutItem } from './state';

/** True when the server did not hear the request at all (down, unreachable, overloaded). */
export function serverUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'network' || error.kind === 'timeout' || error.httpStatus >= 500)
  );
}

/**
 * Logs a token out on the server (GET /api/logout revokes every token of its user). When the
 * server cannot be reached, the logout is kept as pending so the worker can finish it later, and
 * 'pending' is returned for the popup to say so; a token the server already refuses counts as done.
 */
export async function logoutOnServer(
  serverUrl: string,
  token: string,
  username: string | null,
  language: string,
): Promise<'done' | 'pending'> {
  const api = createExtensionApi({ serverUrl, getToken: () => token, getLanguage: () => language });
  try {
    await api.logout();
    return 'done';
  } catch (error) {
    if (!serverUnreachable(error)) return 'done';
    await pendingLogoutItem.setValue({ serverUrl, token, username, at: Date.now() });
    return 'pending';
  }
}

/**
 * Finishes a logout the server did not hear. Dropped without a request when the same user has
 * logged in again meanwhile (revoking would log them out again, the new login included).
 */
export async function retryPendingLogout(language: string): Promise<PendingLogout | null> {
  const pending = await pendingLogoutItem.getValue();
  if (!pending) return null;
  const current = await loginPersistence.load();
  if (current.token && current.userInfo?.username === pending.username) {
    await pendingLogoutItem.removeValue();
    return null;
  }
  const api = createExtensionApi({
    serverUrl: pending.serverUrl,
    getToken: () => pending.token,
    getLanguage: () => language,
  });
  try {
    await api.logout();
  } catch (error) {
    if (serverUnreachable(error)) return pending;
  }
  // only if it is still the same pending logout (the popup may have replaced it)
  if ((await pendingLogoutItem.getValue())?.token === pending.token) await pendingLogoutItem.removeValue();
  return null;
}
