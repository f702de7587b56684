import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launch } from '../e2e/chromium';
import { startTestServer, type TestServer } from '../helpers/server';

// The built extension (`npm run build` first) in Debian's Chromium against a real server.
const EXT_DIR = resolve('dist/extension/chrome-mv3');
const locale = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'));
const en = locale('en-US');
const zh = locale('zh-CN');

let server: TestServer;
let browser: Browser;
let close: () => Promise<void>;
let id: string;
let worker: WebWorker;

const badge = () => worker.evaluate(() => chrome.action.getBadgeText({}));
const setBadge = (text: string) => worker.evaluate((t) => chrome.action.setBadgeText({ text: t }), text);
const stored = (key: string) => worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
const text = (page: Page, testId: string) =>
  page.$eval(`[data-testid=${testId}]`, (el) => el.textContent?.trim() ?? '');

async function fill(page: Page, testId: string, value: string): Promise<void> {
  const selector = `[data-testid=${testId}]`;
  await page.focus(selector);
  await page.$eval(selector, (el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

async function openPopup(): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`chrome-extension://${id}/popup.html`);
  await page.waitForSelector('[data-testid=server-url]');
  return page;
}

beforeAll(async () => {
  server = await startTestServer({ judgeWorkers: 0 });
  ({ browser, close } = await launch({
    pipe: true,
    enableExtensions: true,
    args: ['--enable-unsafe-extension-debugging', '--lang=en-US', '--accept-lang=en-US'],
  }));
  id = await browser.installExtension(EXT_DIR);
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url() === `chrome-extension://${id}/background.js`,
  );
  worker = (await target.worker())!;
  // the worker's target can be attached before its extension APIs are there
  await vi.waitFor(
    async () => {
      if (!(await worker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.i18n && !!chrome.storage)))
        throw new Error('the worker has no extension APIs yet');
    },
    { timeout: 10_000, interval: 100 },
  );
});

afterAll(async () => {
  await close?.();
  await server?.destroy();
});

describe('extension in Chromium', () => {
  it('takes its name from _locales, generated from locales/*.json', async () => {
    expect((await browser.extensions()).get(id)?.name).toBe(en.extName);
    expect(await worker.evaluate(() => chrome.i18n.getMessage('extName'))).toBe(en.extName);
    const raw = JSON.parse(readFileSync(resolve(EXT_DIR, 'manifest.json'), 'utf8'));
    expect(raw).toMatchObject({ name: '__MSG_extName__', action: { default_title: '__MSG_extName__' } });
    expect(await worker.evaluate(() => chrome.runtime.getManifest().action?.default_title)).toBe(en.extName);
  });

  it("gives the promise-based API the code uses, through whichever object WXT's `browser` picks", async () => {
    const kinds = await worker.evaluate(async () => {
      // wxt/browser: globalThis.browser when it is an extension API (newer Chromium has one), else chrome
      const own = (globalThis as unknown as { browser?: typeof chrome }).browser;
      const api = own?.runtime?.id ? own : chrome;
      const calls: Record<string, unknown> = {
        'storage.local.get': api.storage.local.get('nothing'),
        'tabs.query': api.tabs.query({}),
        'alarms.getAll': api.alarms.getAll(),
        'permissions.getAll': api.permissions.getAll(),
        'runtime.getPlatformInfo': api.runtime.getPlatformInfo(),
      };
      const out: Record<string, boolean> = {};
      for (const [name, value] of Object.entries(calls)) {
        out[name] = value instanceof Promise;
        await value;
      }
      return out;
    });
    expect(Object.entries(kinds).filter(([, isPromise]) => !isPromise)).toEqual([]);
  });

  it('checks unread messages through an alarm every 2 minutes', async () => {
    await expect
      .poll(() => worker.evaluate(() => chrome.alarms.get('verdict:unread')))
      .toMatchObject({ periodInMinutes: 2 });
  });

  it('popup: server URL, validation, login, unread counts, badge, logout', async () => {
    const page = await openPopup();
    expect(await page.$eval('[data-testid=server-url]', (el) => (el as HTMLInputElement).value)).toBe(
      'http://localhost:8080',
    );

    // Our server is recognised; the URL is normalised (trailing slash dropped) and kept.
    await fill(page, 'server-url', `${server.url}/`);
    await page.click('[data-testid=server-connect]');
    await page.waitForSelector('[data-testid=server-status][data-state=ok] [data-kind=verdict]');
    expect(await text(page, 'server-status')).toContain(en.ext.serverVerdict);
    await expect.poll(() => stored('serverUrl')).toBe(server.url);

    // The shared loginSchema's messages, translated.
    await page.click('[data-testid=login-submit]');
    expect(await text(page, 'login-username-error')).toBe(en.validation.usernameRequired);
    expect(await text(page, 'login-password-error')).toBe(en.validation.passwordRequired);

    await setBadge('9'); // whatever was there: the login's check must replace it
    await fill(page, 'login-username', 'root');
    await fill(page, 'login-password', server.rootPassword);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=signed-in-user]');
    expect(await text(page, 'signed-in-user')).toBe('root');
    expect(typeof (await stored('token'))).toBe('string');
    await page.click('[data-testid=tab-messages]');

    // Counts of GET /api/msg/unread: none exist yet, so every kind shows 0 and the badge is empty.
    await page.waitForFunction(
      () => document.querySelector('[data-testid=unread-total]')?.textContent === '0',
    );
    for (const type of ['comment', 'reply', 'like', 'sys', 'mine'])
      expect(await text(page, `unread-${type}`)).toBe('0');
    const unread = (await stored('unread')) as { total: number; checkedAt: number; error: null };
    expect(unread).toMatchObject({ total: 0, error: null });
    expect(unread.checkedAt).toBeGreaterThan(0);
    await expect.poll(badge).toBe('');

    // Logout: revoked on the server, forgotten here, badge cleared.
    const token = (await stored('token')) as string;
    await setBadge('9');
    await page.click('[data-testid=logout]');
    await page.waitForSelector('[data-testid=login-submit]');
    await expect.poll(() => stored('token')).toBeUndefined();
    await expect.poll(badge).toBe('');
    expect(await stored('unread')).toBeUndefined();
    const after = await fetch(`${server.url}/api/msg/unread`, { headers: { Authorization: token } });
    expect(after.status).toBe(401);
    await page.close();
  });

  it('a login the server no longer accepts (HTTP 401) is cleared', async () => {
    await worker.evaluate((url) => chrome.storage.local.set({ serverUrl: url }), server.url);
    const page = await openPopup();
    await fill(page, 'login-username', 'root');
    await fill(page, 'login-password', server.rootPassword);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=tab-messages]');
    await page.click('[data-testid=tab-messages]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=unread-total]')?.textContent === '0',
    );
    // Revoke every token of root behind the extension's back, then ask for a check (a check
    // still queued from the login may get the 401 first and remove the button).
    const token = (await stored('token')) as string;
    const revoked = await fetch(`${server.url}/api/logout`, { headers: { Authorization: token } });
    expect(revoked.status).toBe(200);
    // the popup re-renders as its data arrives, and the button waits while a check runs: click the
    // current node once it is enabled (if a queued check already met the 401, the login form is back)
    await page.waitForFunction(
      () =>
        !!document.querySelector('[data-testid=login-submit]') ||
        !!document.querySelector('[data-testid=unread-refresh]:not([disabled])'),
    );
    await page.evaluate(() =>
      (document.querySelector('[data-testid=unread-refresh]:not([disabled])') as HTMLElement | null)?.click(),
    );
    await page.waitForSelector('[data-testid=login-submit]');
    await expect.poll(() => stored('token')).toBeUndefined();
    expect(await badge()).toBe('');
    await page.close();
  });

  it('follows the browser language, with a toggle that is remembered', async () => {
    const page = await openPopup();
    expect(await page.$eval('label[for=server-url]', (el) => el.textContent)).toBe(en.ext.serverUrl);
    await page.click('[data-testid=language-toggle]');
    await page.waitForFunction(
      (label) => document.querySelector('label[for=server-url]')?.textContent === label,
      {},
      zh.ext.serverUrl,
    );
    expect(await stored('language')).toBe('zh-CN');
    await page.reload();
    await page.waitForSelector('[data-testid=login-submit]');
    expect(await text(page, 'login-submit')).toBe(zh.common.login);
    await page.click('[data-testid=language-toggle]');
    await expect.poll(() => stored('language')).toBe('en-US');
    await page.close();
  });
});

describe('extension in a Chinese Chromium', () => {
  it('shows the Chinese name and starts the popup in Chinese', async () => {
    const zhBrowser = await launch({
      pipe: true,
      enableExtensions: true,
      args: ['--enable-unsafe-extension-debugging', '--lang=zh-CN', '--accept-lang=zh-CN'],
      env: { ...process.env, LANGUAGE: 'zh_CN' },
    });
    try {
      const zhId = await zhBrowser.browser.installExtension(EXT_DIR);
      expect((await zhBrowser.browser.extensions()).get(zhId)?.name).toBe(zh.extName);
      const page = await zhBrowser.browser.newPage();
      await page.goto(`chrome-extension://${zhId}/popup.html`);
      await page.waitForSelector('[data-testid=login-submit]');
      expect(await text(page, 'login-submit')).toBe(zh.common.login);
      expect(await page.$eval('label[for=server-url]', (el) => el.textContent)).toBe(zh.ext.serverUrl);
    } finally {
      await zhBrowser.close();
    }
  });
});
