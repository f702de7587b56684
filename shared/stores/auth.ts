import { createStore, type StoreApi } from 'zustand/vanilla';
import type { UserInfo } from '../api/types';
import { isAdminRoleList, isRootRoleList } from '../constants/roles';

/**
 * Where the web app keeps the login: the token and the user info in localStorage, as HOJ's client
 * does (the extension's site script reads them too).
 */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';
/**
 * Fired on the page's document by whoever else writes that login (the companion extension's page
 * script): the web app re-reads it at once, whether or not the tab is in view.
 */
export const LOGIN_WRITTEN_EVENT = 'verdict:login-written';

export interface StoredLogin {
  token: string | null;
  userInfo: UserInfo | null;
}

/** Persistence behind the auth store: localStorage in the web app, chrome.storage in the extension. */
export interface AuthPersistence {
  load(): StoredLogin | Promise<StoredLogin>;
  save(login: StoredLogin): void | Promise<void>;
}

export interface AuthState extends StoredLogin {
  hydrated: boolean;
  setLogin(token: string, userInfo: UserInfo): void;
  setToken(token: string): void;
  setUserInfo(userInfo: UserInfo): void;
  clear(): void;
  /** re-read the persisted login (another tab or the extension may have changed it) */
  hydrate(): Promise<void>;
}

export function isAdmin(user: UserInfo | null | undefined): boolean {
  return !!user && isAdminRoleList(user.roleList ?? []);
}
export function isRoot(user: UserInfo | null | undefined): boolean {
  return !!user && isRootRoleList(user.roleList ?? []);
}

export function createAuthStore(persistence: AuthPersistence): StoreApi<AuthState> {
  return createStore<AuthState>((set, get) => {
    const persist = () => {
      const { token, userInfo } = get();
      void persistence.save({ token, userInfo });
    };
    return {
      token: null,
      userInfo: null,
      hydrated: false,
      setLogin(token, userInfo) {
        set({ token, userInfo });
        persist();
      },
      setToken(token) {
        set({ token });
        persist();
      },
      setUserInfo(userInfo) {
        set({ userInfo });
        persist();
      },
      clear() {
        set({ token: null, userInfo: null });
        persist();
      },
      async hydrate() {
        const stored = await persistence.load();
        set({ token: stored.token, userInfo: stored.userInfo, hydrated: true });
      },
    };
  });
}

/** localStorage persistence: `token` as a raw string and `userInfo` as JSON. */
export function localStoragePersistence(storage: Storage): AuthPersistence {
  return {
    load() {
      const token = storage.getItem(TOKEN_KEY);
      let userInfo: UserInfo | null = null;
      try {
        const raw = storage.getItem(USER_INFO_KEY);
        userInfo = raw ? (JSON.parse(raw) as UserInfo) : null;
      } catch {
        userInfo = null;
      }
      return { token: token || null, userInfo };
    },
    save({ token, userInfo }) {
      if (token) storage.setItem(TOKEN_KEY, token);
      else storage.removeItem(TOKEN_KEY);
      if (userInfo) storage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
      else storage.removeItem(USER_INFO_KEY);
    },
  };
}
