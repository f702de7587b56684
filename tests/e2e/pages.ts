import { mkdirSync } from 'node:fs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { testClient } from '../helpers/api';

/** Browser-test helpers shared by the e2e files: pages in fresh contexts, toasts, login, screenshots. */
export const SHOTS = '/tmp/shots';
export const PHONE = { width: 375, height: 812, hasTouch: true, isMobile: true };
export const DESKTOP = { width: 1280, height: 800 };
export type Viewport = typeof PHONE | typeof DESKTOP;

/** How wide the page's content is: wider than the viewport means a sideways scroll on a phone. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A page in a fresh browser context: its own cookies and localStorage (no login carried over). */
export async function openPage(browser: Browser, url: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page;
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Logs in over the API and keeps the session where the web app keeps it (localStorage), from a
 * page of the server that loads no app; `storage` adds entries that depend on the user (e.g. the
 * announcements already read). The next navigation opens the app signed in.
 */
export async function signIn(
  page: Page,
  base: string,
  who: Credentials,
  storage: (uid: string) => Record<string, string> = () => ({}),
): Promise<void> {
  const { token, userInfo } = await testClient(base).api.login(who);
  await page.goto(`${base}/404-blank`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    Object.entries({
      token,
      userInfo: JSON.stringify(userInfo),
      ...storage(userInfo.uid),
    }),
  );
}

/**
 * A page in a fresh browser context, signed in as `who` when given, at `path` once the network is
 * idle; `prepare` runs on the page before anything loads (request listeners, interception).
 */
export async function openAs(
  browser: Browser,
  base: string,
  path: string,
  who: Credentials | null,
  viewport: Viewport = DESKTOP,
  prepare?: (page: Page) => Promise<void> | void,
): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await prepare?.(page);
  if (who) await signIn(page, base, who);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

/** Text as the user sees it. */
export const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

/** Waits until the element's text contains `expected`; the error says what it showed instead. */
export async function waitForText(
  page: Page,
  selector: string,
  expected: string,
  timeout = 10_000,
): Promise<void> {
  try {
    await page.waitForFunction(
      (s, e) => (document.querySelector(s) as HTMLElement | null)?.innerText.includes(e),
      { timeout },
      selector,
      expected,
    );
  } catch (e) {
    const shown = await textOf(page, selector).catch(() => null);
    throw new Error(`${selector} shows ${JSON.stringify(shown)}, not ${expected}`, { cause: e });
  }
}

/**
 * Screenshots are for people to look at: with E2E_SCREENSHOTS=1 the browser tests write them to
 * SHOTS; without it (CI) they are not taken, as no test reads them back. The pause before each is
 * kept either way: it lets animations end (a dialog closing, a toast), and the steps after a
 * screenshot were written against a settled page.
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1';

/** Waits `settleMs`, then writes `${SHOTS}/${name}.png` of the page (or one element) when screenshots are wanted. */
export async function photograph(
  target: Pick<Page, 'screenshot'> | Pick<ElementHandle, 'screenshot'>,
  name: string,
  { fullPage = false, settleMs = 300 }: { fullPage?: boolean; settleMs?: number } = {},
): Promise<void> {
  await new Promise((r) => setTimeout(r, settleMs));
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

export async function waitForToast(page: Page, message: string): Promise<void> {
  try {
    await page.waitForFunction(
      (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
      { timeout: 10_000 },
      message,
    );
  } catch (e) {
    // the toasts that did show say what went wrong instead
    const shown = await page
      .$$eval('[data-sonner-toast]', (ts) => ts.map((t) => t.textContent))
      .catch(() => []);
    throw new Error(`no toast "${message}"; shown: ${JSON.stringify(shown)}`, { cause: e });
  }
}

/** Logs in through the login dialog of the top navigation. */
export async function loginThroughDialog(page: Page, username: string, password: string): Promise<void> {
  await page.click('[data-testid=login-button]');
  await page.waitForSelector('#login-username');
  await page.type('#login-username', username);
  await page.type('#login-password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
}

/** Replaces an input's value as a user would (select all, type). */
export async function retype(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/**
 * The problem page starts with a plain editor and loads CodeMirror when the pointer enters the
 * pane (or it takes focus): do what a user does, then wait for CodeMirror.
 */
export async function activateEditor(page: Page, testId = 'editor'): Promise<void> {
  await page.waitForSelector(`[data-testid=${testId}]`);
  await page.hover(`[data-testid=${testId}]`);
  await page.waitForSelector(`[data-testid=${testId}] .cm-content`);
}

/**
 * Picks an option of a Radix Select: opens it, then clicks the option once the list has settled.
 * The list renders once to measure itself and again in place (detaching the first node), and a
 * trigger re-rendered by the previous choice may miss the first click: both are retried.
 */
export async function chooseOption(page: Page, trigger: string, option: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await page.$(option))) await page.click(trigger);
      await page.waitForSelector(option, { visible: true, timeout: 2000 });
      await page.click(option);
      await page.waitForSelector(option, { hidden: true, timeout: 2000 });
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/**
 * Closes the open dialog with Escape, as a keyboard user does, and waits until it and its overlay
 * are gone: the overlay fades out for a moment and would take a click meant for the page beneath.
 */
export async function closeDialogWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await waitForDialogGone(page);
}

/** Waits until no dialog or dialog overlay is left (a closed one fades out before it goes). */
export async function waitForDialogGone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[role=dialog], [role=alertdialog], .fixed.inset-0.z-50'),
  );
}
