const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A size as people read it: 512 B, 1.5 KB, 12 MB (one decimal below 10, none above). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** Whether a file's preview (its first bytes, as text) stops before the file does. */
export function previewIsPartial(preview: string, size: number): boolean {
  return new TextEncoder().encode(preview).length < size;
}
