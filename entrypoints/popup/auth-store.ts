import { browser } from 'wxt/browser';
import { useStore } from 'zustand';
import { type AuthState, createAuthStore } from '@/shared/stores/auth';
import { LOGIN_KEYS } from '@/shared/stores/storage-area-persistence';
import { loginPersistence } from '../lib/auth';

/** The popup's view of the login, kept in storage.local through the shared auth store. */
export const authStore = createAuthStore(loginPersistence);

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Re-reads the login when the worker changes it (refreshed token, 401). */
export function followStoredLogin(): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && LOGIN_KEYS.some((key) => key in changes)) void authStore.getState().hydrate();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
