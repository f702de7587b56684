import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, PHONE, photograph, SHOTS, type Viewport } from './pages';

/**
 * The problem page's first load downloads at most 300 KB of JavaScript: what crosses the network,
 * as the browser receives it (the server sends the build's Brotli copies). The page is opened in
 * Chromium without touching the editor; the compressed body size of every script the page loaded
 * until the network is idle is read from its own resource timings and summed. The statements of A+B
 * and of a problem with every kind of Markdown are photographed in both languages on a desktop and a
 * phone (`bundle-*`), to compare with how they looked before they were rendered on the server.
 */
const BUDGET = 300 * 1024;
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every kind of statement Markdown the judge's problems use: maths, tables, code, lists, quotes. */
const RICH = {
  description: [
    'Given an array $a_1, a_2, \\dots, a_n$, compute',
    '',
    '$$',
    'S = \\sum_{i=1}^{n} \\left\\lfloor \\frac{a_i}{2} \\right\\rfloor',
    '$$',
    '',
    '| $n$ | Points | Note |',
    '|---:|:---:|---|',
    '| $\\le 10$ | 30 | brute force |',
    '| $\\le 10^5$ | 70 | **full** solution |',
    '',
    '1. read the input;',
    '2. ~~guess~~ compute the answer.',
    '',
    '- [x] task list item',
    '- a [link](https://example.com/doc) and `inline code`',
    '',
    '> A quoted remark with *emphasis*.',
  ].join('\n'),
  input: 'The first line holds $n$ ($1 \\le n \\le 10^5$).\n\n```cpp\nint main() {\n  return 0;\n}\n```',
  output: 'One integer $S$.',
  hint: 'Mind $2^{31}-1$.<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">',
};

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  base = server.url;
  const { db, files } = server.server.ctx;
  await insertProblem(db, files, {
    problemId: 'B1',
    title: 'Halves',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    difficulty: 2,
    ...RICH,
    source: 'Verdict [e2e](https://example.com)',
    examples: [{ input: '3\n1 2 3', output: '2' }],
    cases: [{ input: '3\n1 2 3\n', output: '2\n', score: 100 }],
    tags: ['Math'],
  });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

interface Loaded {
  path: string;
  /** bytes of the body as downloaded (compressed) */
  bytes: number;
  /** bytes of JavaScript once decoded */
  raw: number;
}

/** Opens a page in a fresh context; the scripts it downloaded until the network is idle, with their sizes. */
async function firstLoad(path: string): Promise<{ page: Page; scripts: Loaded[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, bytes: e.encodedBodySize, raw: e.decodedBodySize })),
  );
  return { page, scripts };
}

const sum = (scripts: Loaded[]) => scripts.reduce((n, s) => n + s.bytes, 0);
const isEditorChunk = (s: Loaded) => /^code-editor/.test(s.path.split('/').pop() ?? '');

describe('first-load JavaScript budget', () => {
  it('downloads at most 300 KB of JavaScript on /problem/1000, without counting on the editor', async () => {
    const { page, scripts } = await firstLoad('/problem/1000?l=en-US');
    // the statement was shown: the measurement is of a working page
    await page.waitForSelector('[data-section=description] .katex');
    const total = sum(scripts);
    const withoutEditor = sum(scripts.filter((s) => !isEditorChunk(s)));
    const raw = scripts.reduce((n, s) => n + s.raw, 0);
    const lines = [...scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `  ${KB(s.bytes).padStart(9)}  ${KB(s.raw).padStart(9)}  ${s.path}`);
    console.info(
      [
        `problem page first load, as downloaded: ${KB(total)} in ${scripts.length} files (${KB(raw)} decoded)`,
        '  download      raw',
        ...lines,
        `  without the code-editor chunk: ${KB(withoutEditor)} (budget ${KB(BUDGET)})`,
      ].join('\n'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    // measurable now: everything but the editor chunk, which loads on first use of the editor
    expect(withoutEditor).toBeLessThanOrEqual(BUDGET);
    // the whole first load
    expect(total).toBeLessThanOrEqual(BUDGET);
    await page.browserContext().close();
  });
});

/** The hashed script holding a language's site messages, from the build's manifest. */
function messagesScript(lang: 'zh-CN' | 'en-US'): string {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[`../locales/${lang}.json`];
  if (!chunk) throw new Error(`the build's manifest has no messages file for ${lang}`);
  return `/${chunk.file}`;
}

/** Chunks of editing code: the comment and Markdown editors, forms, their validation. */
const EDITING = /^(comment-item|markdown-editor|forms|zod|confirm-dialog)-/;

describe("the home page's first load", () => {
  it('downloads no editing code: it only reads (labels from a feature load without the rest of it)', async () => {
    const { page, scripts } = await firstLoad('/?l=en-US');
    await page.waitForSelector('[data-testid=home-chart-drawing] [data-chart=bar]');
    const names = scripts.map((s) => s.path.split('/').pop() ?? '');
    expect(names.filter((name) => EDITING.test(name))).toEqual([]);
    console.info(`home page first load: ${KB(sum(scripts))} of JavaScript in ${scripts.length} files`);
    await page.browserContext().close();
  });
});

describe('one language at a time', () => {
  it('downloads the messages of the language shown only, named in the head, and the other on a switch', async () => {
    const en = messagesScript('en-US');
    const zh = messagesScript('zh-CN');
    for (const [query, shown, other, title] of [
      ['l=en-US', en, zh, 'Problem List'],
      ['l=zh-cn', zh, en, '题目列表'],
    ] as const) {
      const html = await (await fetch(`${base}/problem?${query}`)).text();
      // named to the script that starts the app after the first paint, with the app's own (server/services/seo)
      const start = /<script defer src="\/app-start\.js" [^>]*data-preload="([^"]*)"/.exec(html);
      expect(start?.[1].split(' ')).toContain(shown);
      expect(html).not.toContain(other);
      const { page, scripts } = await firstLoad(`/problem?${query}`);
      const paths = scripts.map((s) => s.path);
      expect(paths).toContain(shown);
      expect(paths).not.toContain(other);
      await page.waitForFunction((t) => document.body.innerText.includes(t), {}, title);
      // the logo switches language: the other messages arrive first, then the page speaks them
      await page.click('[data-testid=logo]');
      const otherTitle = title === 'Problem List' ? '题目列表' : 'Problem List';
      await page.waitForFunction((t) => document.body.innerText.includes(t), {}, otherTitle);
      const after = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
      );
      expect(after).toContain(other);
      await page.browserContext().close();
    }
  });
});

async function shootStatement(problemId: string, lang: string, viewport: Viewport, name: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // a desktop tall enough to show the whole statement panel
  await page.setViewport(viewport === DESKTOP ? { ...DESKTOP, height: 1500 } : viewport);
  await page.goto(`${base}/problem/${problemId}?l=${lang}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-section=description]');
  await page.waitForSelector('[data-testid=result-pie] svg');
  await page.evaluate(() => document.fonts.ready);
  const statement = await page.$('[data-testid=problem-statement]');
  if (statement) await photograph(statement, name, { settleMs: 600 });
  return page;
}

describe('statements look as before', () => {
  // one test a problem: four page loads each, within a test's time on a busy machine. A+B and the
  // problem with every kind of Markdown: the other demo statements add no kind of content.
  it.each(['1000', 'B1'])(
    'photographs the statement of %s in both languages, on a desktop and a phone',
    async (problemId) => {
      for (const lang of ['en-US', 'zh-cn']) {
        for (const [viewport, device] of [
          [DESKTOP, 'desktop'],
          [PHONE, 'phone'],
        ] as const) {
          const name = `bundle-${problemId}-${lang === 'zh-cn' ? 'zh' : 'en'}-${device}`;
          const page = await shootStatement(problemId, lang, viewport, name);
          expect(await page.$$('[data-section=description] .katex')).not.toHaveLength(0);
          await page.browserContext().close();
        }
      }
    },
  );

  it('renders tables, code, lists and maths, and never runs raw HTML from a statement', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.goto(`${base}/problem/B1?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-section=hint]');
    const html = (section: string) =>
      page.$eval(`[data-section=${section}]`, (el) => (el as HTMLElement).innerHTML);
    const description = await html('description');
    expect(await page.$$('[data-section=description] table td')).toHaveLength(6);
    expect(await page.$('[data-section=description] .katex-display')).not.toBeNull();
    expect(await page.$('[data-section=description] del')).not.toBeNull();
    expect(await page.$('[data-section=description] input[type=checkbox]')).not.toBeNull();
    expect(await page.$('[data-section=description] blockquote em')).not.toBeNull();
    expect(description).toContain('href="https://example.com/doc"');
    expect(await page.$eval('[data-section=input] pre code', (el) => el.textContent)).toContain('return 0;');
    const hint = await html('hint');
    expect(hint).not.toContain('<script');
    expect(hint).not.toContain('onerror');
    expect(await page.$('[data-section=hint] img')).toBeNull();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$('[data-section=hint] .katex')).not.toBeNull();
    await context.close();
  });
});
