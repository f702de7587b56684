import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppLanguage } from '../../shared/i18n';

type RenderFrame = (pathname: string, language: AppLanguage) => Promise<string | null>;

/**
 * The main site's frame (navigation, skip link, progress bar) as HTML, for the page's
 * `<div id="root">` (docs/architecture.md, The first paint). It is rendered by the web app's own
 * components, built for Node beside the web app (`dist/web-ssr/render-frame.js`, from
 * web/ssr/render-frame.tsx); loaded again when it is rebuilt. Without that build, or if it fails,
 * pages are served without a frame, as before: the app draws it when its scripts have run.
 *
 * A frame depends only on the path and the language, so the last 500 are kept (a new one takes
 * about 4 ms to render, most of it matching the path against the route table).
 */
export function pageFrames(webDir: string, log: FastifyBaseLogger): RenderFrame {
  const file = join(dirname(webDir), 'web-ssr', 'render-frame.js');
  let loaded: { mtimeMs: number; render: RenderFrame } | null = null;
  const frames = new LRUCache<string, { html: string | null }>({ max: 500 });
  let warned = false;

  async function renderer(): Promise<{ mtimeMs: number; render: RenderFrame } | null> {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      // a rebuilt file is a new module: the query makes Node load it afresh
      const mod = (await import(`${pathToFileURL(file).href}?v=${mtimeMs}`)) as { renderFrame: RenderFrame };
      loaded = { mtimeMs, render: mod.renderFrame };
      frames.clear();
    }
    return loaded;
  }

  // loaded, and run once, now rather than on the first page, which would wait for both (half a
  // second here, and the first render's compiling)
  void renderer()
    .then((current) => current?.render('/', 'zh-CN'))
    .catch(() => {});

  return async (pathname, language) => {
    try {
      const current = await renderer();
      if (!current) return null;
      const key = `${language}|${pathname}`;
      const hit = frames.get(key);
      if (hit) return hit.html;
      const html = await current.render(pathname, language);
      frames.set(key, { html });
      return html;
    } catch (err) {
      // the page still works without it; said once, not on every page
      if (!warned) log.warn({ err }, 'the page frame could not be rendered; pages are served without it');
      warned = true;
      return null;
    }
  };
}
