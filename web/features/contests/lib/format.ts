/** A contest time in the reader's language: 2026-11-22 15:00 (local time zone). */
export function formatContestTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** A duration in hours and minutes: 5h 0m / 5小时0分 is left to the caller's words; this gives [h, m]. */
export function hoursMinutes(seconds: number): [number, number] {
  return [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60)];
}
