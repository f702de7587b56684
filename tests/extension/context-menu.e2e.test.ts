import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitDraft } from '../../entrypoints/lib/state';
import { activateEditor } from '../e2e/pages';
import { startTestServer, type TestServer } from '../helpers/server';
import { type Harness, launchExtension, setEditorCode, text } from './harness';

/**
 * The context menu "Submit to Verdict" (entrypoints/background.ts): its click handler called in the
 * service worker, as a click on the menu calls it.
 *
 * Why this way: Chrome's extension event objects carry dispatch(), which runs the listeners the
 * worker registered on chrome.contextMenus.onClicked, exactly as a click on the menu does. So the
 * handler runs as built, registered by background.ts, with the real tabs, scripting (the grab in
 * the page's MAIN world) and storage, and the side panel then shows what it took: no refactor to
 * export the handler, no test hook in the worker. A unit test with WXT's fake browser would run
 * less of it: the fake implements neither contextMenus nor scripting, so the grab would be a stub.
 * What a dispatched click lacks is the user gesture of a real one: sidePanel.open() then refuses
 * (the handler ignores that), so the test opens the side panel page itself, as the browser would.
 * Build first: `flock /tmp/build.lock npx wxt build`.
 */
const SUBMIT_MENU = 'verdict:submit-selection'; // background.ts's SUBMIT_MENU (its module needs the worker)
const CONTEST = 1000; // the demo data's running ACM contest (problems A and B)
const AB_CPP =
  '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n}\n';

let server: TestServer;
let h: Harness;

beforeAll(async () => {
  server = await startTestServer({ judgeWorkers: 0 });
  h = await launchExtension(server);
  // logged in as root (no submit interval, no captcha), with a login of the extension's own
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: server.rootPassword }),
  });
  await h.setStored({
    token: res.headers.get('authorization'),
    userInfo: ((await res.json()) as { data: unknown }).data,
  });
});

afterAll(async () => {
  await h?.close();
  await server?.destroy();
});

/** A click on the menu item in the tab `tabId`, with what Chrome passes along (the selection, if any). */
async function clickMenu(tabId: number, info: { selectionText?: string; editable?: boolean }): Promise<void> {
  const dispatched = await h.worker.evaluate(
    async (id, menuItemId, extra) => {
      const event = chrome.contextMenus.onClicked as typeof chrome.contextMenus.onClicked & {
        dispatch?: (info: chrome.contextMenus.OnClickData, tab: chrome.tabs.Tab) => void;
      };
      if (!event.hasListeners() || typeof event.dispatch !== 'function') return false;
      const tab = await chrome.tabs.get(id);
      event.dispatch({ menuItemId, pageUrl: tab.url ?? '', frameId: 0, editable: false, ...extra }, tab);
      return true;
    },
    tabId,
    SUBMIT_MENU,
    info,
  );
  // the worker registered its listener, and this Chromium still lets an event be dispatched
  expect(dispatched).toBe(true);
}

/** The draft the worker stored since `since`. */
async function draftSince(since: number): Promise<SubmitDraft> {
  await expect
    .poll(async () => (await h.stored<SubmitDraft | null>('submitDraft'))?.at ?? 0, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(since);
  return (await h.stored<SubmitDraft>('submitDraft'))!;
}

async function problemPage(path: string, code: string): Promise<{ site: Page; tabId: number }> {
  const site = await h.browser.newPage();
  const url = `${server.url}${path}`;
  await site.goto(url, { waitUntil: 'networkidle0' });
  if (await site.$('[role=dialog]')) await site.keyboard.press('Escape');
  await activateEditor(site);
  await setEditorCode(site, code);
  const tabId = await h.tabIdOf(url);
  expect(tabId).not.toBeNull();
  return { site, tabId: tabId as number };
}

const value = (page: Page, testId: string) =>
  page.$eval(`[data-testid="${testId}"]`, (el) => (el as HTMLInputElement).value);

describe('context menu: Submit to Verdict', () => {
  it("in a contest problem's editor: takes the editor's code and the problem, the side panel submits it", async () => {
    const { site, tabId } = await problemPage(`/contest/${CONTEST}/problem/A`, AB_CPP);
    const since = Date.now();
    await clickMenu(tabId, { editable: true });
    const draft = await draftSince(since);
    expect(draft).toMatchObject({
      code: AB_CPP,
      source: 'editor',
      editor: 'codemirror6',
      tabUrl: `${server.url}/contest/${CONTEST}/problem/A`,
      tabTitle: await site.title(),
      problem: { problemId: 'A', cid: CONTEST, from: 'route' },
    });

    // the side panel (opened by the click in a browser) shows the form with that draft
    const panel = await h.extPage(`sidepanel.html?tab=${tabId}`);
    await panel.waitForSelector('[data-testid=submit-form]', { timeout: 10_000 });
    expect(await value(panel, 'submit-code')).toBe(AB_CPP);
    expect(await value(panel, 'submit-problem')).toBe(`${CONTEST}/A`);
    await panel.waitForFunction(
      () => (document.querySelector('[data-testid=submit-language]') as HTMLSelectElement)?.value === 'C++',
    );
    await panel.click('[data-testid=submit-send]');
    await panel.waitForSelector('[data-testid=submit-result]', { timeout: 10_000 });
    const submitId = Number(
      await panel.$eval('[data-testid=submit-result]', (el) => el.getAttribute('data-submit-id')),
    );
    expect(submitId).toBeGreaterThan(0);
    expect(await text(panel, 'submit-result')).toContain(`#${submitId}`);
    await panel.close();
    await site.close();
  });

  it('with text selected in the page: takes the selection, still naming the problem', async () => {
    const { site, tabId } = await problemPage('/problem/1001', AB_CPP);
    // the first sample input selected, as a user would with the mouse
    const selected = await site.evaluate(() => {
      const pre = document.querySelector('pre') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    expect(selected.trim()).not.toBe('');
    const since = Date.now();
    await clickMenu(tabId, { selectionText: selected.trim() });
    expect(await draftSince(since)).toMatchObject({
      code: selected,
      source: 'selection',
      editor: null,
      problem: { problemId: '1001', cid: null, from: 'route' },
    });
    await site.close();
  });

  it('in a page the extension may not script: the selection Chrome passes with the click is taken as it is', async () => {
    const tabId = await h.worker.evaluate(
      async () => (await chrome.tabs.create({ url: 'chrome://version/' })).id ?? null,
    );
    expect(tabId).not.toBeNull();
    const since = Date.now();
    await clickMenu(tabId as number, { selectionText: 'print(42)' });
    expect(await draftSince(since)).toMatchObject({ code: 'print(42)', source: 'selection', editor: null });
    await h.worker.evaluate((id) => chrome.tabs.remove(id), tabId as number);
  });
});
