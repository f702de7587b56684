import { readJson, writeJson } from '@/web/lib/storage';

/** The most ids kept per contest (the server accepts up to 1000 in one poll). */
const KEEP = 500;

/**
 * localStorage key of the ids of a contest's announcements this browser has already shown to this
 * user, so the poll only pops up new ones. Kept per user and contest.
 */
export function contestAnnounceKey(uid: string, cid: number): string {
  return `contestAnnounce_${uid}_${cid}`;
}

export function readAnnouncementIds(uid: string, cid: number): number[] {
  const stored = readJson<unknown>(contestAnnounceKey(uid, cid));
  return Array.isArray(stored) ? stored.filter((v): v is number => Number.isInteger(v)) : [];
}

/** Adds ids to the read list (newest kept when it grows past the cap); returns the new list. */
export function markAnnouncementsRead(uid: string, cid: number, ids: readonly number[]): number[] {
  const merged = [...new Set([...readAnnouncementIds(uid, cid), ...ids])]
    .sort((a, b) => b - a)
    .slice(0, KEEP);
  writeJson(contestAnnounceKey(uid, cid), merged);
  return merged;
}
