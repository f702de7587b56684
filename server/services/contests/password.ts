import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The contest password as HOJ keeps it: plain text, since the contest's admins read it back to
 * hand it out. It is compared in constant time and never sent to participants nor logged.
 */
export function passwordMatches(given: string, stored: string | null): boolean {
  if (!stored) return false;
  return timingSafeEqual(digest(given), digest(stored));
}
