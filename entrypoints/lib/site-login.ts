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
  | { kind: 'push'; login: StoredLogin & { token: string } }
  | { kind: 'verify'; token: string };

/**
 * What the extension does when it looks at the web app's login. Whichever side changed since the
 * last look wins, so the two never fight:
 * - the site has a new token (a login there, a token it refreshed) → the extension takes it;
 * - the site is unchanged but the extension's login differs (made in the popup, or newer than a
 *   token the site kept) → the extension's login is written into the site, so the pages the
 *   extension opens are logged in too;
 * - the site's token went away → 'verify': a logout there revoked every token of the user, so the
 *   extension logs out when the server refuses its token, and gives the site its login back when
 *   the server still takes it (the site only dropped a stale token).
 */
export function siteLoginAction(
  site: StoredLogin,
  lastSeenSiteToken: string | null,
  extension: StoredLogin,
): SiteLoginAction {
  if (site.token === lastSeenSiteToken) {
    if (extension.token && extension.token !== site.token)
      return { kind: 'push', login: { token: extension.token, userInfo: extension.userInfo } };
    return { kind: 'none' };
  }
  if (site.token) {
    if (site.token === extension.token) return { kind: 'none' };
    return { kind: 'adopt', login: { token: site.token, userInfo: site.userInfo } };
  }
  return extension.token ? { kind: 'verify', token: extension.token } : { kind: 'none' };
}

/** Writes a login into the web app's localStorage, as the web app itself keeps it. */
export function writeSiteLogin(
  storage: Pick<Storage, 'setItem'>,
  login: StoredLogin & { token: string },
): void {
  storage.setItem('token', login.token);
  if (login.userInfo) storage.setItem('userInfo', JSON.stringify(login.userInfo));
}
