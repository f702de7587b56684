/** Value formats of the ICPC Contest API (2023-06). */

/** The group of a contest's star (unofficial) participants in a Verdict export, and what its import reads. */
export const STAR_GROUP = 'star';

/** A RELTIME: "h:mm:ss.sss", negative with a leading "-". */
export function formatRelTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.round(Math.abs(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  const rest = total % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${sign}${h}:${two(m)}:${two(s)}.${String(rest).padStart(3, '0')}`;
}

/** A TIME: ISO 8601 with milliseconds and a numeric zone ("2026-01-02T03:04:05.678+00:00"). */
export function formatTime(iso: string): string {
  return new Date(iso).toISOString().replace(/Z$/, '+00:00');
}

/** "#RRGGBB" of a colour written as "#rgb" or "#rrggbb"; null for anything else (a colour name). */
export function hexColor(value: string): string | null {
  const v = value.trim();
  if (/^#[0-9a-fA-F]{6}$/.test(v)) return v.toUpperCase();
  if (/^#[0-9a-fA-F]{3}$/.test(v)) {
    return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toUpperCase();
  }
  return null;
}

/** Seconds with millisecond precision (run times, time limits), from whole or fractional milliseconds. */
export function formatSeconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/**
 * One NDJSON line of the event feed. `id` is always there: the object's id, or null for the contest and the
 * state, which are single objects.
 */
export function eventLine(type: string, id: string | null, data: Record<string, unknown>): string {
  return JSON.stringify({ type, id, data });
}
