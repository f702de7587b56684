import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, WebWorker } from 'puppeteer-core';
import { expect, vi } from 'vitest';
import { launch } from '../e2e/chromium';
import type { TestServer } from '../helpers/server';

/**
 * The built extension (`flock /tmp/build.lock npm run build:ext`) loaded into Chromium, with the
 * worker's storage and the extension's pages at hand. VERDICT_EXT_DIR points at another build
 * (an older one, to see a test fail before a change).
 */
export const EXT_DIR = resolve(process.env.VERDICT_EXT_DIR ?? 'dist/extension/chrome-mv3');
export const locale = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'));

export interface Notice {
  id: string;
  kind: string;
  title: string;
  message: string;
  url: string;
}

export interface Harness {
  browser: Browser;
  close: () => Promise<void>;
  id: string;
  worker: WebWorker;
  stored: <T = unknown>(key: string) => Promise<T>;
  setStored: (items: Record<string, unknown>) => Promise<void>;
  removeStored: (keys: string[]) => Promise<void>;
  /** an extension page (popup.html, sidepanel.html …) as a tab of its own */
  extPage: (path: string, viewport?: { width: number; height: number }) => Promise<Page>;
  /** the id of the tab showing an address */
  tabIdOf: (url: string) => Promise<number | null>;
  /** waits until the worker recorded a notification matching `match` */
  notification: (match: (n: Notice) => boolean, timeout?: number) => Promise<Notice>;
}

export async function launchExtension(server: TestServer): Promise<Harness> {
  const { browser, close } = await launch({
    pipe: true,
    enableExtensions: true,
    args: ['--enable-unsafe-extension-debugging', '--lang=en-US', '--accept-lang=en-US'],
  });
  const id = await browser.installExtension(EXT_DIR);
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url() === `chrome-extension://${id}/background.js`,
  );
  const worker = (await target.worker())!;
  // the worker's target can be attached before its extension APIs are there
  await vi.waitFor(
    async () => {
      if (!(await worker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.storage)))
        throw new Error('the worker has no chrome.storage yet');
    },
    { timeout: 10_000, interval: 100 },
  );
  const stored = <T = unknown>(key: string) =>
    worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key) as Promise<T>;
  const setStored = (items: Record<string, unknown>) =>
    worker.evaluate((i) => chrome.storage.local.set(i), items);
  const removeStored = (keys: string[]) => worker.evaluate((k) => chrome.storage.local.remove(k), keys);
  await setStored({ serverUrl: server.url });
  // registered for this server's host (not the default's, which the worker's start-up reads)
  const host = new URL(server.url).hostname;
  await vi.waitFor(
    async () =>
      expect(
        await worker.evaluate(async () =>
          (await chrome.scripting.getRegisteredContentScripts()).map(
            (s) => `${s.id} ${s.matches?.join(' ')}`,
          ),
        ),
      ).toContain(`verdict-site ${new URL(server.url).protocol}//${host}/*`),
    { timeout: 10_000 },
  );

  async function extPage(path: string, viewport = { width: 420, height: 900 }): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.setViewport(viewport);
    await page.goto(`chrome-extension://${id}/${path}`);
    return page;
  }

  const tabIdOf = (url: string) =>
    worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null, url);

  const notification = (match: (n: Notice) => boolean, timeout?: number) =>
    waitForNotification(stored, match, timeout);

  return { browser, close, id, worker, stored, setStored, removeStored, extPage, tabIdOf, notification };
}

/** Waits until the extension recorded a notification matching `match` (`lastNotification` in its storage). */
export async function waitForNotification(
  stored: <T>(key: string) => Promise<T>,
  match: (n: Notice) => boolean,
  timeout = 90_000,
): Promise<Notice> {
  let last: Notice | null = null;
  await expect
    .poll(
      async () => {
        last = await stored<Notice | null>('lastNotification');
        return !!last && match(last);
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return last as unknown as Notice;
}

export const text = (page: Page, testId: string) =>
  page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent?.trim() ?? '');

export async function fill(page: Page, testId: string, value: string): Promise<void> {
  const selector = `[data-testid="${testId}"]`;
  await page.focus(selector);
  await page.$eval(selector, (el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

/** Replaces the contents of the web app's CodeMirror editor on a problem page. */
export async function setEditorCode(page: Page, code: string): Promise<void> {
  await page.evaluate((c) => {
    // biome-ignore lint/suspicious/noExplicitAny: CodeMirror's view behind the DOM
    const el = document.querySelector('[data-testid=editor] .cm-content') as any;
    const view = el.cmTile?.root?.view ?? el.cmView?.rootView?.view ?? el.cmView?.view;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: c } });
  }, code);
}
