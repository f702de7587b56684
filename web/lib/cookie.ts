/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** A `document.cookie` assignment keeping the value for a year on the whole site. */
export function cookieAssignment(name: string, value: string, maxAgeSeconds = 365 * 24 * 3600): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
