/**
 * Which form field a server refusal belongs to. The server says why in the caller's language
 * (the same locale files as the app), so a message equal to the words of a known key points at
 * that key's field; the form then shows the message under the field, not only in a toast.
 */
export function fieldOfRefusal<F extends string>(
  message: string,
  t: (key: string) => string,
  fieldsByKey: Readonly<Record<string, F>>,
): { field: F; key: string } | null {
  const text = message.trim();
  if (!text) return null;
  for (const [key, field] of Object.entries(fieldsByKey)) {
    if (t(key) === text) return { field, key };
  }
  return null;
}
