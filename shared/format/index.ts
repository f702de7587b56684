/** Display formatting for every client: memory KB..YB, time in ms, length in B, AC rate with two decimals. */
const MEMORY_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

export function formatMemory(kb: number | null | undefined): string {
  if (kb === null || kb === undefined || Number.isNaN(kb)) return '--';
  let value = kb;
  let unit = 0;
  while (value >= 1024 && unit < MEMORY_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(2).replace(/\.?0+$/, '');
  return `${text}${MEMORY_UNITS[unit]}`;
}

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '--';
  return `${Math.round(ms)}ms`;
}

export function formatLength(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '--';
  return `${bytes}B`;
}

export function formatAcRate(ac: number, total: number): string {
  if (!total) return '0.00%';
  return `${((ac / total) * 100).toFixed(2)}%`;
}

/** Local date and time as YYYY-MM-DD HH:mm:ss (submit times, contest times); '--' when missing or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
