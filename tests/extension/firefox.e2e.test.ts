import { existsSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photograph } from '../e2e/pages';
import { startTestServer, type TestServer } from '../helpers/server';
import { FIREFOX, FIREFOX_EXT_DIR, type FirefoxHarness, launchFirefoxExtension } from './firefox-harness';
import { fill, locale, text } from './harness';

/**
 * The companion extension in Firefox (Debian's firefox-esr, the MV2 build installed as a temporary
 * add-on) against a real server with a judge: the popup's connection, login, badge and logout; a
 * verdict notification; pinning into the sidebar; Chinese; and the promise-based `browser` API the
 * code relies on without a polyfill. Build first: `npm run build:ext:firefox`.
 */
const en = locale('en-US');
const zh = locale('zh-CN');
const AB_C =
  '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n';

let server: TestServer;
let h: FirefoxHarness;

async function shot(page: Page, name: string) {
  await photograph(page, `ext-firefox-${name}`, { settleMs: 300 });
}

beforeAll(async () => {
  for (const [path, what] of [
    [FIREFOX, 'Firefox ESR (scripts/setup installs firefox-esr)'],
    [`${FIREFOX_EXT_DIR}/manifest.json`, 'the Firefox build (npm run build:ext:firefox)'],
  ])
    if (!existsSync(path)) throw new Error(`${path} is missing: ${what}`);
  server = await startTestServer({ judgeWorkers: 1 });
  h = await launchFirefoxExtension(server);
});

afterAll(async () => {
  await h?.close();
  await server?.destroy();
});

describe('extension in Firefox', () => {
  it('gives the promise-based browser.* API the code uses, with no polyfill loaded', async () => {
    const page = await h.extPage('popup.html');
    const kinds = await page.evaluate(async () => {
      type Api = Record<string, Record<string, (...a: unknown[]) => unknown>>;
      const b = (globalThis as unknown as { browser: Record<string, Api> }).browser;
      const calls: Record<string, unknown> = {
        'storage.local.get': b.storage?.local?.get?.('nothing'),
        'tabs.query': (b.tabs as unknown as Api[string]).query?.({}),
        'alarms.getAll': (b.alarms as unknown as Api[string]).getAll?.(),
        'permissions.getAll': (b.permissions as unknown as Api[string]).getAll?.(),
        'runtime.getPlatformInfo': (b.runtime as unknown as Api[string]).getPlatformInfo?.(),
      };
      const out: Record<string, boolean> = {};
      for (const [name, value] of Object.entries(calls)) {
        out[name] = value instanceof Promise;
        await value;
      }
      return out;
    });
    expect(Object.entries(kinds).filter(([, isPromise]) => !isPromise)).toEqual([]);
    await page.close();
  });

  it('popup: connects to the server, logs in (badge from the unread count), logs out', async () => {
    const notice = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: server.rootPassword }),
    });
    const rootToken = notice.headers.get('authorization') ?? '';
    const sent = await fetch(`${server.url}/api/admin/msg/notice`, {
      method: 'POST',
      headers: { Authorization: rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Maintenance', content: 'At noon', type: 'All' }),
    });
    expect(sent.status).toBe(200);

    const page = await h.extPage('popup.html', { width: 420, height: 600 });
    await page.waitForSelector('[data-testid=server-url]');
    await fill(page, 'server-url', `${server.url}/`);
    await page.click('[data-testid=server-connect]');
    await page.waitForSelector('[data-testid=server-status][data-state=ok] [data-kind=verdict]');
    expect(await text(page, 'server-status')).toContain(en.ext.serverVerdict);
    await shot(page, 'popup-login-en');

    await fill(page, 'login-username', 'root');
    await fill(page, 'login-password', server.rootPassword);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=signed-in-user]');
    expect(await text(page, 'signed-in-user')).toBe('root');
    expect(typeof (await h.stored('token'))).toBe('string');
    await expect.poll(h.badge, { timeout: 15_000 }).toBe('1');
    await page.click('[data-testid=tab-messages]');
    await page.waitForFunction(() => document.querySelector('[data-testid=unread-sys]')?.textContent === '1');

    const token = (await h.stored('token')) as string;
    await page.click('[data-testid=logout]');
    await page.waitForSelector('[data-testid=login-submit]');
    await expect.poll(() => h.stored('token')).toBeUndefined();
    await expect.poll(h.badge).toBe('');
    const after = await fetch(`${server.url}/api/msg/unread`, { headers: { Authorization: token } });
    expect(after.status).toBe(401);
    await page.close();
  });

  it('notifies the verdict of a submission and lists it in the popup', async () => {
    const page = await h.extPage('popup.html', { width: 420, height: 600 });
    await page.waitForSelector('[data-testid=login-submit]');
    await fill(page, 'login-username', 'root');
    await fill(page, 'login-password', server.rootPassword);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=signed-in-user]');
    const token = (await h.stored('token')) as string;
    // the popup's first look at the list: submissions after it are new ones
    await expect
      .poll(() =>
        h.stored<{ checkedAt: number | null } | null>('recentSubmissions').then((r) => !!r?.checkedAt),
      )
      .toBe(true);
    const res = await fetch(`${server.url}/api/submit-problem-judge`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ pid: '1000', language: 'C', code: AB_C }),
    });
    expect(res.status).toBe(200);
    const submitId = ((await res.json()) as { data: { submitId: number } }).data.submitId;
    // as the site content script says when the web app submits
    await page.evaluate(() =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: object): Promise<unknown> } } }
      ).browser.runtime.sendMessage({ type: 'verdict:site-submitted', cid: null }),
    );
    const notice = await h.notification((n) => n.id === `verdict-${submitId}`);
    expect(notice.url).toBe(`${server.url}/submission-detail/${submitId}`);
    expect(notice.message).toContain(en.status.accepted);
    await page.close();
    const again = await h.extPage('popup.html', { width: 420, height: 600 });
    await again.waitForSelector(`[data-testid=recent-row][data-submit-id="${submitId}"]`, {
      timeout: 15_000,
    });
    await shot(again, 'popup-en');
    await again.close();
  });

  it('sidebar: a problem pinned in the popup shows in the panel; both in Chinese', async () => {
    const panel = await h.extPage('sidepanel.html');
    const popup = await h.extPage('popup.html', { width: 420, height: 600 });
    await popup.waitForSelector('[data-testid=tab-submit]');
    await popup.click('[data-testid=tab-submit]');
    await popup.waitForSelector('[data-testid=pin-input]');
    await fill(popup, 'pin-input', '1000');
    await popup.click('[data-testid=pin-submit]');
    await expect.poll(() => h.stored('pinned')).toMatchObject({ problemId: '1000', cid: null });
    await popup.close();
    await panel.waitForFunction(
      () => document.querySelector('[data-testid=panel-title]')?.textContent?.includes('A+B Problem'),
      { timeout: 15_000 },
    );
    expect(await text(panel, 'panel-sample-input-1')).toBe('1 2');
    await shot(panel, 'sidebar-en');
    await panel.close();

    await h.setStored({ language: 'zh-CN' });
    const zhPopup = await h.extPage('popup.html', { width: 420, height: 600 });
    await zhPopup.waitForSelector('[data-testid=recent-submissions]');
    expect(await zhPopup.$eval('[data-testid=recent-submissions] h2', (e) => e.textContent)).toBe(
      zh.ext.recent.title,
    );
    await shot(zhPopup, 'popup-zh');
    await zhPopup.close();
    const zhPanel = await h.extPage('sidepanel.html');
    await zhPanel.waitForSelector('[data-testid=panel-problem]');
    expect(await zhPanel.$eval('main h1', (e) => e.textContent)).toBe(zh.ext.panel.title);
    await shot(zhPanel, 'sidebar-zh');
    await zhPanel.close();
    await h.setStored({ language: 'en-US' });
  });
});
