import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether an Authorization header carries `Bearer <expected>`. The comparison takes the same time
 * whatever the sent token is (digests of equal length), so timing tells nothing of the secret.
 */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const sent = match?.[1] ?? '';
  // compared even when no token was sent: a refusal takes as long either way
  return timingSafeEqual(digest(sent), digest(expected)) && sent.length > 0;
}
