import type { UserInfo } from '@/shared/api/types';
import type { StoredLogin } from '@/shared/stores/auth';

/** The web app's login as its localStorage holds it (`token`, `userInfo` JSON). */
export function readSiteLogin(storage: Pick<Storage, 'getItem'>): StoredLogin {
  const token = storage.getItem('token') || null;
  let userInfo: UserInfo | null = null;
  try {
    const raw = storage.getItem('userInfo');
    userInfo = raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    userInfo = null;
  }
  return { token, userInfo };
}

export type SiteLoginAction =
  | { kind: 'none' }
  | { kind: 'adopt'; login: StoredLogin & { token: string } }
  | { kind: 'logout' };

/**
 * What the extension does when it looks at the web app's login. Only a change of the site's
 * token since the last look counts (a login there, a token it refreshed, a logout), so a login made
 * in the popup is not undone by a site that is simply logged out, and the two sides never fight:
 * - the site has a new token → the extension takes it (and the user info);
 * - the site's token went away → the extension logs out too (the server's logout revoked every
 *   token of that user anyway).
 */
export function siteLoginAction(
  site: StoredLogin,
  lastSeenSiteToken: string | null,
  extension: StoredLogin,
): SiteLoginAction {
  if (site.token === lastSeenSiteToken) return { kind: 'none' };
  if (site.token) {
    if (site.token === extension.token) return { kind: 'none' };
    return { kind: 'adopt', login: { token: site.token, userInfo: site.userInfo } };
  }
  return extension.token ? { kind: 'logout' } : { kind: 'none' };
}
