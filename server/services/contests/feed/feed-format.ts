/** Value formats of the ICPC Contest API (2023-06). */

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

/** An id the Contest API accepts (letters, digits, "_", "-", "."), made from a language name. */
export function languageId(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return id || 'lang';
}

/** One NDJSON line of the event feed. */
export function eventLine(type: string, id: string | null, data: Record<string, unknown>): string {
  return JSON.stringify(id === null ? { type, data } : { type, id, data });
}
