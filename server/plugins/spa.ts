import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_DELIVERY } from '../../shared/constants/web-delivery';
import { LANGUAGE_COOKIE, resolveLanguage } from '../../shared/i18n';
import type { ServerFetch } from '../../shared/seo/frame-page';
import type { AppContext } from '../context';
import { pageHead, renderIndexHtml } from '../services/seo/page-head';
import { cookieValue } from './cookies';
import { pageFrames } from './page-frame';
import { chunkStyles, messagesScript, startScripts } from './web-manifest';

/**
 * A last path segment that names a file (`favicon.ico`, `robots.txt`, `wp-login.php`): when no
 * such file exists the answer is a 404, never the web app's index.html. Problem pages are the
 * exception: a problem's display id is free text and may contain a dot.
 */
const FILE_LIKE = /\/[^/]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;
const isFileLike = (path: string) => FILE_LIKE.test(path) && !path.startsWith('/problem/');

/** The query of a request's URL with its `?`, or nothing. */
const searchOf = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/**
 * The server's own API for the first data of a page (server/plugins/page-frame.ts), answered in
 * process as it would answer a visitor: reads only, with no login and none of the page request's
 * headers but the language; the URL's origin is the renderer's placeholder and only its path and
 * query are used.
 */
function asVisitor(app: FastifyInstance): ServerFetch {
  return async (url, init) => {
    const { pathname, search } = new URL(url);
    const language = new Headers(init.headers).get('accept-language');
    const res = await app.inject({
      method: 'GET',
      url: `${pathname}${search}`,
      headers: language ? { 'accept-language': language } : {},
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The built index.html, read again when the web app is rebuilt (its modification time changes). */
function indexTemplate(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; text: string } | null = null;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
    return cached.text;
  };
}

/**
 * Serves the built web app (docs/benchmarks.md, first load). Files come precompressed from the
 * build (`.br`, `.gz` beside each) and are sent in the encoding the browser accepts; hashed
 * `/assets/*` may be kept a year, everything else is revalidated. Every non-/api path that is not
 * a file gets index.html, with the page's title and meta description filled in, so client routes
 * survive a reload and search engines read a real head. /api paths that match nothing get HOJ's
 * 404 envelope; missing files a plain 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { webDir, ctx }: { webDir: string; ctx: AppContext }) => {
    const indexFile = join(webDir, 'index.html');
    const hasWeb = existsSync(indexFile);
    const template = indexTemplate(indexFile);
    const messagesFor = messagesScript(webDir);
    const startFiles = startScripts(webDir);
    // the chunk of server-rendered Markdown's typography, which brings KaTeX's style sheet
    const katexStyles = chunkStyles(webDir, 'markdown-prose');
    const frameFor = pageFrames(webDir, app.log, asVisitor(app));
    if (hasWeb) {
      // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: true,
        preCompressed: true,
        // `/` is a page like any other: its head is filled in below
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${sep}assets${sep}`);
          res.header(
            'Cache-Control',
            immutable
              ? `public, max-age=${WEB_DELIVERY.immutableMaxAgeSeconds}, immutable`
              : 'public, no-cache',
          );
        },
      });
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
      const query = request.query as Record<string, unknown> | undefined;
      const lang = resolveLanguage({
        query: typeof query?.l === 'string' ? query.l : null,
        cookie: cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
      });
      // the page speaks the web app's language (?l=, then the cookie), as the app itself will
      request.lang = lang;
      const head = await pageHead(ctx.db, path, request.t.bind(request));
      const frame = await frameFor(path, lang, searchOf(request.url));
      // KaTeX's markup (math in a statement) is unreadable without its style sheet
      const styles = frame?.html.includes('class="katex"') ? await katexStyles() : [];
      const html = renderIndexHtml(await template(), head, lang, path, await messagesFor(lang), {
        frame: frame?.html,
        screen: frame?.screen,
        data: frame?.data,
        styles,
        scripts: await startFiles(),
      });
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    }

    // the static plugin refuses a directory when `index` is off: the home page is a page like any other
    if (hasWeb) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (
        path === '/api' ||
        path.startsWith('/api/') ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return reply.code(404).send({ status: 404, data: null, msg: request.t('server.notFound') });
      }
      // A missing asset or file is a 404, never index.html served as JavaScript, an icon or text.
      if (path.startsWith('/assets/') || isFileLike(path)) {
        return reply.code(404).type('text/plain').send('Not Found');
      }
      if (!hasWeb) {
        return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build:web`.');
      }
      return sendPage(request, reply, path);
    });
  },
);
