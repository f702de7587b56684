import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch } from './chromium';
import { activateEditor, DESKTOP, PHONE, type Viewport } from './pages';

/**
 * axe-core on every main screen of the web app, in the light and the dark theme and in both
 * languages, logged out and (as root) logged in: not one violation may remain.
 */

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let contestId: number;
let submitId: number;

beforeAll(async () => {
  if (!existsSync(resolve('dist/web/theme-init.js'))) {
    throw new Error('dist/web is missing or stale: run `npm run build:web` before the e2e tests');
  }
  server = await startTestServer({ judgeWorkers: 0 });
  ({ browser, close: closeBrowser } = await launch());
  const root = testClient(server.url);
  await root.login('root', server.rootPassword);
  submitId = (
    await root.api.submitProblemJudge({
      pid: '1000',
      language: 'C++',
      code: '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}\n',
    })
  ).submitId;
  const res = await fetch(`${server.url}/api/get-contest-list?currentPage=1&limit=10&status=0`);
  const body = (await res.json()) as { data: { records: { id: number; type: number }[] } };
  const contest = body.data.records.find((c) => c.type === 0);
  if (!contest) throw new Error('the demo data has no running ACM contest');
  contestId = contest.id;
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

type Theme = 'light' | 'dark';
type Language = 'zh-CN' | 'en-US';

/** Lets transitions (dialogs, toasts, skeletons fading) end before axe measures colours. */
const settle = () => new Promise((r) => setTimeout(r, 400));

async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(ready, { visible: true });
  await settle();
}

/** Every screen, in the order a visitor then root meets them; returns the violations, screen by screen. */
async function walk(theme: Theme, language: Language, viewport: Viewport = DESKTOP): Promise<string[]> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  const found: string[] = [];
  const check = async (screen: string) => {
    const where = `${theme} ${language}${viewport === PHONE ? ' phone' : ''}`;
    for (const v of await axeViolations(page)) found.push(`[${where}] ${screen}: ${v}`);
  };

  await visit(page, `/?l=${language}`, 'main h1');
  await check('home');
  await visit(page, '/problem', '[data-testid=problem-row]');
  await check('problem list');
  await visit(page, '/problem/1000', '[data-section=description]');
  await activateEditor(page);
  await settle();
  await check('problem page with the editor');
  await visit(page, '/status', 'main table tbody tr');
  await check('status');
  await visit(page, `/submission-detail/${submitId}`, '[data-testid=detail-status]');
  await check('submission detail');
  await visit(page, '/contest', '[data-testid=contest-row]');
  await check('contest list');
  await visit(page, `/contest/${contestId}`, '[data-testid=contest-login-required]');
  await check('contest, logged out');
  await visit(page, '/user-home', '[data-testid=user-home-login-needed]');
  await check('user home, logged out');

  await page.click('[data-testid=login-button]');
  await page.waitForSelector('#login-username', { visible: true });
  await settle();
  await check('login dialog');
  await page.type('#login-username', 'root');
  await page.type('#login-password', server.rootPassword);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });

  await visit(page, `/contest/${contestId}`, 'main h1');
  await check('contest overview');
  await visit(page, `/contest/${contestId}/rank`, '[data-testid=board]');
  await check('contest board');
  await visit(page, '/user-home', '[data-testid=user-home-profile]');
  await check('user home');
  await visit(page, '/setting', '[data-testid=settings-page]');
  await check('settings');
  await visit(page, '/message', '[data-testid=message-list], [data-testid=message-empty]');
  await check('message centre');
  // the console opens on its dashboard; the web config is root's settings form
  await visit(page, '/admin', '[data-testid=site-stat-users]');
  await check('admin dashboard');
  await visit(page, '/admin/config', '[data-testid=web-config-form]');
  await check('admin web config');
  await context.close();
  return found;
}

describe('axe-core finds no violation on the main screens', () => {
  // Each theme and each language is walked: colours (contrast) come from the theme alone, names and
  // the page's language from the language alone, so two walks cover what four would.
  for (const [theme, language] of [
    ['light', 'zh-CN'],
    ['dark', 'en-US'],
  ] as const) {
    it(`in the ${theme} theme, ${language}`, async () => {
      const found = await walk(theme, language);
      expect(found, found.join('\n')).toEqual([]);
    });
  }
  // a phone's layout names things differently (icon-only sections, one toaster): one more walk
  it('on a phone, in the light theme, en-US', async () => {
    const found = await walk('light', 'en-US', PHONE);
    expect(found, found.join('\n')).toEqual([]);
  });
});

/** A fresh page of the site in the given theme and language. */
async function openIn(path: string, theme: Theme, language: Language): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${server.url}${path}${sep}l=${language}`, { waitUntil: 'networkidle0' });
  return page;
}

/** What has the keyboard focus: its test id, else its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return el.dataset.testid ?? `${el.tagName.toLowerCase()}#${el.id}`;
  });

/**
 * The focused element's ring as the user sees it: outline style, width and the WCAG contrast of
 * its colour against the surface it is drawn on (the element's own background for a ring drawn
 * inside, else the nearest opaque background around it). Colours are read back through a canvas,
 * so oklch() and color-mix() come out as the sRGB the screen shows.
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const inside = Number.parseFloat(style.outlineOffset) < 0;
    let node: HTMLElement | null = inside ? el : el.parentElement;
    let surface = [255, 255, 255, 255];
    for (; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (rgba(bg)[3] === 255 && bg !== 'rgba(0, 0, 0, 0)') {
        surface = rgba(bg);
        break;
      }
    }
    const ring = rgba(style.outlineColor);
    const [a, b] = [lum(ring), lum(surface)];
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100,
    };
  });

describe('keyboard focus', () => {
  it('reaches a skip link first, which moves the focus to the content', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await openIn('/problem', 'light', language);
      await page.waitForSelector('[data-testid=problem-row]');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('skip-link');
      const link = await page.$eval('[data-testid=skip-link]', (a) => {
        const r = a.getBoundingClientRect();
        return { text: (a as HTMLElement).innerText, width: r.width, height: r.height };
      });
      expect(link.text).toBe(language === 'en-US' ? 'Skip to content' : '跳到正文');
      // visible while it has the focus
      expect(link.width).toBeGreaterThan(20);
      expect(link.height).toBeGreaterThan(10);
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe('main#main-content');
      // the next Tab goes into the page's content, past the navigation
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => !!document.activeElement?.closest('main') && !document.activeElement?.closest('header'),
        ),
      ).toBe(true);
      await page.browserContext().close();
    }
  });

  it('gives the focus back to what opened the login dialog, and to the user menu after a login', async () => {
    const page = await openIn('/problem', 'light', 'en-US');
    await page.waitForSelector('[data-testid=problem-row]');
    await page.focus('[data-testid=login-button]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#login-username', { visible: true });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    expect(await focused(page)).toBe('login-button');

    // a page's own "log in" button, then a successful login: the button is gone, the menu has it
    await page.goto(`${server.url}/setting`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=settings-login-needed] button');
    await page.focus('[data-testid=settings-login-needed] button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#login-username', { visible: true });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('[data-testid=settings-login-needed]') !== null,
      ),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#login-username', { visible: true });
    await page.type('#login-username', 'root');
    await page.type('#login-password', server.rootPassword);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await focused(page)).toBe('user-menu');
    await page.browserContext().close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`draws a focus ring of 3:1 or more on links, buttons, fields and tab panels (${theme})`, async () => {
      const page = await openIn('/problem/1000', theme, 'en-US');
      // the statement comes with the server's page; the editor only once the app has taken it over
      await page.waitForSelector('[data-section=description]');
      await page.waitForSelector('[data-testid=plain-editor]');
      const rings: Record<string, Awaited<ReturnType<typeof focusRing>>> = {};
      // after a key press, focus moved by code shows the ring as a Tab would
      await page.keyboard.press('Shift');
      for (const id of ['logo', 'nav-home', 'theme-toggle', 'login-button', 'language-select']) {
        await page.focus(`[data-testid=${id}]`);
        rings[id] = await focusRing(page);
      }
      // a tab panel: Tab from the selected tab moves into its panel
      await page.focus('[data-testid=problem-tab-description]');
      rings['problem-tab'] = await focusRing(page);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
      rings.tabpanel = await focusRing(page);
      // a text field: the editor before CodeMirror, reached by keyboard
      await page.focus('[data-testid=plain-editor]');
      rings.editor = await focusRing(page);
      // the figures, for docs/accessibility.md
      console.log(
        `focus ring contrast (${theme}):`,
        Object.entries(rings)
          .map(([id, r]) => `${id} ${r.contrast}`)
          .join(', '),
      );
      for (const [id, ring] of Object.entries(rings)) {
        expect({ id, ...ring, ok: ring.contrast >= 3 }).toMatchObject({ id, style: 'solid', ok: true });
        expect(ring.width, id).toBeGreaterThanOrEqual(2);
      }
      await page.browserContext().close();
    });
  }

  it('tells how to leave the editor (Esc, then Tab), on screen and to screen readers, and it works', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await openIn('/problem/1000', 'light', language);
      await page.waitForSelector('[data-testid=plain-editor]');
      const hint = async (selector: string) =>
        page.$eval(selector, (el) => {
          const id = el.getAttribute('aria-describedby');
          const target = id ? document.getElementById(id) : null;
          return target?.checkVisibility() ? target.innerText : null;
        });
      const expected =
        language === 'en-US'
          ? 'Tab indents. To leave the editor, press Esc, then Tab.'
          : 'Tab 键用于缩进；要离开编辑器，请先按 Esc，再按 Tab。';
      expect(await hint('[data-testid=plain-editor]')).toBe(expected);

      // the plain editor: Tab indents, Esc then Tab leaves
      await page.focus('[data-testid=plain-editor]');
      await page.waitForSelector('[data-testid=editor] .cm-content');
      expect(await hint('[data-testid=editor] .cm-content')).toBe(expected);
      // CodeMirror took over with the focus: Tab indents there, Esc then Tab leaves
      await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('test-toggle');
      expect(await focused(page)).not.toBe('body');
      await page.browserContext().close();
    }
  });

  it('leaves the plain editor (before CodeMirror loads) with Esc, then Tab', async () => {
    const page = await openIn('/problem/1000', 'light', 'en-US');
    await page.waitForSelector('[data-testid=plain-editor]');
    // keep CodeMirror's chunk from arriving: the plain editor stays
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (/code-editor/.test(req.url())) void req.abort();
      else void req.continue();
    });
    await page.focus('[data-testid=plain-editor]');
    const before = await page.$eval('[data-testid=plain-editor]', (t) => (t as HTMLTextAreaElement).value);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('plain-editor');
    const after = await page.$eval('[data-testid=plain-editor]', (t) => (t as HTMLTextAreaElement).value);
    expect(after.length).toBeGreaterThan(before.length);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toBe('plain-editor');
    expect(await focused(page)).not.toBe('body');
    await page.browserContext().close();
  });
});

describe('names a screen reader reads', () => {
  it('names the logo by its visible text, and the two toasters apart', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await openIn('/', 'light', language);
      await page.waitForSelector('main h1');
      const snapshot = await page.accessibility.snapshot({ interestingOnly: true });
      const names: string[] = [];
      const walkTree = (n: typeof snapshot) => {
        if (!n) return;
        if (n.role === 'button' && n.name) names.push(n.name);
        for (const c of n.children ?? []) walkTree(c);
      };
      walkTree(snapshot);
      const logo = names.find((n) => n.startsWith('Verdict'));
      expect(logo).toMatch(
        language === 'en-US' ? /^Verdict\s*: 切换到中文/ : /^Verdict\s*: Switch to English/,
      );
      const toasters = await page.$$eval('section[aria-label]', (s) =>
        s.map((x) => x.getAttribute('aria-label')),
      );
      expect(new Set(toasters).size).toBe(toasters.length);
      expect(toasters).toHaveLength(2);
      await page.browserContext().close();
    }
  });
});
