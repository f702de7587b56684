import { mkdirSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateEditor } from '../e2e/pages';
import { startTestServer, type TestServer } from '../helpers/server';
import { fill, type Harness, launchExtension, locale, setEditorCode, text } from './harness';

/**
 * The extension as a user meets it, each path that used to end wrong: code sent to the problem of
 * the tab it comes from, the side panel's fresh grab, pins checked against the server, login and
 * logout in both directions, an unreachable server said at the top, a popup within 600 px, the
 * compiler's message, notice and contest notifications, the page's pin button.
 * Build first: `flock /tmp/build.lock npm run build:ext`.
 */
const en = locale('en-US');
const zh = locale('zh-CN');
const CONTEST = 1000; // the demo data's running ACM contest (problems A and B), "Warm-up"
const SCREENSHOTS = 'docs/screenshots';
const POPUP_LIMIT = 600;
const AB_CPP =
  '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n}\n';

let server: TestServer;
let h: Harness;

async function rootLogin(): Promise<{ token: string; info: unknown }> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: server.rootPassword }),
  });
  return {
    token: res.headers.get('authorization') ?? '',
    info: ((await res.json()) as { data: unknown }).data,
  };
}

async function api(method: string, path: string, body: unknown, token: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: number; data: unknown } };
}

/** The extension logged in as root with a token of its own. */
async function extensionLogin(): Promise<string> {
  const { token, info } = await rootLogin();
  await h.setStored({ token, userInfo: info });
  return token;
}

/** A web app problem page whose editor holds `code`; returns the page and its tab id. */
async function problemPage(path: string, code: string): Promise<{ site: Page; tabId: number }> {
  const site = await h.browser.newPage();
  const url = `${server.url}${path}`;
  await site.goto(url, { waitUntil: 'networkidle0' });
  // After a logout made in the extension, the page's first call may still carry the revoked token
  // (the content script drops it a moment later); the web app then asks to log in again. The
  // tests here want the editor, so that dialog is closed.
  if (await site.$('[role=dialog]')) await site.keyboard.press('Escape');
  await activateEditor(site);
  await setEditorCode(site, code);
  const tabId = await h.tabIdOf(url);
  expect(tabId).not.toBeNull();
  return { site, tabId: tabId as number };
}

const inputValue = (page: Page, testId: string) =>
  page.$eval(`[data-testid="${testId}"]`, (el) => (el as HTMLInputElement).value);

/** The popup's height as the browser would size it: the bottom of its content. */
const popupHeight = (page: Page) =>
  page.$eval('[data-testid=popup]', (el) => Math.ceil(el.getBoundingClientRect().bottom));

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 1 });
  h = await launchExtension(server);
});

afterAll(async () => {
  await h?.close();
  await server?.destroy();
});

describe('wrong problem, wrong code', () => {
  it('quick submit takes the problem of the tab the code comes from, the pin only otherwise, and says which', async () => {
    await extensionLogin();
    await h.setStored({ pinned: { problemId: 'A', cid: CONTEST, pinnedAt: Date.now() } });
    const { site, tabId } = await problemPage('/problem/1001', AB_CPP);

    const popup = await h.extPage(`popup.html?tab=${tabId}`);
    await popup.click('[data-testid=tab-submit]');
    await popup.click('[data-testid=quick-submit]');
    await popup.waitForSelector('[data-testid=submit-form]');
    expect(await inputValue(popup, 'submit-problem')).toBe('1001');
    expect(
      await popup.$eval('[data-testid=submit-problem-source]', (el) => el.getAttribute('data-from')),
    ).toBe('route');
    expect(await text(popup, 'submit-problem-source')).toBe(en.ext.submit.problemFrom.route);

    // a page of the server that is not a problem page: the pinned problem, said so
    await site.goto(`${server.url}/status`);
    const statusTab = await h.tabIdOf(`${server.url}/status`);
    const other = await h.extPage(`popup.html?tab=${statusTab}`);
    await other.click('[data-testid=tab-submit]');
    await other.click('[data-testid=quick-submit]');
    await other.waitForSelector('[data-testid=submit-form]');
    expect(await inputValue(other, 'submit-problem')).toBe(`${CONTEST}/A`);
    expect(await text(other, 'submit-problem-source')).toBe(en.ext.submit.problemFrom.pinned);

    // nothing to go on: no pin, no problem page: the form says what to do
    await h.removeStored(['pinned']);
    await other.reload();
    await other.click('[data-testid=tab-submit]');
    await other.click('[data-testid=quick-submit]');
    await other.waitForSelector('[data-testid=submit-problem-source][data-from=none]');
    expect(await text(other, 'submit-problem-source')).toBe(en.ext.submit.problemNone);
    expect(await popup.$eval('[data-testid=submit-send]', (b) => (b as HTMLButtonElement).disabled)).toBe(
      false,
    );
    expect(await other.$eval('[data-testid=submit-send]', (b) => (b as HTMLButtonElement).disabled)).toBe(
      true,
    );
    await popup.close();
    await other.close();
    await site.close();
  });

  it('side panel: quick submit grabs fresh from the active tab and shows the source before Submit', async () => {
    await extensionLogin();
    // code grabbed earlier from another page (a Python solution of problem 1000)
    await h.setStored({
      submitDraft: {
        code: 'print(sum(map(int, input().split())))\n',
        source: 'editor',
        editor: 'textarea',
        tabUrl: `${server.url}/problem/1000`,
        at: Date.now() - 5 * 60_000,
      },
    });
    const { site, tabId } = await problemPage(`/contest/${CONTEST}/problem/A`, AB_CPP);
    const title = await site.title();
    const panel = await h.extPage(`sidepanel.html?tab=${tabId}`);
    await panel.click('[data-testid=panel-submit-toggle]');
    await panel.waitForSelector('[data-testid=submit-form]');
    await panel.waitForFunction(
      (code) => (document.querySelector('[data-testid=submit-code]') as HTMLTextAreaElement)?.value === code,
      { timeout: 10_000 },
      AB_CPP,
    );
    expect(await inputValue(panel, 'submit-problem')).toBe(`${CONTEST}/A`);
    const source = await text(panel, 'submit-source');
    // the tab's title, the editor by its name (not an internal word) and the lines an editor counts
    expect(source).toContain(title);
    expect(source).toContain('CodeMirror');
    expect(source).not.toMatch(/codemirror6|textarea/);
    expect(source).toContain('6 lines');
    await panel.waitForFunction(
      () => (document.querySelector('[data-testid=submit-language]') as HTMLSelectElement)?.value === 'C++',
    );
    await panel.close();
    await site.close();
  });

  it('pins are checked against the server; a bad pin always leaves Unpin and the pin box', async () => {
    await extensionLogin();
    await h.setStored({ pinned: { problemId: '1000', cid: null, pinnedAt: 1 } });
    const popup = await h.extPage('popup.html');
    await popup.click('[data-testid=tab-submit]');
    for (const bad of ['abc', '9999', `${CONTEST}/Z`]) {
      await fill(popup, 'pin-input', bad);
      await popup.click('[data-testid=pin-submit]');
      await popup.waitForSelector('[data-testid=pinned-now][data-state=refused]', { timeout: 10_000 });
      expect(await text(popup, 'pinned-now')).toBe(en.ext.pin.notFound.replace('{{problem}}', bad));
      expect(await h.stored('pinned')).toMatchObject({ problemId: '1000', cid: null });
    }
    await fill(popup, 'pin-input', '1002');
    await popup.click('[data-testid=pin-submit]');
    await expect.poll(() => h.stored('pinned'), { timeout: 10_000 }).toMatchObject({ problemId: '1002' });
    await popup.close();

    // a pin the server does not know (kept from before): the panel offers a way back
    await h.setStored({ pinned: { problemId: '9999', cid: null, pinnedAt: Date.now() } });
    const panel = await h.extPage('sidepanel.html');
    await panel.waitForSelector('[data-testid=panel-error]', { timeout: 10_000 });
    expect(await panel.$('[data-testid=pin-input]')).not.toBeNull();
    await panel.click('[data-testid=panel-unpin]');
    await panel.waitForSelector('[data-testid=panel-empty]');
    expect(await h.stored('pinned')).toBeFalsy();
    await panel.close();
  });
});

describe('login both ways, failures said plainly', () => {
  it('a login made in the popup reaches the web app, so the pages the extension opens are logged in', async () => {
    // logged out in the extension, then on the site too
    await h.removeStored(['token', 'userInfo']);
    const site = await h.browser.newPage();
    await site.goto(`${server.url}/`);
    await site.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
    });
    await expect.poll(() => h.stored('siteToken'), { timeout: 10_000 }).toBeFalsy();
    const popup = await h.extPage('popup.html');
    await popup.waitForSelector('[data-testid=login-submit]');
    await fill(popup, 'login-username', 'root');
    await fill(popup, 'login-password', server.rootPassword);
    await popup.click('[data-testid=login-submit]');
    await popup.waitForSelector('[data-testid=signed-in-user]');
    const token = await h.stored<string>('token');
    // the open tab takes it at once, and shows the user
    await expect
      .poll(() => site.evaluate(() => localStorage.getItem('token')), { timeout: 10_000 })
      .toBe(token);
    await site.waitForSelector('[data-user-menu]', { timeout: 10_000 });
    // a page the extension opens (an unread link) is logged in
    const messages = await h.browser.newPage();
    await messages.goto(`${server.url}/message/sys`);
    await messages.waitForSelector('[data-user-menu]', { timeout: 10_000 });
    await messages.close();
    await popup.close();
    await site.close();
  });

  it('a logout while the server is unreachable is said, and finished when the server answers', async () => {
    // the server behind a door the test can close: nothing answers while it is closed
    const door = await openDoor(new URL(server.url).port);
    await h.setStored({ serverUrl: door.url });
    const token = await extensionLogin();
    const popup = await h.extPage('popup.html');
    await popup.waitForSelector('[data-testid=logout]');
    await door.close();
    await popup.click('[data-testid=logout]');
    await popup.waitForSelector('[data-testid=logout-pending]');
    expect(await text(popup, 'logout-pending')).toContain(new URL(door.url).host);
    await expect.poll(() => h.stored('token')).toBeUndefined();
    // still valid on the server for now
    expect((await api('GET', '/api/msg/unread', undefined, token)).status).toBe(200);

    // the server answers again: the next refresh (here: Retry) revokes it, and the notice goes
    await door.open();
    await popup.click('[data-testid=logout-retry]');
    await expect.poll(() => h.stored('pendingLogout'), { timeout: 10_000 }).toBeFalsy();
    await popup.waitForFunction(() => !document.querySelector('[data-testid=logout-pending]'));
    expect((await api('GET', '/api/msg/unread', undefined, token)).status).toBe(401);
    await popup.close();
    await door.close();
    await h.setStored({ serverUrl: server.url });
  });

  it('server down is said at the top; a non-URL is refused; the old badge goes while another address is typed', async () => {
    await extensionLogin();
    await h.setStored({
      serverUrl: 'http://127.0.0.1:1',
      unread: { counts: null, total: 0, checkedAt: Date.now() - 60_000, error: 'network' },
    });
    const popup = await h.extPage('popup.html');
    await popup.waitForSelector('[data-testid=server-down]', { timeout: 10_000 });
    expect(await text(popup, 'server-down')).toContain(en.ext.banner.down.replace('{{host}}', '127.0.0.1:1'));
    // at the top: above the account and its tabs
    const [banner, account] = await popup.$$eval('[data-testid=server-down], [data-testid=account]', (els) =>
      els.map((el) => el.getBoundingClientRect().top),
    );
    expect(banner).toBeLessThan(account);
    expect(await popupHeight(popup)).toBeLessThanOrEqual(POPUP_LIMIT);
    await popup.close();

    await h.setStored({ serverUrl: server.url });
    await h.removeStored(['token', 'userInfo']);
    const settings = await h.extPage('popup.html');
    await settings.waitForSelector('[data-testid=server-status][data-state=ok] [data-kind=verdict]', {
      timeout: 10_000,
    });
    await fill(settings, 'server-url', 'not a url');
    expect(await settings.$('[data-testid=server-status] [data-kind]')).toBeNull();
    await settings.click('[data-testid=server-connect]');
    await settings.waitForFunction(
      (message) => document.querySelector('[data-testid=server-status]')?.textContent === message,
      { timeout: 5000 },
      en.ext.serverInvalidUrl,
    );
    expect(await h.stored('serverUrl')).toBe(server.url);
    await settings.close();
  });
});

describe('fit and finish', () => {
  it('the popup stays within 600 px in every state (heights printed), screenshots in both languages', async () => {
    const heights: Record<string, number> = {};
    const viewport = { width: 420, height: 1200 };
    await h.removeStored(['token', 'userInfo', 'pendingLogout']);
    const empty = await h.extPage('popup.html', viewport);
    await empty.waitForSelector('[data-testid=login-submit]');
    heights.empty = await popupHeight(empty);
    await empty.close();

    const { site, tabId } = await problemPage('/problem/1000', AB_CPP);
    await extensionLogin();
    // the login's own refresh writes the list first; the five below are stored after it
    await expect
      .poll(() =>
        h.stored<{ checkedAt: number | null } | null>('recentSubmissions').then((r) => !!r?.checkedAt),
      )
      .toBe(true);
    const now = Date.now();
    const items = [0, 1, 2, 3, 4].map((i) => ({
      submitId: 900 + i,
      cid: i === 0 ? CONTEST : 0,
      problemLabel: i === 0 ? 'A' : '1000',
      title: 'A+B Problem',
      status: i === 1 ? -2 : 0,
      time: i === 1 ? null : 12,
      memory: i === 1 ? null : 3200,
      score: null,
      language: 'C++',
      submitTime: new Date(now - i * 60_000).toISOString(),
      errorMessage:
        i === 1 ? "main.cpp:3:5: error: expected ';' before 'return'\n    3 | int x\n      |     ^" : null,
    }));
    await h.setStored({
      recentSubmissions: { items, maxSubmitId: 10_000, checkedAt: now },
      unread: {
        counts: { comment: 1, reply: 2, like: 0, sys: 1, mine: 0 },
        total: 4,
        checkedAt: now,
        error: null,
      },
    });
    const popup = await h.extPage(`popup.html?tab=${tabId}`, viewport);
    // hold the server's answers so the stored five submissions stay what is shown
    await popup.setRequestInterception(true);
    popup.on('request', (r) => {
      if (r.url().includes('/api/get-submission-list')) void r.abort('connectionrefused');
      else void r.continue();
    });
    await popup.waitForFunction(() => document.querySelectorAll('[data-testid=recent-row]').length === 5);
    heights.fiveSubmissions = await popupHeight(popup);
    await popup.screenshot({ path: `${SCREENSHOTS}/popup-en.png`, clip: await clip(popup) });
    await popup.click('[data-testid=tab-messages]');
    await popup.waitForSelector('[data-testid=unread-total]');
    heights.messages = await popupHeight(popup);
    await popup.click('[data-testid=tab-server]');
    await popup.waitForSelector('[data-testid=server-url]');
    heights.server = await popupHeight(popup);
    await popup.click('[data-testid=tab-submit]');
    await popup.click('[data-testid=quick-submit]');
    await popup.waitForSelector('[data-testid=submit-form]');
    await popup.waitForFunction(
      () => (document.querySelector('[data-testid=submit-language]') as HTMLSelectElement)?.value === 'C++',
    );
    heights.submitForm = await popupHeight(popup);
    await popup.screenshot({ path: `${SCREENSHOTS}/popup-submit-en.png`, clip: await clip(popup) });
    await popup.close();

    await h.setStored({ language: 'zh-CN' });
    const zhPopup = await h.extPage(`popup.html?tab=${tabId}`, viewport);
    await zhPopup.waitForSelector('[data-testid=recent-row]');
    expect(await text(zhPopup, 'tab-overview')).toBe(zh.ext.tabs.overview);
    heights.chinese = await popupHeight(zhPopup);
    await zhPopup.screenshot({ path: `${SCREENSHOTS}/popup-zh.png`, clip: await clip(zhPopup) });
    await zhPopup.close();
    await h.setStored({ language: 'en-US' });

    await h.setStored({ serverUrl: 'http://127.0.0.1:1' });
    const down = await h.extPage('popup.html', viewport);
    await down.waitForSelector('[data-testid=server-down]', { timeout: 10_000 });
    heights.serverDown = await popupHeight(down);
    await down.close();
    await h.setStored({ serverUrl: server.url });
    await site.close();

    console.log(`popup heights (px, limit ${POPUP_LIMIT}): ${JSON.stringify(heights)}`);
    for (const [state, height] of Object.entries(heights))
      expect([state, height <= POPUP_LIMIT]).toEqual([state, true]);
  });

  it("a compile error shows the compiler's first lines with a link to the detail", async () => {
    await h.removeStored(['recentSubmissions']);
    const token = await extensionLogin();
    const popup = await h.extPage('popup.html');
    // the popup's first look at the list: submissions after it are new ones
    await expect
      .poll(() =>
        h.stored<{ checkedAt: number | null } | null>('recentSubmissions').then((r) => !!r?.checkedAt),
      )
      .toBe(true);
    const submitted = await api(
      'POST',
      '/api/submit-problem-judge',
      { pid: '1000', language: 'C++', code: 'int main() { return x; }\n' },
      token,
    );
    expect(submitted.status).toBe(200);
    const submitId = Number((submitted.body.data as { submitId: number }).submitId);
    // as the site content script says when the web app submits
    await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'verdict:site-submitted', cid: null }));
    const notice = await h.notification((n) => n.id === `verdict-${submitId}`);
    expect(notice.message).toMatch(new RegExp(`^${en.status.compileError} · .*error`));
    await popup.waitForSelector(`[data-testid=recent-compile-${submitId}]`, { timeout: 15_000 });
    expect(await text(popup, `recent-compile-${submitId}`)).toContain("'x' was not declared");
    expect(
      await popup.$eval(`[data-testid=recent-compile-link-${submitId}]`, (a) => a.getAttribute('href')),
    ).toBe(`${server.url}/submission-detail/${submitId}`);
    await popup.close();
  });

  it('system notices are notified; contest verdicts name the contest and stay in the list on refresh', async () => {
    const token = await extensionLogin();
    const popup = await h.extPage('popup.html');
    // the first check after the login only records the counts
    await expect
      .poll(() => h.stored<{ checkedAt: number } | null>('unread').then((u) => !!u?.checkedAt))
      .toBe(true);
    expect(
      (
        await api(
          'POST',
          '/api/admin/msg/notice',
          { title: 'Upgrade', content: 'Tonight', type: 'All' },
          token,
        )
      ).status,
    ).toBe(200);
    await popup.waitForSelector('[data-testid=unread-refresh]:not([disabled])');
    await popup.click('[data-testid=unread-refresh]');
    const notice = await h.notification((n) => n.kind === 'notice', 15_000);
    expect(notice.title).toBe(en.ext.types.sys);
    expect(notice.url).toBe(`${server.url}/message/sys`);

    const submitted = await api(
      'POST',
      '/api/submit-problem-judge',
      { pid: 'A', cid: CONTEST, language: 'C++', code: AB_CPP },
      token,
    );
    expect(submitted.status).toBe(200);
    const submitId = Number((submitted.body.data as { submitId: number }).submitId);
    // as the site content script says when the web app submits inside a contest
    await popup.evaluate(
      (cid) => chrome.runtime.sendMessage({ type: 'verdict:site-submitted', cid }),
      CONTEST,
    );
    const verdict = await h.notification((n) => n.id === `verdict-${submitId}`);
    expect(verdict.title).toMatch(/^Verdict Warm-up Round · A A\+B Problem$/);
    await popup.waitForSelector(`[data-testid=recent-row][data-submit-id="${submitId}"]`);
    await popup.click('[data-testid=unread-refresh]');
    await popup.waitForSelector('[data-testid=unread-refresh]:not([disabled])');
    await popup.reload();
    await popup.waitForSelector('[data-testid=unread-refresh]:not([disabled])', { timeout: 10_000 });
    expect(await popup.$(`[data-testid=recent-row][data-submit-id="${submitId}"]`)).not.toBeNull();
    await popup.close();
  });

  it("the page's pin button is a small pill after the title that follows the extension's language", async () => {
    await h.setStored({ language: 'en-US' });
    const site = await h.browser.newPage();
    await site.setViewport({ width: 1280, height: 900 });
    await site.goto(`${server.url}/problem/1002`);
    await site.waitForSelector('[data-testid=verdict-ext-pin]', { visible: true, timeout: 15_000 });
    expect(await text(site, 'verdict-ext-pin')).toBe(en.ext.site.pin);
    const box = await site.$eval('[data-testid=verdict-ext-pin]', (b) => b.getBoundingClientRect().width);
    expect(box).toBeLessThan(320);
    await h.setStored({ language: 'zh-CN' });
    await site.waitForFunction(
      (label) => document.querySelector('[data-testid=verdict-ext-pin]')?.textContent === label,
      { timeout: 5000 },
      zh.ext.site.pin,
    );
    await h.setStored({ language: 'en-US' });
    await site.close();
  });
});

/** A TCP forwarder to the server on a port of its own, which can be closed (nothing answers) and opened again. */
async function openDoor(targetPort: string) {
  const sockets = new Set<Socket>();
  const door = createServer((client) => {
    const upstream = connect(Number(targetPort), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) => new Promise<void>((done) => door.listen(port, '127.0.0.1', done));
  await listen();
  const port = (door.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        if (door.listening) door.close(() => done());
        else done();
      }),
    open: () => listen(port),
  };
}

/** The popup's own area (the page is wider and taller than a real popup). */
async function clip(page: Page) {
  const box = await page.$eval('[data-testid=popup]', (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  return { ...box, height: Math.ceil(box.height) };
}
