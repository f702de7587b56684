import type { Endpoints } from '@/shared/api/endpoints';
import { createExtensionApi } from '../lib/api';
import { authStore } from './auth-store';

/** Endpoints for the popup: the stored token, token refresh and 401 handled by the auth store. */
export function popupApi(serverUrl: string, language: string): Endpoints {
  return createExtensionApi({
    serverUrl,
    getToken: () => authStore.getState().token,
    getLanguage: () => language,
    onTokenRefresh: (token) => authStore.getState().setToken(token),
    onUnauthorized: () => authStore.getState().clear(),
  });
}
