/** Display ids of a contest's problems (A, B, … or 1, 2, …): their order and the next free one. */

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order: B before AA and 2 before 10, so the list reads as the contest's problem set does. */
export function compareDisplayIds(a: string, b: string): number {
  if (a.length !== b.length && /^[A-Za-z]+$/.test(a) && /^[A-Za-z]+$/.test(b)) return a.length - b.length;
  return collator.compare(a, b);
}

/** Spreadsheet-style letters: 0 → A, 25 → Z, 26 → AA. */
function letters(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

function letterIndex(id: string): number {
  let n = 0;
  for (const ch of id.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The id a new problem would most likely take: after the highest letter id when the contest uses
 * letters, after the highest number when it uses numbers, the first free letter otherwise.
 */
export function nextDisplayId(taken: readonly string[]): string {
  const used = new Set(taken.map((id) => id.trim().toUpperCase()));
  const ids = [...used].filter(Boolean);
  if (ids.length > 0 && ids.every((id) => /^\d+$/.test(id))) {
    return String(Math.max(...ids.map(Number)) + 1);
  }
  const letterIds = ids.filter((id) => /^[A-Z]{1,3}$/.test(id));
  let next = letterIds.length ? Math.max(...letterIds.map(letterIndex)) + 1 : 0;
  while (used.has(letters(next))) next++;
  return letters(next);
}
