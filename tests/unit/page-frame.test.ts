// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { pageFrames } from '@/server/plugins/page-frame';
import { WEB_DELIVERY } from '@/shared/constants/web-delivery';

/**
 * The server's loader of the frame renderer (server/plugins/page-frame.ts), with stand-in builds
 * of dist/web-ssr/render-frame-<hash>.js: what it renders is used, a rebuild is picked up, and a missing
 * or broken build leaves pages without a frame instead of failing them.
 */
describe('the page frame loader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-frame-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const webDir = join(dir, 'web');
  const ssrDir = join(dir, 'web-ssr');
  mkdirSync(webDir);
  mkdirSync(ssrDir);
  const warnings: string[] = [];
  const log = {
    warn: (_obj: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  /** A build as Vite writes one: the entry named by its content, the previous one gone. */
  const build = (body: string, hash: string) => {
    for (const name of readdirSync(ssrDir)) rmSync(join(ssrDir, name));
    writeFileSync(join(ssrDir, `render-frame-${hash}.js`), body);
  };

  it('renders nothing without a build', async () => {
    const frames = pageFrames(join(dir, 'elsewhere', 'web'), log);
    expect(await frames('/problem', 'en-US')).toBeNull();
  });

  it('renders with the build, keeps what it rendered, and loads a rebuilt one', async () => {
    build(
      'export async function renderFrame(path, lang) { (globalThis.framed ??= []).push(path); return { html: "<nav>" + lang + " " + path + "</nav>", data: null }; }',
      'a1',
    );
    const frames = pageFrames(webDir, log);
    expect((await frames('/problem', 'en-US'))?.html).toBe('<nav>en-US /problem</nav>');
    // the same path and language again: kept, not rendered again
    expect((await frames('/problem', 'en-US'))?.html).toBe('<nav>en-US /problem</nav>');
    const framed = (globalThis as unknown as { framed: string[] }).framed;
    expect(framed.filter((path) => path === '/problem')).toHaveLength(1);
    build(
      'export async function renderFrame(path) { return path === "/x" ? null : { html: "<nav>v2</nav>", data: null }; }',
      'b2',
    );
    expect((await frames('/problem', 'en-US'))?.html).toBe('<nav>v2</nav>');
    expect(await frames('/x', 'en-US')).toBeNull();
  });

  it('asks its own API for first data, keeps a page with data for a moment only, and renders a burst once', async () => {
    // the stand-in renders with what the API answered, counting its renders of the page (not the warm-up's)
    build(
      'export async function renderFrame(path, lang, search, fetchApi) {' +
        ' if (path === "/problem") globalThis.renders = (globalThis.renders ?? 0) + 1;' +
        ' const answer = await (await fetchApi("http://frame.invalid/api/x" + search, { headers: {} })).text();' +
        ' return { html: "<main>" + answer + "</main>", data: answer, dataBound: true }; }',
      'd4',
    );
    let version = 1;
    const asked: string[] = [];
    const fetchApi = async (url: string) => {
      asked.push(url);
      await new Promise((r) => setTimeout(r, 20));
      return new Response(`v${version}`);
    };
    const frames = pageFrames(webDir, log, fetchApi);
    const renders = () => (globalThis as unknown as { renders?: number }).renders ?? 0;
    const before = renders();
    const burst = await Promise.all(Array.from({ length: 5 }, () => frames('/problem', 'en-US', '?a=1')));
    expect(burst.map((page) => page?.html)).toEqual(Array(5).fill('<main>v1</main>'));
    expect(renders() - before).toBe(1);
    expect(asked).toEqual(['http://frame.invalid/api/x?a=1']);
    version = 2;
    expect((await frames('/problem', 'en-US', '?a=1'))?.data).toBe('v1');
    // past the keep time the page is rendered again, with the new answer
    await new Promise((r) => setTimeout(r, WEB_DELIVERY.firstDataKeepMs + 50));
    expect((await frames('/problem', 'en-US', '?a=1'))?.data).toBe('v2');
    expect(renders() - before).toBe(2);
  });

  it('keeps a page whose data came too late only briefly, so the next visitor gets it with its data', async () => {
    build(
      'export async function renderFrame(path) {' +
        ' globalThis.lateRenders = (globalThis.lateRenders ?? 0) + 1;' +
        ' return { html: "<main>" + globalThis.lateRenders + "</main>", data: null, dataBound: path === "/late" }; }',
      'e5',
    );
    const frames = pageFrames(webDir, log);
    const first = (await frames('/late', 'en-US'))?.html;
    const still = (await frames('/late', 'en-US'))?.html;
    expect(still).toBe(first);
    await new Promise((r) => setTimeout(r, WEB_DELIVERY.firstDataKeepMs + 50));
    expect((await frames('/late', 'en-US'))?.html).not.toBe(first);
    // a page that asks for no data is kept
    const plain = (await frames('/plain', 'en-US'))?.html;
    await new Promise((r) => setTimeout(r, WEB_DELIVERY.firstDataKeepMs + 50));
    expect((await frames('/plain', 'en-US'))?.html).toBe(plain);
  });

  it('serves pages without a frame when the renderer fails, and says so once', async () => {
    build('export async function renderFrame() { throw new Error("broken build"); }', 'c3');
    const frames = pageFrames(webDir, log);
    expect(await frames('/a', 'zh-CN')).toBeNull();
    expect(await frames('/b', 'zh-CN')).toBeNull();
    expect(warnings.filter((w) => w.includes('page frame'))).toHaveLength(1);
  });
});
