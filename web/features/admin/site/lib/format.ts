/** Pure formatting of the dashboard's and judges screen's numbers (sizes, lengths of time, browsers). */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in the largest unit that keeps the number at least 1, with at most one decimal: "15.6 GB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${SIZE_UNITS[unit]}`;
}

/** The share of a total in use, 0–100, rounded; 0 for an empty or unknown total. */
export function usedPercent(total: number, free: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round(((total - free) / total) * 100)));
}

export type DurationUnit = 'd' | 'h' | 'm' | 's';
export interface DurationPart {
  unit: DurationUnit;
  value: number;
}

const UNIT_SECONDS: [DurationUnit, number][] = [
  ['d', 86_400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
];

/**
 * A length of time as its two largest units ("3 d 4 h", "5 m 2 s"); a length under a second is
 * "0 s". The words of each unit come from the locale files.
 */
export function durationParts(seconds: number): DurationPart[] {
  let rest = Math.max(0, Math.floor(seconds));
  const parts: DurationPart[] = [];
  for (const [unit, size] of UNIT_SECONDS) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 || (parts.length > 0 && parts.length < 2)) parts.push({ unit, value });
    if (parts.length === 2) break;
  }
  // "2 h 0 m" reads worse than "2 h"
  const shown = parts.filter((p, i) => i === 0 || p.value > 0);
  return shown.length ? shown : [{ unit: 's', value: 0 }];
}

/** Whole seconds from an ISO time to now (never negative: a clock a little ahead reads as 0). */
export function secondsSince(iso: string, now = Date.now()): number {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.floor((now - t) / 1000));
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

/**
 * A User-Agent as a person reads it: "Chrome 130 · Windows". One no browser is recognised in
 * (a script, a tool) shows its first 40 characters.
 */
export function shortUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return '--';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) return [`${name} ${m[1]}`, system].filter(Boolean).join(' · ');
  }
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
