import { mkdirSync } from 'node:fs';
import type { Browser, HTTPResponse, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnnouncement } from '../../server/services/announcements/announcements';
import { contestRowChanged } from '../../server/services/contests/contest-row-cache';
import { ProblemAuth } from '../../shared/constants/problems';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, loginThroughDialog, PHONE, photograph, SHOTS, type Viewport } from './pages';

/**
 * The web app's first load as a browser sees it (docs/benchmarks.md, first load): scripts arrive
 * compressed and are kept by the browser; the problem page on a phone does not jump when its
 * statement arrives; the home page and a contest show their Markdown without loading the Markdown
 * renderer; robots.txt, favicon.ico and each page's title and meta description are there for
 * search engines, the problem page's before any script runs; the main site's frame comes with the
 * HTML and is painted before the app's scripts arrive (docs/architecture.md, The first paint).
 */

/** The Markdown renderer's chunk (remark, rehype, KaTeX): `markdown-<hash>.js`, not its small helpers. */
const MARKDOWN_CHUNK = /\/assets\/markdown-[\w-]{8}\.js$/;

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  base = server.url;
  const { db } = server.server.ctx;
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username'])
    .where('username', '=', 'root')
    .executeTakeFirstOrThrow();
  await insertAnnouncement(
    db,
    { uid: root.uuid, username: root.username },
    { title: 'Maths night', content: 'Bring **paper**: we sum $\\sum_{i=1}^n i$ tonight.', status: 0 },
  );
  await db.kysely
    .updateTable('contest')
    .set({ description: 'Warm up with **A** and $\\frac{a}{b}$ before the real thing.' })
    .where('title', '=', 'Verdict Warm-up Round')
    .execute();
  contestRowChanged(db);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

interface Loaded {
  url: string;
  response: HTTPResponse;
}

/** A page in a fresh context that records every response (and the layout shifts) from the start. */
async function freshPage(viewport: Viewport): Promise<{ page: Page; responses: Loaded[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const responses: Loaded[] = [];
  page.on('response', (response) => responses.push({ url: response.url(), response }));
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, responses };
}

/** A desktop page on which root has logged in through the login dialog. */
async function loggedInPage(): Promise<Page> {
  const { page } = await freshPage(DESKTOP);
  await page.goto(`${base}/status?l=en-US`, { waitUntil: 'networkidle0' });
  await loginThroughDialog(page, 'root', server.rootPassword);
  await page.waitForSelector('[data-testid=user-menu]');
  return page;
}

/** Bytes of JavaScript that crossed the network (compressed bodies), from the page's own resource timings. */
function scriptBytes(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({
        path: new URL(e.name).pathname,
        encoded: e.encodedBodySize,
        decoded: e.decodedBodySize,
        transfer: e.transferSize,
      })),
  );
}

describe('scripts arrive compressed and are kept', () => {
  it('serves every script of the problem page in Brotli, a fraction of its size, cached for a year', async () => {
    const { page, responses } = await freshPage(PHONE);
    await page.goto(`${base}/problem/1000?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-section=description]');
    const scripts = responses.filter((r) => new URL(r.url).pathname.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const { url, response } of scripts) {
      const headers = response.headers();
      expect(headers['content-encoding'], url).toBe('br');
      if (url.includes('/assets/'))
        expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    const page0 = responses.find((r) => new URL(r.url).pathname === '/problem/1000');
    expect(page0?.response.headers()['content-encoding']).toBe('br');
    expect(page0?.response.headers()['cache-control']).toBe('no-cache');

    const sizes = await scriptBytes(page);
    const encoded = sizes.reduce((n, s) => n + s.encoded, 0);
    const decoded = sizes.reduce((n, s) => n + s.decoded, 0);
    console.info(
      `problem page on a phone: ${sizes.length} scripts, ${(encoded / 1024).toFixed(1)} KB over the network for ${(decoded / 1024).toFixed(1)} KB of JavaScript`,
    );
    expect(encoded).toBeLessThan(decoded / 2.5);

    // a second visit takes every hashed script from the browser's cache
    const before = responses.length;
    await page.goto(`${base}/problem/1001?l=en-US`, { waitUntil: 'networkidle0' });
    const again = responses
      .slice(before)
      .filter(
        (r) => r.url.includes('/assets/') && r.url.endsWith('.js') && scripts.some((s) => s.url === r.url),
      );
    for (const { url, response } of again) expect(response.fromCache(), url).toBe(true);
    await page.browserContext().close();
  });
});

describe('the problem page on a phone keeps still', () => {
  it('does not push the editor away when a slow statement arrives (layout shift at most 0.05)', async () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const { page } = await freshPage(PHONE);
      // a slow answer, so the skeleton is surely painted first, as on a phone network
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().includes('/api/get-problem-detail'))
          setTimeout(() => void request.continue(), 1200);
        else void request.continue();
      });
      await page.goto(`${base}/problem/1000?l=${lang}`);
      await page.waitForSelector('[data-testid=editor]');
      const editorTopEarly = await page.$eval('[data-testid=editor]', (el) => el.getBoundingClientRect().top);
      await page.waitForSelector('[data-section=description] .katex');
      await new Promise((r) => setTimeout(r, 800));
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      const editorTop = await page.$eval('[data-testid=editor]', (el) => el.getBoundingClientRect().top);
      const viewport = PHONE.height;
      console.info(`problem page on a phone (${lang}): layout shift ${shift.toFixed(4)}`);
      expect(shift).toBeLessThanOrEqual(0.05);
      // the editor was below the fold from the start, and still is
      expect(editorTopEarly).toBeGreaterThanOrEqual(viewport);
      expect(editorTop).toBeGreaterThanOrEqual(viewport);
      await photograph(page, `first-load-problem-phone-${lang === 'zh-CN' ? 'zh' : 'en'}`, { settleMs: 0 });
      await page.browserContext().close();
    }
  });
});

describe('Markdown without the Markdown renderer', () => {
  const markdownLoaded = (responses: Loaded[]) =>
    responses.filter((r) => MARKDOWN_CHUNK.test(r.url)).map((r) => r.url);

  it('shows the home page announcements rendered by the server', async () => {
    const { page, responses } = await freshPage(DESKTOP);
    await page.goto(`${base}/?l=en-US`, { waitUntil: 'networkidle0' });
    const card = await page.waitForSelector('[data-testid=announcements] details');
    const titles = await page.$$eval('[data-testid=announcements] summary', (els) =>
      els.map((e) => e.textContent),
    );
    const index = titles.findIndex((t) => t?.includes('Maths night'));
    expect(index).toBeGreaterThanOrEqual(0);
    const summaries = await page.$$('[data-testid=announcements] summary');
    await summaries[index]?.click();
    const body = `[data-testid=announcements] details[open]`;
    await page.waitForSelector(`${body} strong`);
    expect(await page.$eval(`${body} strong`, (el) => el.textContent)).toBe('paper');
    expect(await page.$(`${body} .katex`)).not.toBeNull();
    expect(card).not.toBeNull();
    await photograph(page, 'first-load-home-en', { settleMs: 0 });
    expect(markdownLoaded(responses)).toEqual([]);
    await page.browserContext().close();
  });

  it("shows a contest's description rendered by the server", async () => {
    const { page, responses } = await freshPage(DESKTOP);
    await page.goto(`${base}/contest?l=en-US`, { waitUntil: 'networkidle0' });
    await loginThroughDialog(page, 'root', server.rootPassword);
    const contest = await server.server.ctx.db.kysely
      .selectFrom('contest')
      .select('id')
      .where('title', '=', 'Verdict Warm-up Round')
      .executeTakeFirstOrThrow();
    await page.goto(`${base}/contest/${contest.id}?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=contest-overview] strong');
    expect(await page.$eval('[data-testid=contest-overview] strong', (el) => el.textContent)).toBe('A');
    expect(await page.$('[data-testid=contest-overview] .katex')).not.toBeNull();
    await photograph(page, 'first-load-contest-en', { settleMs: 0 });
    expect(markdownLoaded(responses)).toEqual([]);
    await page.browserContext().close();
  });
});

describe('the frame comes with the HTML', () => {
  /** Where each of the navigation's parts is shown: display none counts as hidden. */
  const shown = (page: Page, testId: string) =>
    page.$eval(`[data-testid=${testId}]`, (el) => getComputedStyle(el).display !== 'none');

  /**
   * The screens the server draws inside the frame: `painted` is what must be on screen with the HTML
   * (an element and its text), `ready` what the app shows once it runs, `seeded` the API calls
   * whose answers came with the page, which a visitor's app therefore does not make. `largest`: the
   * largest paint is the server's; on a desktop the problem page's is the editor's code, which only
   * the app can draw (the reader's draft is in their browser).
   */
  const PROBLEM_PAGE = {
    path: '/problem/1000',
    nav: 'nav-problem',
    painted: { selector: '[data-testid=problem-title]', text: 'A+B Problem' },
    ready: '[data-testid=code-panel]',
    seeded: ['/api/get-problem-detail'],
  } as const;
  const CASES = [
    {
      viewport: PHONE,
      lang: 'zh-CN',
      path: '/problem',
      nav: 'nav-problem',
      painted: { selector: '[data-testid=problem-link-1000]', text: 'A+B Problem' },
      ready: 'main table',
      seeded: ['/api/get-problem-list', '/api/get-problem-tags-and-classification'],
    },
    { viewport: DESKTOP, lang: 'en-US', ...PROBLEM_PAGE, largest: false },
    { viewport: PHONE, lang: 'en-US', ...PROBLEM_PAGE },
    {
      viewport: PHONE,
      lang: 'zh-CN',
      path: '/',
      nav: 'nav-home',
      painted: { selector: 'main h1', text: 'Verdict 在线评测' },
      ready: 'main h1',
      seeded: [],
    },
    {
      viewport: DESKTOP,
      lang: 'en-US',
      path: '/status',
      nav: 'nav-status',
      painted: { selector: 'main h1', text: 'Status' },
      ready: '[data-testid=submission-row], main table',
      seeded: [],
    },
    {
      viewport: DESKTOP,
      lang: 'zh-CN',
      path: '/contest',
      nav: 'nav-contest',
      painted: { selector: '[data-testid=contest-link]', text: 'Verdict' },
      ready: '[data-testid=contest-row]',
      seeded: ['/api/get-contest-list'],
    },
  ] as const;

  it("paints the navigation and the screen, with its first data, before any of the app's scripts has arrived", async () => {
    for (const { viewport, lang, path, nav, painted, ready, seeded, ...rest } of CASES) {
      const { page } = await freshPage(viewport);
      await page.evaluateOnNewDocument(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.setRequestInterception(true);
      // the app's scripts are held back: what is painted meanwhile came with the HTML
      const held: (() => void)[] = [];
      const calls: string[] = [];
      let holding = true;
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) calls.push(pathname);
        if (holding && pathname.startsWith('/assets/') && request.url().endsWith('.js'))
          held.push(() => void request.continue());
        else void request.continue();
      });
      // not awaited: the document's load waits for the scripts held back
      const loading = page.goto(`${base}${path}?l=${lang}`);
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      const label = `${path} ${lang} ${viewport === PHONE ? 'phone' : 'desktop'}`;
      expect(await page.$eval(`[data-testid=${nav}]`, (a) => a.getAttribute('aria-current')), label).toBe(
        'page',
      );
      expect(await page.$eval('header nav', (n) => n.getAttribute('aria-label')), label).toBe(
        lang === 'zh-CN' ? '主导航' : 'Main navigation',
      );
      // a phone shows the main sections and the More button, a desktop every section and no More
      expect(await shown(page, 'nav-more'), label).toBe(viewport === PHONE);
      expect(await shown(page, 'nav-training'), label).toBe(viewport === DESKTOP);
      // the login is not known yet: its button's room is kept, empty and out of the tab order
      expect(await page.$('[data-testid=login-button]'), label).toBeNull();
      const drawn = await page.$eval(painted.selector, (el) => el.textContent ?? '').catch(() => null);
      expect(drawn, label).toContain(painted.text);
      await new Promise((r) => setTimeout(r, 300));
      const paintedBeforeScripts = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      const released = await page.evaluate(() => performance.now());
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
      await photograph(
        page,
        `first-load-frame-${name}-${viewport === PHONE ? 'phone' : 'desktop'}-${lang === 'zh-CN' ? 'zh' : 'en'}`,
        { settleMs: 0 },
      );
      holding = false;
      for (const release of held) release();
      await loading;
      // then the app replaces it with its own: one navigation, the login button in its place, no shift
      await page.waitForSelector('[data-testid=login-button]');
      await page.waitForSelector(ready);
      expect(await page.$$(`[data-testid=${nav}]`), label).toHaveLength(1);
      // the goal for a whole load; the home page's cards settling as their data arrives take about
      // 0.01-0.02 of it, with or without the server's screen
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift, label).toBeLessThanOrEqual(0.05);
      // the largest paint was the server's screen: the app drawing it again did not move it
      await new Promise((r) => setTimeout(r, 500));
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      expect(paintedBeforeScripts, label).toBeGreaterThan(0);
      if (!('largest' in rest)) expect(lcp, label).toBeLessThan(released);
      // the answers came with the page: the app did not ask for them again
      for (const call of seeded) expect(calls, `${label} ${call}`).not.toContain(call);
      await page.browserContext().close();
    }
  });

  it("a logged-in user is shown the visitor's answers at once and asks for their own", async () => {
    const page = await loggedInPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/get-problem-list')) calls.push(request.headers().authorization ?? '');
    });
    await page.goto(`${base}/problem?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=problem-link-1000]');
    // asked again, with the login: an admin's list is theirs, not a visitor's
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((token) => token !== '')).toBe(true);
    await page.browserContext().close();
  });

  it("asks for the app's scripts only once the server's page is on screen", async () => {
    for (const path of ['/problem/1000', '/contest']) {
      const { page } = await freshPage(PHONE);
      await page.goto(`${base}${path}?l=en-US`, { waitUntil: 'networkidle0' });
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
          .map((e) => e.startTime),
      }));
      expect(order.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...order.scripts), path).toBeGreaterThanOrEqual(order.paint);
      await page.browserContext().close();
    }
  });

  it('starts the app in a tab opened in the background, which paints nothing until it is shown', async () => {
    const { page } = await freshPage(DESKTOP);
    // a hidden tab: no animation frame ever comes
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(`${base}/problem?l=en-US`);
    await page.waitForSelector('[data-testid=login-button]', { timeout: 15_000 });
    await page.browserContext().close();
  });

  it('never draws what a visitor may not see: a private problem is sent without its statement', async () => {
    const { db } = server.server.ctx;
    const original = await db.kysely
      .selectFrom('problem')
      .select(['auth', 'title'])
      .where('problem_id', '=', '1003')
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('problem')
      .set({ auth: ProblemAuth.PRIVATE, title: 'Secret Sauce' })
      .where('problem_id', '=', '1003')
      .execute();
    try {
      const html = await (await fetch(`${base}/problem/1003?l=en-US`)).text();
      expect(html).toContain('data-testid="nav-problem"');
      // neither drawn nor among the answers the page carries
      expect(html).not.toContain('Secret Sauce');
      expect(html).not.toContain('data-testid="problem-title"');
    } finally {
      await db.kysely.updateTable('problem').set(original).where('problem_id', '=', '1003').execute();
    }
  });

  it('leaves a contest site, which draws its own frame, to the app', async () => {
    const { page } = await freshPage(DESKTOP);
    await page.setJavaScriptEnabled(false);
    await page.goto(`${base}/no-such-contest-site`);
    expect(await page.$eval('#root', (el) => el.innerHTML)).toBe('');
    await page.goto(`${base}/status`);
    expect(await page.$eval('[data-testid=nav-status]', (a) => a.getAttribute('aria-current'))).toBe('page');
    await page.browserContext().close();
  });

  it('shows a logged-in user their menu, never the login button', async () => {
    const page = await loggedInPage();
    // watched from the first frame of the reload: the login button never appears
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __sawLogin: boolean };
      w.__sawLogin = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=login-button]')) w.__sawLogin = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=user-menu]');
    expect(await page.evaluate(() => (window as unknown as { __sawLogin: boolean }).__sawLogin)).toBe(false);
    await page.browserContext().close();
  });

  /**
   * The app's first render takes the server's markup over in place (hydration) instead of building
   * the page again: the elements the server sent are the ones on screen once the app runs, and the
   * app never had to draw the page again because its first render differed from the server's.
   */
  it("takes the server's screen over in place, for a visitor and a logged-in reader in the dark theme", async () => {
    const loggedIn = await loggedInPage();
    const readers = [
      { label: 'visitor', page: async () => (await freshPage(PHONE)).page, settings: '?l=zh-CN' },
      {
        label: 'logged in, dark, English',
        page: async () => {
          const page = await loggedIn.browserContext().newPage();
          await page.setViewport(PHONE);
          await page.evaluateOnNewDocument(() => localStorage.setItem('webTheme', '"dark"'));
          return page;
        },
        settings: '?l=en-US',
      },
    ];
    for (const reader of readers) {
      for (const path of ['/', '/problem', '/problem/1000', '/status', '/contest']) {
        const page = await reader.page();
        // marked as the server's markup is parsed, before any of the app's scripts has run
        await page.evaluateOnNewDocument(() => {
          document.addEventListener('DOMContentLoaded', () => {
            for (const el of document.querySelectorAll('main, main h1, [data-testid=problem-title]'))
              (el as unknown as { fromServer: boolean }).fromServer = true;
          });
        });
        await page.goto(`${base}${path}${reader.settings}`, { waitUntil: 'networkidle0' });
        const label = `${path} ${reader.label}`;
        // the app runs: a logged-in reader's menu, a visitor's login button
        await page.waitForSelector(
          reader.label === 'visitor' ? '[data-testid=login-button]' : '[data-testid=user-menu]',
        );
        const state = await page.evaluate(() => ({
          redrawn: document.getElementById('root')?.dataset.firstRender ?? null,
          kept: [...document.querySelectorAll('main, main h1, [data-testid=problem-title]')].map(
            (el) => (el as unknown as { fromServer?: boolean }).fromServer === true,
          ),
          dark: document.documentElement.classList.contains('dark'),
          // drawn with the server's light theme, then with the reader's
          toggle: document.querySelector('[data-testid=theme-toggle]')?.getAttribute('aria-label') ?? null,
        }));
        expect(state.redrawn, label).toBeNull();
        expect(state.kept.length, label).toBeGreaterThan(1);
        expect(state.kept.every(Boolean), label).toBe(true);
        expect(state.dark, label).toBe(reader.label !== 'visitor');
        if (reader.label !== 'visitor') expect(state.toggle, label).toBe('Light mode');
        await page.close();
      }
    }
    await loggedIn.browserContext().close();
  });
});

describe('what search engines read', () => {
  it('finds robots.txt and the icon, and a 404 for a file that is not there', async () => {
    const { page } = await freshPage(DESKTOP);
    const robots = await page.goto(`${base}/robots.txt`);
    expect(robots?.status()).toBe(200);
    expect(await page.evaluate(() => document.body.innerText)).toContain('Disallow: /admin');
    // the browser asks for the icon itself: what it gets is the real file
    const icon = await page.evaluate(async () => {
      const res = await fetch('/favicon.ico', { cache: 'no-store' });
      return [res.status, res.headers.get('content-type'), (await res.arrayBuffer()).byteLength > 1000];
    });
    expect(icon).toEqual([200, 'image/vnd.microsoft.icon', true]);
    const missing = await page.goto(`${base}/apple-touch-icon.png`);
    expect(missing?.status()).toBe(404);
    expect(await page.evaluate(() => document.querySelector('#root'))).toBeNull();
    await page.browserContext().close();
  });

  it("reads a problem's title and description without running a script", async () => {
    const { page } = await freshPage(DESKTOP);
    await page.setJavaScriptEnabled(false);
    await page.goto(`${base}/problem/1000?l=en-US`);
    expect(await page.title()).toBe('A+B Problem - Verdict');
    const description = () => page.$eval('meta[name=description]', (el) => (el as HTMLMetaElement).content);
    expect(await description()).toBe('Given two integers a and b, print their sum a+b.');
    await page.browserContext().close();
  });

  it('gives each page its own description as the user moves around, in the language shown', async () => {
    const { page } = await freshPage(DESKTOP);
    const description = () => page.$eval('meta[name=description]', (el) => (el as HTMLMetaElement).content);
    await page.goto(`${base}/problem/1000?l=en-US`, { waitUntil: 'networkidle0' });
    // the problem's own sentence stays once the app has started
    expect(await description()).toBe('Given two integers a and b, print their sum a+b.');
    await page.click('[data-testid=nav-problem]');
    await page.waitForFunction(() => location.pathname === '/problem');
    await page.waitForFunction(() =>
      document
        .querySelector<HTMLMetaElement>('meta[name=description]')
        ?.content.startsWith('Programming problems'),
    );
    expect(await page.$$('meta[name=description]')).toHaveLength(1);
    expect(await page.title()).toMatch(/ - Verdict$/);
    // switching the language (the logo) changes the text
    await page.click('[data-testid=logo]');
    await page.waitForFunction(() =>
      document.querySelector<HTMLMetaElement>('meta[name=description]')?.content.includes('编程题目'),
    );
    expect(await description()).toMatch(/^Verdict 的编程题目/);
    await page.browserContext().close();
  });
});
