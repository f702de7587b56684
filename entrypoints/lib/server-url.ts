/** The server the extension talks to: any HOJ-compatible origin, ours by default. */
export const DEFAULT_SERVER_URL = 'http://localhost:8080';

/** Origins covered by the manifest's host_permissions (any port); others need an optional grant. */
const BUILT_IN_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Normalises what the user typed to an origin: trims, adds http:// when no scheme is given and
 * drops any path, query or hash (HOJ's API always lives at <origin>/api). Null when unusable.
 */
export function normalizeServerUrl(input: string): string | null {
  let text = input.trim();
  if (!text) return null;
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !isHostName(url.hostname)) return null;
  return url.origin;
}

/**
 * A host name or IP address (as the URL parser gives it: lower case, IDNs in punycode). Browsers
 * differ on what they let through: Chromium keeps "not a url" as a host `not%20a%20url`, so
 * anything but letters, digits, dots and hyphens (or a bracketed IPv6 address) is refused here.
 */
function isHostName(hostname: string): boolean {
  if (/^\[[\da-f:.]+\]$/i.test(hostname)) return true;
  return /^[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*\.?$/i.test(hostname);
}

/** The match pattern to request for a server (all ports of its host). */
export function hostPermissionPattern(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** True when the manifest's host_permissions do not already cover the server. */
export function needsHostPermission(serverUrl: string): boolean {
  const url = new URL(serverUrl);
  return !(url.protocol === 'http:' && BUILT_IN_HOSTS.has(url.hostname));
}
