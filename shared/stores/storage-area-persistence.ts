import type { UserInfo } from '../api/types';
import { type AuthPersistence, type StoredLogin, TOKEN_KEY, USER_INFO_KEY } from './auth';

/**
 * The part of an asynchronous key-value area the auth persistence needs: chrome.storage.local,
 * browser.storage.local or a test double. Passed in, so shared/ never touches extension globals.
 */
export interface KeyValueArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Keys the login occupies in the area (watch them to follow logins and logouts). */
export const LOGIN_KEYS = [TOKEN_KEY, USER_INFO_KEY] as const;

/** Auth persistence over an extension storage area: `token` as a string, `userInfo` as an object. */
export function storageAreaPersistence(area: KeyValueArea): AuthPersistence {
  return {
    async load(): Promise<StoredLogin> {
      const items = await area.get([...LOGIN_KEYS]);
      const token = items[TOKEN_KEY];
      const userInfo = items[USER_INFO_KEY];
      return {
        token: typeof token === 'string' && token ? token : null,
        userInfo: userInfo && typeof userInfo === 'object' ? (userInfo as UserInfo) : null,
      };
    },
    async save({ token, userInfo }: StoredLogin): Promise<void> {
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      if (token) set[TOKEN_KEY] = token;
      else remove.push(TOKEN_KEY);
      if (userInfo) set[USER_INFO_KEY] = userInfo;
      else remove.push(USER_INFO_KEY);
      if (Object.keys(set).length > 0) await area.set(set);
      if (remove.length > 0) await area.remove(remove);
    },
  };
}
