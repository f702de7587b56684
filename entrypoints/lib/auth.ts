import { browser } from 'wxt/browser';
import { TOKEN_KEY } from '@/shared/stores/auth';
import { storageAreaPersistence } from '@/shared/stores/storage-area-persistence';

/** The login (token + userInfo) in storage.local, read and written through shared/stores. */
export const loginPersistence = storageAreaPersistence(browser.storage.local);

type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;

/** True when a storage change logs in or out (a refreshed token alone is not such a change). */
export function isLoginChange(changes: Changes): boolean {
  const change = changes[TOKEN_KEY];
  return !!change && !!change.oldValue !== !!change.newValue;
}

/** Replaces the stored token only if it is still the one a request was sent with. */
export async function replaceToken(usedToken: string, newToken: string): Promise<void> {
  const current = await loginPersistence.load();
  if (current.token === usedToken) await loginPersistence.save({ ...current, token: newToken });
}

/** Forgets the login after a 401, unless the user logged in again meanwhile. */
export async function dropLogin(usedToken: string): Promise<void> {
  const current = await loginPersistence.load();
  if (current.token === usedToken) await loginPersistence.save({ token: null, userInfo: null });
}
