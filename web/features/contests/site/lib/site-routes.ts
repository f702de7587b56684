/**
 * The before-each-route rules of a contest site, in one place:
 * which screens need a login, which need the website's contest comment area, and how the frame
 * around each screen looks.
 */

/** What a screen asks before it opens. */
export type SiteAccess = 'public' | 'auth' | 'contestComment';

/** How the site frame shows the screen. */
export type SiteScreen = 'home' | 'login' | 'board' | 'fullScreen' | 'contest';

export interface SiteRoute {
  access: SiteAccess;
  screen: SiteScreen;
  /** the contest id in the path (/SHORT/ID/..., /SHORT/acm-scoreboard/ID), when there is one */
  contestId: string | null;
}

/** Splits /SHORT/rest into the rest's segments (no empty ones). */
export function restSegments(pathname: string, shortName: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] && decodeURIComponent(parts[0]) === shortName) parts.shift();
  return parts;
}

/** Classifies the rest of a contest-site path (after /SHORT). */
export function siteRoute(rest: readonly string[]): SiteRoute {
  const [first, second] = rest;
  if (first === undefined) return { access: 'public', screen: 'home', contestId: null };
  if (first === 'login' && rest.length === 1) return { access: 'public', screen: 'login', contestId: null };
  if ((first === 'acm-scoreboard' || first === 'oi-scoreboard') && rest.length === 2)
    return { access: 'public', screen: 'board', contestId: second ?? null };
  if (rest.length === 4 && second === 'problem' && rest[3] === 'full-screen')
    return { access: 'auth', screen: 'fullScreen', contestId: first };
  // /SHORT/ID/comment: the comment tab needs the website's contest comment area as well as a login
  if (second === 'comment' && rest.length === 2)
    return { access: 'contestComment', screen: 'contest', contestId: first };
  return { access: 'auth', screen: 'contest', contestId: first };
}

/** Whether the contest id of the path belongs to the short name's contest (ids are digits only). */
export function sameContest(pathId: string | null, homeId: number): boolean {
  return pathId === null || pathId === String(homeId);
}
