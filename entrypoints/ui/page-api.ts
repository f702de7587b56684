import type { Endpoints } from '@/shared/api/endpoints';
import { createExtensionApi } from '../lib/api';
import { dropLogin, loginPersistence, replaceToken } from '../lib/auth';

/**
 * Endpoints for an extension page (side panel, submit form) with the stored login: a refreshed
 * token replaces the stored one, a 401 forgets it. Reads the token at each request.
 */
export function pageApi(serverUrl: string, language: string): Endpoints {
  let token: string | null = null;
  const ready = Promise.resolve(loginPersistence.load()).then((l) => {
    token = l.token;
  });
  const api = createExtensionApi({
    serverUrl,
    getToken: () => token,
    getLanguage: () => language,
    onTokenRefresh: (next) => {
      const used = token;
      token = next;
      if (used) void replaceToken(used, next);
    },
    onUnauthorized: () => {
      if (token) void dropLogin(token);
    },
  });
  // every call waits for the stored token first
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => ready.then(() => (value as (...a: unknown[]) => unknown)(...args));
    },
  }) as Endpoints;
}
