import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { TestServer } from '../helpers/server';
import { type Notice, waitForNotification } from './harness';

/** Debian's Firefox ESR (installed by scripts/setup); FIREFOX_PATH overrides. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The Firefox build of the extension (`npm run build:ext:firefox`). */
export const FIREFOX_EXT_DIR = resolve(process.env.VERDICT_FIREFOX_EXT_DIR ?? 'dist/extension/firefox-mv2');

/**
 * Firefox gives an add-on's pages a random origin per profile (`moz-extension://<uuid>/`); this pref
 * fixes it for our add-on id, so the test can open the popup and the sidebar panel as tabs.
 */
const EXTENSION_UUID = '5e1b7c3a-0d4f-4a8e-9b6c-7a2f0c1d9e42';

export interface FirefoxHarness {
  browser: Browser;
  close: () => Promise<void>;
  origin: string;
  /** an extension page (popup.html, sidepanel.html …) as a tab of its own */
  extPage: (path: string, viewport?: { width: number; height: number }) => Promise<Page>;
  stored: <T = unknown>(key: string) => Promise<T>;
  setStored: (items: Record<string, unknown>) => Promise<void>;
  badge: () => Promise<string>;
  notification: (match: (n: Notice) => boolean, timeout?: number) => Promise<Notice>;
}

/**
 * The built Firefox extension installed temporarily (WebDriver BiDi's webExtension.install, as
 * about:debugging does) into Debian's Firefox ESR, driven by puppeteer over BiDi. Firefox runs the
 * MV2 build: a background page instead of a service worker and a sidebar instead of Chrome's side
 * panel, so the test reaches storage, the badge and notifications from an extension page, where
 * `browser.*` is the same API the background page uses.
 */
export async function launchFirefoxExtension(server: TestServer): Promise<FirefoxHarness> {
  const manifest = JSON.parse(readFileSync(resolve(FIREFOX_EXT_DIR, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // BiDi refuses to navigate to privileged pages (moz-extension:) unless the session may reach them
    env: { ...process.env, MOZ_REMOTE_ALLOW_SYSTEM_ACCESS: '1' },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({
        [manifest.browser_specific_settings.gecko.id]: EXTENSION_UUID,
      }),
      'intl.accept_languages': 'en-US',
      // no DNS, updates or telemetry beyond loopback
      'network.dns.disableIPv6': true,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  const close = () => browser.close().catch(() => undefined);
  try {
    await browser.installExtension(FIREFOX_EXT_DIR);
  } catch (e) {
    await close();
    throw e;
  }
  const origin = `moz-extension://${EXTENSION_UUID}`;

  async function extPage(path: string, viewport = { width: 420, height: 900 }): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.setViewport(viewport);
    // The page does load, but BiDi never reports the load of an extension page to the client:
    // the navigation is left to finish on its own and the page's own content is waited for.
    void page.goto(`${origin}/${path}`, { timeout: 0 }).catch(() => undefined);
    // Polled here rather than with waitForFunction: a check that runs while the navigation replaces
    // the window fails with a protocol error ("right-hand side of 'in' should be an object"), which
    // waitForFunction reports as a failure instead of checking again.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const loaded = await page
        .evaluate(
          (o) =>
            location.origin === o && document.readyState === 'complete' && !!document.body?.firstElementChild,
          origin,
        )
        .catch(() => false);
      if (loaded) return page;
      if (Date.now() > deadline) throw new Error(`${path} did not load in Firefox within 20 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  // one extension page kept open for the calls the background page would make
  const control = await extPage('sidepanel.html');
  type Ext = {
    storage: { local: { get(k: string): Promise<Record<string, unknown>>; set(i: object): Promise<void> } };
    browserAction: { getBadgeText(d: object): Promise<string> };
  };
  // (functions below run in the page: `browser` there is the extension's API)
  const stored = <T = unknown>(key: string) =>
    control.evaluate(
      async (k) => (await (globalThis as unknown as { browser: Ext }).browser.storage.local.get(k))[k],
      key,
    ) as Promise<T>;
  const setStored = (items: Record<string, unknown>) =>
    control.evaluate((i) => (globalThis as unknown as { browser: Ext }).browser.storage.local.set(i), items);
  const badge = () =>
    control.evaluate(() =>
      (globalThis as unknown as { browser: Ext }).browser.browserAction.getBadgeText({}),
    );

  const notification = (match: (n: Notice) => boolean, timeout?: number) =>
    waitForNotification(stored, match, timeout);

  await setStored({ serverUrl: server.url });
  return { browser, close, origin, extPage, stored, setStored, badge, notification };
}
