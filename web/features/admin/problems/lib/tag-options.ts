const MAX_SUGGESTIONS = 8;

export interface TagOption {
  name: string;
  /** not a known name: choosing it makes a new one */
  create: boolean;
}

/**
 * What the tag input offers for the typed text: known names containing it (case ignored, the
 * chosen ones left out), then the text itself when it names nothing known or chosen.
 */
export function tagOptions(text: string, known: readonly string[], chosen: readonly string[]): TagOption[] {
  const query = text.trim().toLowerCase();
  const taken = new Set(chosen.map((c) => c.toLowerCase()));
  const matches = known
    .filter((name) => !taken.has(name.toLowerCase()) && name.toLowerCase().includes(query))
    .slice(0, MAX_SUGGESTIONS)
    .map((name) => ({ name, create: false }));
  const exists = [...known, ...chosen].some((name) => name.toLowerCase() === query);
  return query && !exists ? [...matches, { name: text.trim(), create: true }] : matches;
}
