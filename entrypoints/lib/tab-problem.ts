import { problemFromUrl } from './links';

/** The problem a quick submit goes to, and why that one (the form says so). */
export interface DraftProblem {
  problemId: string;
  cid: number | null;
  /** route: the tab's address is a problem page; meta: its machine-readable block names the problem */
  from: 'route' | 'meta';
}

/**
 * Reads the problem page's machine-readable block (docs/problem-formats.md) in the tab: its
 * problem id and address. Runs in the page through scripting.executeScript, so it is
 * self-contained. Null when the page has no such block.
 */
export function readProblemMetaInPage(): { problemId: string; url: string } | null {
  const el = document.getElementById('problem-meta');
  if (!el?.textContent) return null;
  try {
    const meta = JSON.parse(el.textContent) as { problemId?: unknown; url?: unknown };
    if (typeof meta.problemId !== 'string' || !meta.problemId) return null;
    return { problemId: meta.problemId, url: typeof meta.url === 'string' ? meta.url : '' };
  } catch {
    return null;
  }
}

/**
 * The problem of the tab the code comes from, when that tab is a problem page of the configured
 * server: its route (`/problem/:id`, `/contest/:cid/problem/:displayId`) first, since inside a
 * contest it names the contest too, then the page's machine-readable block. Null for any other
 * page (the form then falls back to the pinned problem).
 */
export function problemOfTab(
  tabUrl: string | null,
  meta: { problemId: string; url: string } | null,
  serverUrl: string,
): DraftProblem | null {
  if (!tabUrl || !sameOrigin(tabUrl, serverUrl)) return null;
  const routed = problemFromUrl(tabUrl);
  if (routed) return { ...routed, from: 'route' };
  if (meta && (!meta.url || sameOrigin(meta.url, serverUrl))) {
    return { problemId: meta.problemId, cid: null, from: 'meta' };
  }
  return null;
}

function sameOrigin(href: string, serverUrl: string): boolean {
  try {
    return new URL(href).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}
