/**
 * Contest times in the form: a `datetime-local` input holds a wall-clock time of the browser's
 * time zone, the server stores ISO-8601 UTC. These helpers convert between the two and name the
 * zone, so an admin always knows which clock the times they type are read in.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's zone (seconds only when not zero); '' when missing. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const seconds = d.getSeconds() ? `:${pad(d.getSeconds())}` : '';
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

/**
 * A `datetime-local` value read in the browser's zone, as ISO UTC; '' when empty or not a real
 * date (30 February would otherwise roll over into March without a word).
 */
export function fromLocalInput(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec((value ?? '').trim());
  if (!m) return '';
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = new Date(year, month - 1, day, hour, minute, second);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return '';
  return d.toISOString();
}

/** The browser zone's offset from UTC at that moment (summer time included), as UTC+08:00. */
export function utcOffsetLabel(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The browser's IANA zone, e.g. Asia/Shanghai ('' when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** "UTC+08:00 (Asia/Shanghai)": the offset at that moment and the zone's name. */
export function timeZoneLabel(at: Date, zone: string = browserTimeZone()): string {
  const offset = utcOffsetLabel(at);
  return zone ? `${offset} (${zone})` : offset;
}

/** Whole seconds from start to end (ISO times), or null when either is missing or the end is not after the start. */
export function durationSeconds(startIso: string, endIso: string): number | null {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  return Math.round((end - start) / 1000);
}

/** A duration split into days, hours and minutes (seconds dropped), for "1 d 2 h 30 min". */
export function durationParts(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
