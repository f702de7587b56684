import { describe, expect, it } from 'vitest';
import {
  durationParts,
  formatBytes,
  secondsSince,
  shortUserAgent,
  usedPercent,
} from '@/web/features/admin/site/lib/format';

/** The dashboard's and judges screen's numbers as a person reads them. */
describe('admin site formatting', () => {
  it('writes sizes in the largest unit with one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(16.75 * 1024 ** 3)).toBe('16.8 GB');
    expect(formatBytes(-1)).toBe('--');
    expect(formatBytes(Number.NaN)).toBe('--');
  });

  it('gives the used share of a total, bounded and safe for an empty total', () => {
    expect(usedPercent(100, 25)).toBe(75);
    expect(usedPercent(3, 1)).toBe(67);
    expect(usedPercent(0, 0)).toBe(0);
    expect(usedPercent(100, 150)).toBe(0);
  });

  it('keeps the two largest units of a length of time and drops a trailing zero', () => {
    expect(durationParts(0)).toEqual([{ unit: 's', value: 0 }]);
    expect(durationParts(0.4)).toEqual([{ unit: 's', value: 0 }]);
    expect(durationParts(42)).toEqual([{ unit: 's', value: 42 }]);
    expect(durationParts(602)).toEqual([
      { unit: 'm', value: 10 },
      { unit: 's', value: 2 },
    ]);
    expect(durationParts(7200)).toEqual([{ unit: 'h', value: 2 }]);
    // days and hours; the minutes are left out
    expect(durationParts(3 * 86_400 + 4 * 3600 + 59)).toEqual([
      { unit: 'd', value: 3 },
      { unit: 'h', value: 4 },
    ]);
    expect(durationParts(86_400 + 30)).toEqual([{ unit: 'd', value: 1 }]);
    expect(durationParts(-5)).toEqual([{ unit: 's', value: 0 }]);
  });

  it('counts seconds since a time, never below zero', () => {
    const now = Date.parse('2026-01-01T00:01:00.000Z');
    expect(secondsSince('2026-01-01T00:00:00.000Z', now)).toBe(60);
    expect(secondsSince('2026-01-01T00:02:00.000Z', now)).toBe(0);
    expect(secondsSince('not a time', now)).toBe(0);
  });

  it('names the browser and system of a User-Agent, or shortens one it does not know', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 130 · Windows');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68',
      ),
    ).toBe('Edge 130 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0')).toBe('Firefox 130 · Linux');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 126 · Android');
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortUserAgent(`Tool/${'x'.repeat(60)}`)).toBe(`Tool/${'x'.repeat(35)}…`);
    expect(shortUserAgent(null)).toBe('--');
    expect(shortUserAgent('  ')).toBe('--');
  });
});
