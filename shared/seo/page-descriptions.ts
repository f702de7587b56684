/**
 * Which meta description a page of the web app carries, by its path: one table for the server
 * (the HTML of a first load) and the web app (each client-side navigation). The texts are locale
 * keys under `seo.description`; a problem page's own statement replaces its generic text when
 * the server knows the problem and it is public.
 */
const BY_FIRST_SEGMENT: Record<string, string> = {
  '': 'seo.description.home',
  problem: 'seo.description.problems',
  status: 'seo.description.status',
  contest: 'seo.description.contests',
  'submission-detail': 'seo.description.status',
  discussion: 'seo.description.discussions',
  'discussion-detail': 'seo.description.discussions',
};

export function descriptionKeyFor(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  if (first === 'problem' && segments.length > 1) return 'seo.description.problem';
  if (first === 'contest' && segments.length > 1) return 'seo.description.contest';
  // own keys only: a page at /constructor or /__proto__ must not find Object's members here
  return Object.hasOwn(BY_FIRST_SEGMENT, first)
    ? (BY_FIRST_SEGMENT[first] as string)
    : 'seo.description.default';
}

/** The display id in `/problem/:id`, or null for any other path. */
export function problemIdOfPath(pathname: string): string | null {
  const match = /^\/problem\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The id in `/discussion-detail/:id`, or null for any other path. */
export function discussionIdOfPath(pathname: string): number | null {
  const match = /^\/discussion-detail\/(\d{1,15})\/?$/.exec(pathname);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * The first sentence of a text, cut at a word to at most `max` characters (with an ellipsis): a
 * description search engines show whole.
 */
export function firstSentence(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const end = /[.!?。！？](?=\s|$)|[。！？]/u.exec(clean);
  const sentence = end ? clean.slice(0, end.index + 1) : clean;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
