import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { WEB_DELIVERY } from '../../shared/constants/web-delivery';
import type { AppLanguage } from '../../shared/i18n';
import type { FramePage, ServerFetch } from '../../shared/seo/frame-page';

/** The renderer's entry as the build names it (web/vite.config.ts). */
const ENTRY = /^render-frame-[\w-]+\.js$/;

type RenderFrame = (
  pathname: string,
  language: AppLanguage,
  search?: string,
  fetchApi?: ServerFetch,
) => Promise<FramePage | null>;

/** Rendered pages kept, by the characters they hold (a problem's page carries its statement twice). */
const KEPT_CHARS = 32 * 1024 * 1024;

/**
 * The main site's frame (navigation, skip link, progress bar), with some screens inside it, as HTML
 * for the page's `<div id="root">` (docs/architecture.md, The first paint). It is rendered by the web app's own
 * components, built for Node beside the web app (`dist/web-ssr/render-frame-<hash>.js`, from
 * web/ssr/render-frame.tsx); a rebuilt one, under its new name, is loaded when it appears. Without that build, or if it fails,
 * pages are served without a frame, as before: the app draws it when its scripts have run.
 *
 * Some screens are drawn with their first data, which the renderer asks for through `fetchApi`
 * (the server's own API, without a login). A page without data depends only on the URL and the
 * language and is kept until the cache is full (rendering one takes about 4 ms, most of it
 * matching the path against the route table); one whose screen asks for data is kept for
 * WEB_DELIVERY.firstDataKeepMs, so the answers it carries stay as fresh as the API's. Visitors
 * asking for a page while it is being rendered share that render.
 */
export function pageFrames(webDir: string, log: FastifyBaseLogger, fetchApi?: ServerFetch) {
  const dir = join(dirname(webDir), 'web-ssr');
  let loaded: { name: string; render: RenderFrame } | null = null;
  const frames = new LRUCache<string, { page: FramePage | null }>({
    maxSize: KEPT_CHARS,
    sizeCalculation: ({ page }) => Math.max(1, (page?.html.length ?? 0) + (page?.data?.length ?? 0)),
  });
  const rendering = new Map<string, Promise<FramePage | null>>();
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

  async function render(
    render: RenderFrame,
    key: string,
    pathname: string,
    language: AppLanguage,
    search: string,
  ) {
    const page = await render(pathname, language, search, fetchApi);
    // a page drawn with data, or without the data it asked for (late), is kept briefly: never for good
    frames.set(key, { page }, page?.dataBound ? { ttl: WEB_DELIVERY.firstDataKeepMs } : {});
    return page;
  }

  return async (pathname: string, language: AppLanguage, search = ''): Promise<FramePage | null> => {
    try {
      // looked up first: a rebuild clears what was kept
      const current = await renderer();
      if (!current) return null;
      const key = `${language}|${pathname}${search}`;
      const hit = frames.get(key);
      if (hit) return hit.page;
      let pending = rendering.get(key);
      if (!pending) {
        pending = render(current.render, key, pathname, language, search).finally(() =>
          rendering.delete(key),
        );
        rendering.set(key, pending);
      }
      return await pending;
    } catch (err) {
      // the page still works without it; said once, not on every page
      if (!warned) log.warn({ err }, 'the page frame could not be rendered; pages are served without it');
      warned = true;
      return null;
    }
  };
}
