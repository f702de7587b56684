/** Addresses of the web app's pages, on the configured server (web/app/router.tsx). */

export function submissionUrl(
  serverUrl: string,
  s: { submitId: number; cid?: number | null; displayId?: string | null; displayPid?: string | null },
): string {
  if (s.cid) {
    const display = encodeURIComponent(s.displayId ?? s.displayPid ?? '');
    return `${serverUrl}/contest/${s.cid}/problem/${display}/submission-detail/${s.submitId}`;
  }
  return `${serverUrl}/submission-detail/${s.submitId}`;
}

export function problemUrl(serverUrl: string, p: { problemId: string; cid?: number | null }): string {
  return p.cid
    ? `${serverUrl}/contest/${p.cid}/problem/${encodeURIComponent(p.problemId)}`
    : `${serverUrl}/problem/${encodeURIComponent(p.problemId)}`;
}

export function contestUrl(serverUrl: string, cid: number): string {
  return `${serverUrl}/contest/${cid}`;
}

export function messageUrl(serverUrl: string, type: string): string {
  return `${serverUrl}/message/${type}`;
}

/**
 * The problem a web app address shows: `/problem/:problemId` or `/contest/:cid/problem/:displayId`
 * (query and hash ignored); null for other pages.
 */
export function problemFromUrl(href: string): { problemId: string; cid: number | null } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const contest = /^\/contest\/(\d+)\/problem\/([^/]+)\/?$/.exec(url.pathname);
  if (contest) return { cid: Number(contest[1]), problemId: decodeURIComponent(contest[2]) };
  const single = /^\/problem\/([^/]+)\/?$/.exec(url.pathname);
  if (single) return { cid: null, problemId: decodeURIComponent(single[1]) };
  return null;
}
