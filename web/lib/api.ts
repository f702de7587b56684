import { createApiClient } from '@/shared/api/client';
import { createEndpoints } from '@/shared/api/endpoints';
import { authStore } from './auth';
import { currentLanguage } from './i18n';
import { openLoginModal } from './login-modal';

/** The one API client of the web app: same origin, stored token, refresh and 401 handling. */
export const apiClient = createApiClient({
  baseUrl: '',
  getToken: () => authStore.getState().token,
  onTokenRefresh: (token) => authStore.getState().setToken(token),
  onUnauthorized: () => {
    authStore.getState().clear();
    openLoginModal();
  },
  getLanguage: currentLanguage,
});

export const api = createEndpoints(apiClient);
