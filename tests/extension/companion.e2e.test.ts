import { mkdirSync } from 'node:fs';
import type { Browser, HTTPRequest, Page, WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateEditor, photograph } from '../e2e/pages';
import { startTestServer, type TestServer } from '../helpers/server';
import { fill, type Harness, launchExtension, locale, type Notice, text } from './harness';

/**
 * The companion extension's whole loop in Chromium against a real server with a judge: token
 * pick-up from the web app, popup login, badge, contest announcements, pinning into the side
 * panel, quick submit from the web app's CodeMirror editor with the verdict notification, a
 * submission made in the web app itself, the popup's open time, logout in both places.
 * Build first: `flock /tmp/build.lock npm run build:ext`.
 */
const SHOTS = '/tmp/shots';
const en = locale('en-US');
const zh = locale('zh-CN');
const CONTEST = 1000; // the demo data's running ACM contest (problems A and B)
const AB_CPP =
  '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n}\n';

let server: TestServer;
let browser: Browser;
let close: () => Promise<void>;
let id: string;
let worker: WebWorker;
let h: Harness;
let rootToken = '';
let rootInfo: unknown = null;

const stored = <T = unknown>(key: string) => h.stored<T>(key);
const setStored = (items: Record<string, unknown>) => h.setStored(items);
const badge = () => worker.evaluate(() => chrome.action.getBadgeText({}));
async function api(method: string, path: string, body?: unknown, token = rootToken) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { status: number; data: unknown },
  };
}

const extPage = (path: string) => h.extPage(path);

async function shot(page: Page, name: string) {
  await photograph(page, `ext-${name}`, { fullPage: true, settleMs: 300 });
}

const notification = (match: (n: Notice) => boolean, timeout?: number) => h.notification(match, timeout);
/** The id of the tab showing a web app page (worker side: host permission covers 127.0.0.1). */
const tabIdOf = (url: string) => h.tabIdOf(url);

async function loginRoot(): Promise<{ token: string; info: unknown }> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: server.rootPassword }),
  });
  return {
    token: login.headers.get('authorization') ?? '',
    info: ((await login.json()) as { data: unknown }).data,
  };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 1 });
  ({ token: rootToken, info: rootInfo } = await loginRoot());
  // the worker, its storage and the site content script registered for the server's host
  h = await launchExtension(server);
  ({ browser, close, id, worker } = h);
});

afterAll(async () => {
  await close?.();
  await server?.destroy();
});

describe('companion extension', () => {
  it('picks up a login made in the web app, and a logout there', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.evaluate(
      (token, info) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(info));
      },
      rootToken,
      rootInfo,
    );
    await expect.poll(() => stored('token'), { timeout: 20_000 }).toBe(rootToken);
    expect(await stored('userInfo')).toMatchObject({ username: 'root' });

    // the web app's logout: the server revokes every token of the user, the page forgets its own
    expect((await fetch(`${server.url}/api/logout`, { headers: { Authorization: rootToken } })).status).toBe(
      200,
    );
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
    });
    await expect.poll(() => stored('token'), { timeout: 20_000 }).toBeUndefined();
    await page.close();
    ({ token: rootToken, info: rootInfo } = await loginRoot());
  });

  it('popup: login, unread badge, links by type, running contest with its countdown, announcements', async () => {
    // one unread system notice for everybody → badge 1 after the login
    expect(
      (await api('POST', '/api/admin/msg/notice', { title: 'Maintenance', content: 'At noon', type: 'All' }))
        .status,
    ).toBe(200);
    const page = await extPage('popup.html');
    await page.waitForSelector('[data-testid=login-submit]');
    await fill(page, 'login-username', 'root');
    await fill(page, 'login-password', server.rootPassword);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=signed-in-user]');
    await expect.poll(badge, { timeout: 15_000 }).toBe('1');
    await page.click('[data-testid=tab-messages]');
    await page.waitForFunction(() => document.querySelector('[data-testid=unread-sys]')?.textContent === '1');
    expect(await page.$eval('[data-testid=unread-link-sys]', (a) => a.getAttribute('href'))).toBe(
      `${server.url}/message/sys`,
    );

    await page.click('[data-testid=tab-overview]');
    await page.waitForSelector(`[data-testid=contest-left-${CONTEST}]`, { timeout: 15_000 });
    expect(await text(page, `contest-left-${CONTEST}`)).toMatch(/\d+:\d\d:\d\d/);
    expect(await text(page, `contest-${CONTEST}`)).toContain('Warm-up');

    // the first look at the contest only remembers its announcements; a new one is notified
    await expect
      .poll(() => stored<Record<string, number[]>>('readAnnouncements').then((r) => !!r?.[CONTEST]))
      .toBe(true);
    const created = await api('POST', '/api/admin/contest/announcement', {
      cid: CONTEST,
      announcement: { title: 'Problem B clarified', content: 'n ≤ 100' },
    });
    expect(created.status).toBe(200);
    await page.click('[data-testid=unread-refresh]');
    const notice = await notification((n) => n.kind === 'announcement', 20_000);
    expect(notice.message).toBe('Problem B clarified');
    expect(notice.title).toContain('Warm-up');
    expect(notice.url).toBe(`${server.url}/contest/${CONTEST}`);
    await page.close();
  });

  it('side panel: pin by id from the popup, then from the problem page button; follows the pin', async () => {
    const panel = await extPage('sidepanel.html');
    await panel.waitForSelector('[data-testid=panel-empty]');

    const popup = await extPage('popup.html');
    await popup.waitForSelector('[data-testid=tab-submit]');
    await popup.click('[data-testid=tab-submit]');
    await popup.waitForSelector('[data-testid=pin-input]');
    await fill(popup, 'pin-input', '1000');
    await popup.click('[data-testid=pin-submit]');
    await expect.poll(() => stored('pinned')).toMatchObject({ problemId: '1000', cid: null });
    await popup.close();

    // the open side panel follows the pin (storage change event)
    await panel.waitForFunction(
      () => document.querySelector('[data-testid=panel-title]')?.textContent?.includes('A+B Problem'),
      { timeout: 15_000 },
    );
    expect(await text(panel, 'panel-time-limit')).toBe('1000 ms');
    expect(await text(panel, 'panel-sample-input-1')).toBe('1 2');
    expect(await text(panel, 'panel-sample-output-1')).toBe('3');
    expect(await panel.$('[data-testid=panel-description]')).not.toBeNull();
    // KaTeX's stylesheet ships with the panel
    expect(
      await panel.evaluate(() =>
        [...document.styleSheets].some((s) => [...s.cssRules].some((r) => r.cssText.includes('.katex'))),
      ),
    ).toBe(true);
    await panel.waitForSelector('[data-testid=panel-no-submission]');
    await browser
      .defaultBrowserContext()
      .overridePermissions(`chrome-extension://${id}`, ['clipboard-sanitized-write', 'clipboard-read']);
    await panel.bringToFront();
    await panel.click('[data-testid=panel-sample-input-1-copy]');
    await panel.waitForSelector('[data-testid=panel-sample-input-1-copy][data-state=copied]');
    expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe('1 2');
    await shot(panel, 'sidepanel-en');

    // the button the content script puts on a contest problem page of the web app
    const site = await browser.newPage();
    await site.goto(`${server.url}/contest/${CONTEST}/problem/A`);
    await site.waitForSelector('[data-testid=verdict-ext-pin][data-pinned=false]', { timeout: 15_000 });
    expect(await text(site, 'verdict-ext-pin')).toBe(en.ext.site.pin);
    // the site is logged in with the extension's login: the contest's new announcement comes up first
    const announcement = await site.waitForSelector('[role=dialog]', { timeout: 5000 }).catch(() => null);
    if (announcement) {
      await site.keyboard.press('Escape');
      await site.waitForSelector('[role=dialog]', { hidden: true });
    }
    await site.click('[data-testid=verdict-ext-pin]');
    await site.waitForSelector('[data-testid=verdict-ext-pin][data-pinned=true]');
    await expect.poll(() => stored('pinned')).toMatchObject({ problemId: 'A', cid: CONTEST });
    await panel.waitForSelector(`[data-testid=panel-problem][data-cid="${CONTEST}"]`, { timeout: 15_000 });
    await panel.waitForSelector('[data-testid=panel-contest-clock][data-phase=running]');
    expect(await text(panel, 'panel-contest-clock')).toMatch(/Warm-up.*\d+:\d\d:\d\d left/);
    await shot(panel, 'sidepanel-contest-en');
    await site.close();
    await panel.close();
  });

  it('quick submit from the web app problem page (CodeMirror 6): guessed language, guard, verdict notification', async () => {
    await setStored({ pinned: { problemId: '1000', cid: null, pinnedAt: Date.now() } });
    const site = await browser.newPage();
    const url = `${server.url}/problem/1000`;
    await site.goto(url);
    await activateEditor(site);
    await site.evaluate((code) => {
      // biome-ignore lint/suspicious/noExplicitAny: CodeMirror's view behind the DOM
      const el = document.querySelector('[data-testid=editor] .cm-content') as any;
      const view = el.cmTile?.root?.view ?? el.cmView?.rootView?.view ?? el.cmView?.view;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    }, AB_CPP);
    const tabId = await tabIdOf(url);
    expect(tabId).not.toBeNull();

    const popup = await extPage(`popup.html?tab=${tabId}`);
    await popup.waitForSelector('[data-testid=tab-submit]');
    await popup.click('[data-testid=tab-submit]');
    await popup.click('[data-testid=quick-submit]');
    await popup.waitForSelector('[data-testid=submit-form]');
    expect(await text(popup, 'submit-source')).toContain('CodeMirror');
    expect(await popup.$eval('[data-testid=submit-code]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      AB_CPP,
    );
    expect(await popup.$eval('[data-testid=submit-problem]', (el) => (el as HTMLInputElement).value)).toBe(
      '1000',
    );
    await popup.waitForFunction(
      () =>
        (document.querySelector('[data-testid=submit-language]') as HTMLSelectElement | null)?.value ===
        'C++',
    );
    await popup.click('[data-testid=submit-send]');
    await popup.waitForSelector('[data-testid=submit-result]');
    const submitId = Number(
      await popup.$eval('[data-testid=submit-result]', (el) => el.getAttribute('data-submit-id')),
    );
    expect(submitId).toBeGreaterThan(0);

    // the same code again at once: refused by the submit key, nothing sent
    await popup.click('[data-testid=submit-send]');
    await popup.waitForSelector('[data-testid=submit-error][data-reason=duplicate]');
    expect(await text(popup, 'submit-error')).toBe(en.ext.submit.duplicate);

    const notice = await notification((n) => n.id === `verdict-${submitId}`);
    expect(notice.kind).toBe('verdict');
    expect(notice.title).toContain('1000');
    expect(notice.title).toContain('A+B Problem');
    expect(notice.message).toContain(en.status.accepted);
    expect(notice.message).toMatch(/Time \d+ms · Memory [\d.]+[KM]B/);
    expect(notice.url).toBe(`${server.url}/submission-detail/${submitId}`);
    expect(
      await worker.evaluate(() => new Promise<object>((r) => chrome.notifications.getAll(r))),
    ).toHaveProperty(`verdict-${submitId}`);
    // the popup's list shows the live verdict
    await popup.click('[data-testid=tab-overview]');
    await popup.waitForFunction(
      (sid, ac) => document.querySelector(`[data-testid=recent-status-${sid}]`)?.textContent?.includes(ac),
      { timeout: 15_000 },
      submitId,
      en.status.accepted,
    );
    expect(await stored('watched')).toEqual([]);
    await shot(popup, 'popup-en');
    await popup.close();
    await site.close();
  });

  it('a submission made in the web app itself is picked up and notified', async () => {
    const site = await browser.newPage();
    const url = `${server.url}/problem/1000`;
    await site.goto(url);
    // the web app is logged in with the extension's login (same user)
    const token = await stored<string>('token');
    await site.evaluate(
      (t, info) => {
        localStorage.setItem('token', t);
        localStorage.setItem('userInfo', JSON.stringify(info));
      },
      token,
      rootInfo,
    );
    await site.reload();
    await activateEditor(site);
    await site.evaluate((code) => {
      // biome-ignore lint/suspicious/noExplicitAny: CodeMirror's view behind the DOM
      const el = document.querySelector('[data-testid=editor] .cm-content') as any;
      const view = el.cmTile?.root?.view ?? el.cmView?.rootView?.view ?? el.cmView?.view;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: `${code}// web\n` } });
    }, AB_CPP);
    const before = (await stored<Notice | null>('lastNotification'))?.id;
    await site.waitForSelector('[data-testid=submit]:not([disabled])');
    await site.click('[data-testid=submit]');
    const notice = await notification((n) => n.kind === 'verdict' && n.id !== before);
    expect(notice.url).toMatch(new RegExp(`^${server.url}/submission-detail/\\d+$`));
    await site.close();
  });

  it('popup opens with cached content before any network answer (time printed)', async () => {
    const page = await browser.newPage();
    const held: HTTPRequest[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith('chrome-extension://')) void request.continue();
      else held.push(request); // the server's answers wait until the content has been seen
    });
    const started = Date.now();
    await page.goto(`chrome-extension://${id}/popup.html`);
    await page.waitForSelector('[data-testid=recent-row]');
    const wall = Date.now() - started;
    const contentAt = Number(await page.evaluate(() => document.documentElement.dataset.contentAt));
    const rows = await page.$$eval('[data-testid=recent-row]', (r) => r.length);
    expect(rows).toBeGreaterThan(0);
    expect(await text(page, 'signed-in-user')).toBe('root');
    expect(held.length).toBeGreaterThan(0); // the popup's own request (server check) is still unanswered
    console.log(`popup content at ${contentAt} ms after navigation start (${wall} ms wall clock incl. goto)`);
    for (const r of held) await r.continue().catch(() => undefined);
    await page.close();
  });

  it('both languages: popup and side panel in Chinese', async () => {
    await setStored({ language: 'zh-CN' });
    const popup = await extPage('popup.html');
    await popup.waitForSelector('[data-testid=recent-submissions]');
    expect(await popup.$eval('[data-testid=recent-submissions] h2', (h) => h.textContent)).toBe(
      zh.ext.recent.title,
    );
    await popup.click('[data-testid=tab-submit]');
    expect(await text(popup, 'quick-submit')).toBe(zh.ext.submit.fromTab);
    await shot(popup, 'popup-zh');
    await popup.close();
    const panel = await extPage('sidepanel.html');
    await panel.waitForSelector('[data-testid=panel-problem]');
    expect(await panel.$eval('main h1', (h) => h.textContent)).toBe(zh.ext.panel.title);
    await panel.waitForSelector('[data-testid=panel-last-status]');
    // the web app's own submission (its default language) is the last one: any verdict, in Chinese
    expect(Object.values(zh.status)).toContain(await text(panel, 'panel-last-status'));
    await shot(panel, 'sidepanel-zh');
    await panel.close();
    await setStored({ language: 'en-US' });
  });

  it('logout in the popup logs out the extension and the web app', async () => {
    const site = await browser.newPage();
    await site.goto(`${server.url}/`);
    await expect.poll(() => site.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const popup = await extPage('popup.html');
    await popup.waitForSelector('[data-testid=logout]');
    await popup.click('[data-testid=logout]');
    await popup.waitForSelector('[data-testid=login-submit]');
    await expect.poll(() => stored('token')).toBeUndefined();
    await expect.poll(badge).toBe('');
    await expect
      .poll(() => site.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 })
      .toBeNull();
    expect(await stored('recentSubmissions')).toBeUndefined();
    await popup.close();
    await site.close();
  });
});
