import { describe, expect, it } from 'vitest';
import { normalizeUnreadCounts, unreadBadgeText, unreadTotal } from '@/entrypoints/lib/unread';

describe('unread counts', () => {
  it('totals the five kinds', () => {
    expect(unreadTotal({ comment: 1, reply: 2, like: 3, sys: 4, mine: 5 })).toBe(15);
    expect(unreadTotal({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 })).toBe(0);
  });

  it('reads missing or odd values from other HOJ servers as 0', () => {
    expect(normalizeUnreadCounts({ comment: '3', reply: null, like: -1, sys: Number.NaN } as never)).toEqual({
      comment: 3,
      reply: 0,
      like: 0,
      sys: 0,
      mine: 0,
    });
    expect(normalizeUnreadCounts(null)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
  });

  it('badge text: empty for nothing unread, capped at 99+', () => {
    expect(unreadBadgeText(0)).toBe('');
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
