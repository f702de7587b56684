/** The same code for the same problem and language within this window is not submitted again. */
export const SUBMIT_GUARD_MS = 10_000;

/** SHA-256 of problem + language + code, hex: the submit key. */
export async function submitKey(parts: {
  cid: number | null;
  problemId: string;
  language: string;
  code: string;
}): Promise<string> {
  const text = JSON.stringify([parts.cid ?? 0, parts.problemId, parts.language, parts.code]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type GuardRecord = Record<string, number>;

/**
 * Checks and records a submit key: true when the key was not used within the window (and is now
 * recorded), false when it is a double submit. Expired keys are dropped.
 */
export function takeSubmitKey(
  record: GuardRecord,
  key: string,
  now: number,
): { allowed: boolean; record: GuardRecord } {
  const kept: GuardRecord = {};
  for (const [k, at] of Object.entries(record)) if (now - at < SUBMIT_GUARD_MS) kept[k] = at;
  if (kept[key] !== undefined) return { allowed: false, record: kept };
  kept[key] = now;
  return { allowed: true, record: kept };
}
