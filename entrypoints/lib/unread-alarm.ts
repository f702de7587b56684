import { browser } from 'wxt/browser';
import { POLL } from '@/shared/constants/limits';

export const UNREAD_ALARM = 'verdict:unread';
/** unread counts every 120 s, as the web app polls them (POLL.unreadMessagesMs) */
export const UNREAD_PERIOD_MINUTES = POLL.unreadMessagesMs / 60_000;

/**
 * Creates the periodic alarm unless it already exists: re-creating it each time the worker wakes
 * would restart its countdown and, with frequent wake-ups, it would never fire.
 */
export async function ensureUnreadAlarm(): Promise<void> {
  const existing = await browser.alarms.get(UNREAD_ALARM);
  if (existing?.periodInMinutes === UNREAD_PERIOD_MINUTES) return;
  await browser.alarms.create(UNREAD_ALARM, {
    delayInMinutes: UNREAD_PERIOD_MINUTES,
    periodInMinutes: UNREAD_PERIOD_MINUTES,
  });
}
