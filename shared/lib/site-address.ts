/**
 * Bases no real address shares: what resolves to another host against them is not on the site.
 * Both schemes, since `https:host/x` is a path on an https site and another host on an http one.
 */
const SITES = ['https://site.invalid/', 'http://site.invalid/'];

/**
 * Whether an address stays on the site that shows it: a path (`/api/public/img/…`) or a relative
 * one. Read as the browser reads it: `//host`, `/\host`, `https:host` and any scheme leave.
 */
export function isSiteAddress(address: string): boolean {
  try {
    return SITES.every((site) => new URL(address, site).origin === new URL(site).origin);
  } catch {
    return false;
  }
}
