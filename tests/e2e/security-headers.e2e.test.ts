import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch } from './chromium';
import { activateEditor, DESKTOP, loginThroughDialog } from './pages';

/**
 * The web app under its Content-Security-Policy in Chromium (docs/security.md): the statement's
 * KaTeX, the editor, a contest board, the admin screens and the API docs work, and the browser
 * reports not one violation. A deliberate inline script shows the watch does see violations.
 */

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

interface Watched {
  page: Page;
  /** CSP violations the page reported (directive, blocked URL, where) */
  violations: string[];
  /** console errors and uncaught exceptions */
  errors: string[];
}

/** A fresh page whose CSP violations and errors are collected across navigations. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('__reportViolation', (v: string) => {
    violations.push(v);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportViolation(v: string): void }).__reportViolation;
      void report(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url ?? ''})`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${String(e)}`));
  return { page, violations, errors };
}

/** The demo's running ACM contest. */
async function runningContestId(): Promise<number> {
  const res = await fetch(`${server.url}/api/get-contest-list?currentPage=1&limit=10&status=0`);
  const body = (await res.json()) as { data: { records: { id: number; type: number }[] } };
  const contest = body.data.records.find((c) => c.type === 0);
  if (!contest) throw new Error('the demo data has no running ACM contest');
  return contest.id;
}

beforeAll(async () => {
  if (!existsSync(resolve('dist/web/theme-init.js'))) {
    throw new Error('dist/web is missing or stale: run `npm run build:web` before the e2e tests');
  }
  server = await startTestServer({ judgeWorkers: 0 });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

describe('the web app under its Content-Security-Policy', () => {
  it('sends the headers with the document: no eval, no inline script, no framing', async () => {
    const { page } = await watchedPage();
    const res = await page.goto(`${server.url}/?l=en-US`, { waitUntil: 'networkidle0' });
    const headers = res?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toContain('camera=()');
    await page.browserContext().close();
  });

  it('runs the statement with KaTeX, the editor, a board, the admin screens and the API docs without a violation', async () => {
    const { page, violations, errors } = await watchedPage();
    // the problem page: KaTeX markup (inline styles) and its fonts
    await page.goto(`${server.url}/problem/1000?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-section=description] .katex');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    // the editor: CodeMirror loads on first use and styles itself
    await activateEditor(page);
    await page.click('[data-testid=editor] .cm-content');
    await page.keyboard.type('int main() { return 0; }');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=editor] .cm-content')?.textContent?.includes('return 0;'),
    );

    // a contest board and the admin screens, as root
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.goto(`${server.url}/contest/${await runningContestId()}/rank?l=en-US`, {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[data-testid=board]');
    await page.goto(`${server.url}/admin?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=site-stat-users]');
    // the problem editor: Markdown previews with KaTeX, the colour and file inputs
    await page.goto(`${server.url}/admin/problem/create?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=problem-editor]');
    await page.goto(`${server.url}/admin/config?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=web-config-form]');

    // the API docs (Swagger UI) under the same policy
    await page.goto(`${server.url}/api/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.swagger-ui .opblock');

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('sets the dark theme before the app runs, from the site’s own script file', async () => {
    const { page, violations } = await watchedPage();
    // the site's origin, without loading the app
    await page.goto(`${server.url}/api/no-such-call`);
    await page.evaluate(() => localStorage.setItem('webTheme', '"dark"'));
    // the app's scripts are answered empty: only the theme bootstrap can set the class
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const appScript = new URL(req.url()).pathname.startsWith('/assets/') && req.resourceType() === 'script';
      if (appScript) void req.respond({ status: 200, contentType: 'text/javascript', body: '' });
      else void req.continue();
    });
    await page.goto(`${server.url}/?l=en-US`, { waitUntil: 'networkidle0' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // the root holds the server's frame alone: the app, which draws the login button, never ran
    expect(await page.$('header nav')).not.toBeNull();
    expect(await page.$('[data-testid=login-button]')).toBeNull();
    expect(violations).toEqual([]);
    await page.browserContext().close();
  });

  it('refuses an injected inline script and the watch reports it', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.url}/?l=en-US`, { waitUntil: 'networkidle0' });
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await vi.waitFor(() => expect(violations.some((v) => v.startsWith('script-src-elem inline'))).toBe(true));
    await page.browserContext().close();
  });

  it('cannot be framed by another site', async () => {
    const { page } = await watchedPage();
    // an about:blank page is of no origin of the site's
    await page.setContent(`<iframe src="${server.url}/problem/1000"></iframe>`);
    await new Promise((r) => setTimeout(r, 1500));
    const framed = page.frames().find((f) => f !== page.mainFrame());
    // a refused frame never gets the app: Chromium leaves its error page there
    expect(framed?.url()).toBe('chrome-error://chromewebdata/');
    await page.browserContext().close();
  });
});
