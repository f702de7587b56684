/** Times are stored as ISO-8601 UTC strings (sortable, identical in SQLite and PostgreSQL). */
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
