import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type LaunchOptions } from 'puppeteer-core';

/** Debian's Chromium (installed by scripts/setup); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every headless Chromium of ours starts with (browser tests and the Lighthouse benchmark). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No DNS except loopback: otherwise Chromium resolves Google update and account hosts.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];

/** Launches Chromium with a fresh profile; `close` also removes the profile. */
export async function launch(
  extra: Partial<LaunchOptions> = {},
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'verdict-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir,
    ...extra,
    args: [...CHROMIUM_ARGS, ...(extra.args ?? [])],
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Browser tests serve the built web app: fail at once, saying what to run, when it is not built. */
export function requireWebBuild(): void {
  if (!existsSync(resolve('dist/web/index.html'))) {
    throw new Error('dist/web/index.html is missing: run `npm run build:web` before the e2e tests');
  }
}
