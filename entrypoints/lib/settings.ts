import { storage } from 'wxt/utils/storage';
import type { UnreadCounts } from '@/shared/api/types';
import type { AppLanguage } from '@/shared/i18n';
import { DEFAULT_SERVER_URL } from './server-url';

/**
 * Everything the extension remembers lives in storage.local, so it survives the service worker
 * being stopped and is shared by the popup and the worker. The login itself (token, userInfo) is
 * kept by the shared auth persistence (lib/auth.ts).
 */
export const serverUrlItem = storage.defineItem<string>('local:serverUrl', { fallback: DEFAULT_SERVER_URL });

/** The interface language picked in the popup; null follows the browser. */
export const languageItem = storage.defineItem<AppLanguage | null>('local:language', { fallback: null });

export type UnreadErrorKind = 'network' | 'timeout' | 'server';

/** The last unread check, written by the background worker, read by the popup. */
export interface UnreadState {
  /** null until a check succeeded */
  counts: UnreadCounts | null;
  total: number;
  /** epoch ms of the last successful check */
  checkedAt: number | null;
  /** why the latest check failed (counts are then those of the last success) */
  error: UnreadErrorKind | null;
}

export const unreadItem = storage.defineItem<UnreadState | null>('local:unread', { fallback: null });

/** Raw storage.local key names, for storage.onChanged listeners. */
export const SERVER_URL_KEY = 'serverUrl';
