/**
 * A cookie's value from a request's Cookie header, percent-decoded. The header is the client's
 * text: a value that is not valid percent-encoding (`%E0%A4%A`, a lone `%`) counts as absent.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
