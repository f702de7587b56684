import { useStore } from 'zustand';
import { type AuthState, createAuthStore, localStoragePersistence } from '@/shared/stores/auth';

/** Rendered on the server (web/ssr) there is no localStorage. */
const persistence = typeof window === 'undefined' ? null : localStoragePersistence(window.localStorage);

/**
 * The web app's login: token and user info, persisted in localStorage (`token`, `userInfo`). On the
 * server there is none to read: the store stays unhydrated, and what depends on the login renders
 * a placeholder there.
 */
export const authStore = createAuthStore(
  persistence ?? { load: () => ({ token: null, userInfo: null }), save: () => {} },
);
if (persistence) authStore.setState({ ...persistence.load(), hydrated: true });

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/**
 * Re-reads the login another tab may have changed: a login there shows up here; a token
 * removed there clears the user here.
 */
export async function syncLoginFromStorage(): Promise<void> {
  await authStore.getState().hydrate();
  const { token, userInfo } = authStore.getState();
  if (!token && userInfo) authStore.getState().clear();
}
