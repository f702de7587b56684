import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { activateEditor, photograph } from './pages';

/**
 * The web app against a real server (dist/web + /api + in-process judge), driven in Chromium.
 * `npm run build:web` must have run (npm test builds first).
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const CPP =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);return 0;}';
/** one-line programs: no auto-indent or auto-closed brackets can change them while typing */
const OTHER: Record<string, string> = {
  Python3: 'print(sum(map(int, input().split())))',
  Python2: 'print(sum(map(int, raw_input().split())))',
  C: 'int main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);return 0;}',
};

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  base = server.url;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context: its own cookies and localStorage (no login carried over). */
async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

/** Text as the user sees it (CodeMirror lines joined with newlines). */
const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

async function shot(page: Page, name: string) {
  await photograph(page, name, { settleMs: 300 });
}

async function waitForToast(page: Page, message: string) {
  await page.waitForFunction(
    (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
    { timeout: 10_000 },
    message,
  );
}

async function login(page: Page) {
  await page.click('[data-testid=login-button]');
  await page.waitForSelector('#login-username');
  await page.type('#login-username', 'root');
  await page.type('#login-password', server.rootPassword);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
}

async function replaceCode(page: Page, code: string) {
  await activateEditor(page);
  await page.click('[data-testid=editor] .cm-content');
  await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (code) await page.keyboard.type(code);
  expect(await text(page, '[data-testid=editor] .cm-content')).toBe(code);
}

async function chooseLanguage(page: Page, language: string) {
  await page.click('[data-testid=language-select]');
  await page.waitForSelector(`[data-testid="language-option-${language}"]`);
  await page.click(`[data-testid="language-option-${language}"]`);
  await page.waitForFunction(
    (l) => document.querySelector('[data-testid=language-select]')?.textContent?.includes(l),
    {},
    language,
  );
}

async function waitForVerdict(page: Page, verdict: string) {
  try {
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid=status-tag]')?.textContent === v,
      { timeout: 90_000 },
      verdict,
    );
  } catch (e) {
    const shown = await page.$eval('[data-testid=status-tag]', (el) => el.textContent).catch(() => null);
    throw new Error(`status tag shows ${JSON.stringify(shown)}, not ${verdict}`, { cause: e });
  }
}

describe('web app', () => {
  it('shows the problem list in Chinese and in English; the logo toggles and the cookie keeps it', async () => {
    const page = await open('/problem?l=zh-cn');
    await page.waitForSelector('[data-testid="problem-link-1000"]');
    expect(await text(page, 'h1')).toBe('题目列表');
    expect(await text(page, '[data-testid=nav-status]')).toBe('评测状态');
    await shot(page, 'problem-list-zh');

    await page.goto(`${base}/problem?l=en-US`, { waitUntil: 'networkidle0' });
    expect(await text(page, 'h1')).toBe('Problem List');
    expect(await text(page, '[data-testid="problem-link-1000"]')).toBe('A+B Problem');
    await shot(page, 'problem-list-en');

    await page.goto(`${base}/problem`, { waitUntil: 'networkidle0' });
    expect(await text(page, 'h1')).toBe('Problem List');
    await page.click('[data-testid=logo]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '题目列表');
    expect(await page.evaluate(() => document.cookie)).toContain('Web_Language=zh-CN');

    await page.setViewport(PHONE);
    await page.goto(`${base}/problem`, { waitUntil: 'networkidle0' });
    await shot(page, 'problem-list-zh-phone');
    await page.browserContext().close();
  });

  it('shows the 404 page for an unknown route, with back and home buttons', async () => {
    const page = await open('/no/such/page?l=en');
    await page.waitForSelector('[data-testid=not-found]');
    expect(await text(page, '[data-testid=not-found] h1')).toBe('Page Not Found');
    await page.click('[data-testid=not-found-home]');
    await page.waitForFunction(() => location.pathname === '/');
    await page.browserContext().close();
  });

  it('shows the 404 page, and the 404 message, for a problem that does not exist', async () => {
    const page = await open('/problem/no-such-problem?l=en');
    await page.waitForSelector('[data-testid=not-found]');
    expect(await text(page, '[data-testid=not-found] h1')).toBe('Page Not Found');
    await waitForToast(page, 'Query error, unable to find the resource to request');
    expect(await page.$('[data-testid=submit]')).toBeNull();
    await page.browserContext().close();
  });

  it('offers a retry and disables submit when the problem fails to load', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.setRequestInterception(true);
    let failing = true;
    page.on('request', (request) => {
      if (failing && request.url().includes('/api/get-problem-detail')) {
        void request.respond({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 500, data: null, msg: 'database away' }),
        });
      } else void request.continue();
    });
    // a page from the server carries its problem: go there from the list, so the app asks for it
    await page.goto(`${base}/problem?l=en`, { waitUntil: 'networkidle0' });
    await page.click('a[href="/problem/1001"]');
    await page.waitForSelector('[data-testid=problem-load-failed]');
    await waitForToast(page, 'database away');
    expect(await page.$eval('[data-testid=submit]', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    failing = false;
    await page.click('[data-testid=problem-load-failed] button');
    await page.waitForSelector('[data-testid=problem-title]');
    await context.close();
  });

  it('opens the editor with the language template, on a desktop and on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open('/problem/1000?l=en', viewport);
      await activateEditor(page);
      await page.waitForFunction(
        () =>
          (
            document.querySelector('[data-testid=editor] .cm-content') as HTMLElement | null
          )?.innerText.includes('main'),
        { timeout: 10_000 },
      );
      await page.close();
    }
  });

  it('copies a sample with its copy button', async () => {
    const page = await open('/problem/1000?l=en');
    await page.browserContext().overridePermissions(base, ['clipboard-read', 'clipboard-sanitized-write']);
    await page.waitForSelector('[data-testid=copy-sample-input-1]');
    await page.click('[data-testid=copy-sample-input-1]');
    await waitForToast(page, 'Copied successfully');
    const sample = await text(page, '[data-testid=sample-input-1]');
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(sample);
    await page.browserContext().close();
  });

  it('asks for login before submitting, then refuses empty code without calling the server', async () => {
    const page = await open('/problem/1000?l=en');
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/submit-problem-judge')) submits.push(r.url());
    });
    await page.waitForSelector('[data-testid=problem-title]');
    expect(await text(page, '[data-testid=problem-title]')).toBe('A+B Problem (1000)');
    await activateEditor(page);

    await page.click('[data-testid=submit]');
    await waitForToast(page, 'Please login first');
    await page.waitForSelector('[data-testid=login-dialog]');
    await page.click('[data-testid=login-submit]');
    expect(await text(page, '[data-testid=login-username-error]')).toBe('The username is required.');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });

    await login(page);
    await replaceCode(page, '');
    await page.click('[data-testid=submit]');
    await waitForToast(page, 'Code can not be empty');
    await new Promise((r) => setTimeout(r, 500));
    expect(submits).toEqual([]);
    expect(await page.$('[data-testid=status-tag]')).toBeNull();
    await page.browserContext().close();
  });

  it('submits A+B in C++ with the Submit button, polls to Accepted and shows the case tiles', async () => {
    const page = await open('/problem/1000?l=en');
    await login(page);
    await chooseLanguage(page, 'C++');
    await replaceCode(page, CPP);
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=status-tag]');
    await waitForVerdict(page, 'Accepted');
    await shot(page, 'problem-en');

    await page.click('[data-testid=status-link]');
    await page.waitForSelector('[data-testid=detail-status]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=case-tile]').length >= 5);
    expect(await text(page, '[data-testid=detail-status]')).toBe('Accepted');
    const tiles = await page.$$eval('[data-testid=case-tile]', (els) =>
      els.map((e) => e.getAttribute('data-status')),
    );
    expect(tiles.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tiles)).toEqual(new Set(['0']));
    await page.waitForSelector('[data-testid=code-view] .cm-content');
    await shot(page, 'submission-detail-en');

    // a reload of a client route is served by the server's index.html fallback
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=detail-status]');

    await page.setViewport(PHONE);
    await page.goto(`${page.url().split('?')[0]}?l=zh-cn`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=case-tile]');
    expect(await text(page, '[data-testid=detail-status]')).toBe('答案正确');
    await shot(page, 'submission-detail-zh-phone');
    await page.browserContext().close();
  });

  it('submits a second language with Ctrl+Enter and the drafts survive a reload', async () => {
    const page = await open('/problem/1000?l=en');
    await login(page);
    const offered = await page.evaluate(async () => {
      const res = await fetch('/api/get-problem-detail?problemId=1000');
      return ((await res.json()) as { data: { languages: string[] } }).data.languages;
    });
    const language = Object.keys(OTHER).find((l) => offered.includes(l));
    expect(language, `one of ${Object.keys(OTHER)} in ${offered}`).toBeDefined();
    await chooseLanguage(page, language!);
    await replaceCode(page, OTHER[language!]);
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await page.waitForSelector('[data-testid=status-tag]');
    await waitForVerdict(page, 'Accepted');

    await page.reload({ waitUntil: 'networkidle0' });
    await activateEditor(page);
    expect(await text(page, '[data-testid=language-select]')).toBe(language);
    expect(await text(page, '[data-testid=editor] .cm-content')).toBe(OTHER[language!]);

    await page.setViewport(PHONE);
    await page.goto(`${base}/problem/1000?l=zh-cn`, { waitUntil: 'networkidle0' });
    await activateEditor(page);
    await shot(page, 'problem-zh-phone');
    await page.browserContext().close();
  });

  it('shows a compile error with its message on the submission detail', async () => {
    const page = await open('/problem/1000?l=en');
    await login(page);
    await chooseLanguage(page, 'C++');
    await replaceCode(page, 'int main(){return undefined_name;}');
    await page.click('[data-testid=submit]');
    await waitForVerdict(page, 'Compile Error');
    await page.click('[data-testid=status-link]');
    await page.waitForSelector('[data-testid=error-message]');
    expect(await text(page, '[data-testid=error-message]')).toContain('undefined_name');
    expect(await page.$('[data-testid=case-tile]')).toBeNull();
    await page.browserContext().close();
  });

  it('lists the submissions with own rows highlighted and filters kept in the URL', async () => {
    const page = await open('/status?l=en');
    await login(page);
    await page.waitForSelector('[data-testid=submission-row][data-mine]');
    expect(await text(page, 'h1')).toBe('Status');
    await page.click('[data-testid=only-mine]');
    await page.waitForFunction(() => location.search.includes('onlyMine=true'));
    await page.waitForSelector('[data-testid=submission-row]');
    const statuses = await page.$$eval('[data-testid=row-status]', (els) => els.map((e) => e.textContent));
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain('Accepted');
    await shot(page, 'submission-list-en');
    await page.browserContext().close();
  });
});
