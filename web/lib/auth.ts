import { useSyncExternalStore } from 'react';
import { type AuthState, createAuthStore, localStoragePersistence } from '@/shared/stores/auth';
import { useBrowserKnown } from './server-render';

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

/**
 * A part of the login, read in a component. While the app takes over the server's markup the
 * login is the server's, not known (useBrowserKnown), and the reader's comes in the render right
 * after: read straight from the store, a logged-in reader's (or only its being read from storage)
 * would be drawn at once, in one long task, and over markup drawn without it.
 */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  const known = useBrowserKnown();
  const read = () => selector(known ? authStore.getState() : authStore.getInitialState());
  return useSyncExternalStore(authStore.subscribe, read, read);
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
