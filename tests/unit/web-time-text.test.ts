import { describe, expect, it } from 'vitest';
import { createSiteI18n } from '../../shared/i18n/site-messages';
import { monthDayTime, timeAgo } from '../../web/features/home/components/time-text';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const secondsAgo = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("the home page's short times", () => {
  it('says how long ago in English, with the largest whole unit', () => {
    const { t } = createSiteI18n('en-US');
    expect(timeAgo(secondsAgo(20), t, NOW)).toBe('just now');
    expect(timeAgo(secondsAgo(-300), t, NOW)).toBe('just now'); // ahead of the browser's clock
    expect(timeAgo(secondsAgo(60), t, NOW)).toBe('1 minute ago');
    expect(timeAgo(secondsAgo(45 * 60), t, NOW)).toBe('45 minutes ago');
    expect(timeAgo(secondsAgo(90 * 60), t, NOW)).toBe('1 hour ago');
    expect(timeAgo(secondsAgo(5 * 3600), t, NOW)).toBe('5 hours ago');
    expect(timeAgo(secondsAgo(30 * 3600), t, NOW)).toBe('yesterday');
    expect(timeAgo(secondsAgo(3 * 86400), t, NOW)).toBe('3 days ago');
    expect(timeAgo(secondsAgo(8 * 86400), t, NOW)).toBe('last week');
    expect(timeAgo(secondsAgo(65 * 86400), t, NOW)).toBe('2 months ago');
    expect(timeAgo(secondsAgo(800 * 86400), t, NOW)).toBe('2 years ago');
  });

  it('says it in Chinese', () => {
    const { t } = createSiteI18n('zh-CN');
    expect(timeAgo(secondsAgo(5), t, NOW)).toBe('刚刚');
    expect(timeAgo(secondsAgo(5 * 3600), t, NOW)).toBe('5 小时前');
    expect(timeAgo(secondsAgo(30 * 3600), t, NOW)).toBe('1 天前');
    expect(timeAgo(secondsAgo(400 * 86400), t, NOW)).toBe('1 年前');
  });

  it('writes a start time as MM-DD HH:mm, and -- for a date it cannot read', () => {
    expect(monthDayTime(new Date(2026, 0, 5, 9, 3).toISOString())).toBe('01-05 09:03');
    expect(monthDayTime('not a date')).toBe('--');
  });
});
