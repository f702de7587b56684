import { WEB_DELIVERY } from '../../../shared/constants/web-delivery';
import { FIRST_DATA_ID, SCREEN_DRAWN_ATTRIBUTE } from '../../../shared/seo/frame-page';
import {
  descriptionKeyFor,
  discussionIdOfPath,
  firstSentence,
  problemIdOfPath,
} from '../../../shared/seo/page-descriptions';
import type { Db } from '../../db/database';
import { loadReadableDiscussion } from '../discussions/access';
import { markdownPlainText } from '../markdown/plain-text';
import { findProblemByDisplayId } from '../problems/queries';
import { isOpenProblem } from '../problems/visibility';

export interface PageHead {
  title: string;
  description: string;
  /** the description is this page's own (a problem's statement, a post), not its kind of page's */
  own: boolean;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The <title> and meta description of a web page's first load, before any script runs (search
 * engines and link previews read them): a public problem's page gets its title and the first
 * sentence of its statement, a discussion a visitor may read its title and first sentence; every other page the site's name and the description of its kind of
 * page. A problem that is not public to everyone reads like an unknown one, so its title never
 * leaks.
 */
export async function pageHead(db: Db, pathname: string, t: Translate): Promise<PageHead> {
  const app = t('common.appName');
  const problemId = problemIdOfPath(pathname);
  if (problemId !== null) {
    const problem = await findProblemByDisplayId(db, problemId);
    if (problem && isOpenProblem(problem)) {
      const text = markdownPlainText(problem.description ?? '');
      const description = text
        ? firstSentence(text, WEB_DELIVERY.descriptionMaxChars)
        : t('seo.description.problem');
      return { title: `${problem.title} - ${app}`, description, own: text !== '' };
    }
  }
  const did = discussionIdOfPath(pathname);
  if (did !== null) {
    // what a visitor may not read (closed area, blocked post, hidden problem) reads like a list page
    const post = await loadReadableDiscussion(db, null, did).catch(() => null);
    if (post) {
      const text = markdownPlainText(post.description || post.content || '');
      const description = text
        ? firstSentence(text, WEB_DELIVERY.descriptionMaxChars)
        : t('seo.description.discussions');
      return { title: `${post.title} - ${app}`, description, own: text !== '' };
    }
  }
  return { title: app, description: t(descriptionKeyFor(pathname)), own: false };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * index.html with the page's language, title and description: the built file's <title> is
 * replaced and the description follows it. A page's own description is marked with its path, so
 * the web app keeps it on that page instead of putting its generic one in its place. The script of
 * the language's messages, which index.html cannot name (it is one file per language) and the app
 * needs before its first render, is named for early download (with a frame, to app-start.js).
 * `body.frame`, the main site's frame
 * rendered on the server (server/plugins/page-frame.ts), goes inside `<div id="root">`, which the
 * app's first render replaces, or takes over in place when it holds the screen (`body.screen`,
 * marked on the root); `body.data`, the answers a screen in it was drawn with, follows it
 * for the app's cache (web/app/first-data.ts), and `body.styles` are style sheets its markup needs
 * beside the app's own (KaTeX's, for math in a statement). With a frame the app's scripts, and
 * `body.scripts` (those its start loads), are asked for after the first paint (`startAfterPaint`).
 */
export function renderIndexHtml(
  template: string,
  head: PageHead,
  lang: string,
  pathname: string,
  messagesScript: string | null = null,
  body: {
    frame?: string | null;
    screen?: boolean;
    data?: string | null;
    styles?: readonly string[];
    scripts?: readonly string[];
  } = {},
): string {
  const mark = head.own ? ` data-path="${escapeHtml(pathname)}"` : '';
  const styles = (body.styles ?? [])
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`)
    .join('');
  const framed = !!body.frame;
  // without a frame nothing paints before the app has started: what it starts with is named in
  // the head, to arrive beside the entry (once each: the build's own preloads are in the template)
  const named = new Set([...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]));
  const preloads = framed
    ? []
    : [...new Set([messagesScript, ...(body.scripts ?? [])])].filter(
        (href): href is string => !!href && !named.has(href),
      );
  const links =
    preloads
      .map((href) => `\n    <link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
      .join('') + styles;
  const tags =
    `<title>${escapeHtml(head.title)}</title>\n` +
    `    <meta name="description" content="${escapeHtml(head.description)}"${mark} />${links}`;
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => tags)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"${body.frame && body.screen ? ` ${SCREEN_DRAWN_ATTRIBUTE}` : ''}>${body.frame ?? ''}</div>` +
        firstData(body.data),
    );
  return framed ? startAfterPaint(html, messagesScript, body.scripts ?? []) : html;
}

/**
 * The first data as a JSON block the app reads (not run: the CSP allows no inline script). A `<`
 * in it is written as `\u003c`, the same string to JSON, so no text in the data can close the
 * element or open a comment.
 */
function firstData(data: string | null | undefined): string {
  if (!data) return '';
  return `\n    <script type="application/json" id="${FIRST_DATA_ID}">${data.replaceAll('<', '\\u003c')}</script>`;
}

/** The build's module entry and its preloads as Vite writes them into index.html. */
const MODULE_ENTRY = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>\s*/g;

/**
 * With the frame in the HTML the first paint needs the style sheet alone: the app's module script
 * and its preloads (the language's messages and the scripts its start loads, `scripts`, among
 * them) are named to `/app-start.js`, which asks for them once the page is on screen, instead of
 * by the head, where the browser asks for them with the HTML and a slow link shares its bandwidth
 * between them and what the paint needs (docs/benchmarks.md, Sixth pass). Without a frame nothing
 * paints before them: they stay.
 */
function startAfterPaint(html: string, messagesScript: string | null, scripts: readonly string[]): string {
  const entry = MODULE_ENTRY.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  if (messagesScript) preloads.push(messagesScript);
  for (const script of scripts) if (!preloads.includes(script)) preloads.push(script);
  const start =
    `<script defer src="/app-start.js" data-entry="${escapeHtml(entry)}"` +
    ` data-preload="${escapeHtml(preloads.join(' '))}"></script>\n    `;
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_ENTRY, () => start);
}
