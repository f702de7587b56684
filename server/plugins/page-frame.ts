import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppLanguage } from '../../shared/i18n';

/** The renderer's entry as the build names it (web/vite.config.ts). */
const ENTRY = /^render-frame-[\w-]+\.js$/;

type RenderFrame = (pathname: string, language: AppLanguage, search?: string) => Promise<string | null>;

/**
 * The main site's frame (navigation, skip link, progress bar), with some screens inside it, as HTML
 * for the page's `<div id="root">` (docs/architecture.md, The first paint). It is rendered by the web app's own
 * components, built for Node beside the web app (`dist/web-ssr/render-frame-<hash>.js`, from
 * web/ssr/render-frame.tsx); a rebuilt one, under its new name, is loaded when it appears. Without that build, or if it fails,
 * pages are served without a frame, as before: the app draws it when its scripts have run.
 *
 * What is rendered depends only on the URL (a screen reads its filters from the query) and the
 * language, so the last 500 are kept (a new frame takes about 4 ms to render, most of it matching
 * the path against the route table).
 */
export function pageFrames(webDir: string, log: FastifyBaseLogger): RenderFrame {
  const dir = join(dirname(webDir), 'web-ssr');
  let loaded: { name: string; render: RenderFrame } | null = null;
  const frames = new LRUCache<string, { html: string | null }>({ max: 500 });
  let warned = false;

  async function renderer(): Promise<{ name: string; render: RenderFrame } | null> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const name = names.find((n) => ENTRY.test(n));
    if (!name) return null;
    if (loaded?.name !== name) {
      const mod = (await import(pathToFileURL(join(dir, name)).href)) as { renderFrame: RenderFrame };
      loaded = { name, render: mod.renderFrame };
      frames.clear();
    }
    return loaded;
  }

  // loaded, and run once, now rather than on the first page, which would wait for both (half a
  // second here, and the first render's compiling)
  void renderer()
    .then((current) => current?.render('/', 'zh-CN'))
    .catch(() => {});

  return async (pathname, language, search = '') => {
    try {
      const current = await renderer();
      if (!current) return null;
      const key = `${language}|${pathname}${search}`;
      const hit = frames.get(key);
      if (hit) return hit.html;
      const html = await current.render(pathname, language, search);
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
