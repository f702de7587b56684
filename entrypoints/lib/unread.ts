import type { UnreadCounts } from '@/shared/api/types';

/** The unread message kinds, in the web app's display order. */
export const UNREAD_TYPES = [
  'comment',
  'reply',
  'like',
  'sys',
  'mine',
] as const satisfies readonly (keyof UnreadCounts)[];
export type UnreadType = (typeof UNREAD_TYPES)[number];

/** Counts as sent by any HOJ-compatible server, with missing or odd values read as 0. */
export function normalizeUnreadCounts(
  raw: Partial<Record<UnreadType, unknown>> | null | undefined,
): UnreadCounts {
  const counts = {} as UnreadCounts;
  for (const type of UNREAD_TYPES) {
    const n = Number(raw?.[type] ?? 0);
    counts[type] = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  }
  return counts;
}

export function unreadTotal(counts: UnreadCounts): number {
  return UNREAD_TYPES.reduce((sum, type) => sum + counts[type], 0);
}

/** Badge text for a total: empty for none, capped so it fits the toolbar icon. */
export function unreadBadgeText(total: number): string {
  if (total <= 0) return '';
  return total > 99 ? '99+' : String(total);
}
