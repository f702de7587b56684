import type { TFunction } from 'i18next';

/** Short times of the home page: a contest's start as MM-DD HH:mm, a change as "3 hours ago". */

const pad = (n: number) => String(n).padStart(2, '0');

export function monthDayTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const STEPS = [
  ['home.agoYear', 365 * 24 * 3600],
  ['home.agoMonth', 30 * 24 * 3600],
  ['home.agoWeek', 7 * 24 * 3600],
  ['home.agoDay', 24 * 3600],
  ['home.agoHour', 3600],
  ['home.agoMinute', 60],
] as const;

/**
 * How long ago, in the interface language ("3 hours ago", "3 小时前"); "just now" under a minute
 * and for a time ahead of the browser's clock. Worded by the locales rather than
 * Intl.RelativeTimeFormat, whose Chinese data costs some 30 ms to load on the home page's first
 * paint (docs/benchmarks.md, the web app's first load).
 */
export function timeAgo(iso: string, t: TFunction, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  for (const [key, size] of STEPS) {
    if (seconds >= size) return t(key, { count: Math.floor(seconds / size) });
  }
  return t('home.agoNow');
}
