import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import {
  chooseOption,
  DESKTOP,
  loginThroughDialog,
  openPage,
  PHONE,
  retype,
  textOf,
  type Viewport,
  waitForToast,
} from './pages';

/**
 * The console's tag screen in Chromium: root makes a classification and a coloured tag in it,
 * a taken name is refused with the server's words, the list's tag filter groups the tag, and an
 * ordinary admin gets no tag screen.
 */

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  requireWebBuild();
  server = await startTestServer({ judgeWorkers: 0 });
  await createUser(server.server.ctx.db, { username: 'siteadmin', password: 'admin123', roleId: Role.ADMIN });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

const open = (path: string, viewport: Viewport = DESKTOP) =>
  openPage(browser, `${server.url}${path}`, viewport);

async function saveDialog(page: Page, testId: string): Promise<void> {
  await page.click(`[data-testid=${testId}]`);
}

/** Opens a create dialog once the previous one has gone (a closing dialog still covers the page). */
async function openDialog(page: Page, button: string, dialog: string): Promise<void> {
  await page.waitForSelector('[role=dialog]', { hidden: true });
  await page.click(`[data-testid=${button}]`);
  await page.waitForSelector(`[data-testid=${dialog}]`, { visible: true });
}

describe('tags in the admin console', () => {
  it('root makes a classification and a coloured tag in it; a taken name is refused', async () => {
    const page = await open('/admin/tag?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=classification-create]');
    await openDialog(page, 'classification-create', 'classification-dialog');
    await retype(page, '#classification-name', 'Graph theory');
    await chooseOption(page, '[data-testid=classification-type]', '[data-testid=classification-type-1]');
    await saveDialog(page, 'classification-save');
    await waitForToast(page, 'Update Successfully');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=classification-table]')?.textContent?.includes('Graph theory'),
    );

    await openDialog(page, 'tag-create', 'tag-dialog');
    await retype(page, '#tag-name', 'Dijkstra');
    await retype(page, '#tag-color', '#16a34a');
    await page.click('[data-testid=tag-classification]');
    await page.waitForSelector('[role=option]');
    const options = await page.$$('[role=option]');
    await options[options.length - 1]?.click();
    // the list closes before the dialog takes clicks again
    await page.waitForSelector('[role=option]', { hidden: true });
    await saveDialog(page, 'tag-save');
    await page.waitForSelector('[data-testid=tag-dialog]', { hidden: true });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=tag-table]')?.textContent?.includes('Dijkstra'),
    );
    const row = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('[data-testid=tag-table] tbody tr')].find((r) =>
        r.textContent?.includes('Dijkstra'),
      );
      const chip = cells?.querySelector('li > *') as HTMLElement | null;
      return { text: cells?.textContent ?? '', colour: chip ? getComputedStyle(chip).borderColor : '' };
    });
    expect(row.text).toContain('Graph theory');
    expect(row.colour).toBe('rgb(22, 163, 74)');

    // a name taken, ignoring case: the server's words in the dialog's toast, nothing added
    await openDialog(page, 'tag-create', 'tag-dialog');
    await retype(page, '#tag-name', 'DIJKSTRA');
    await saveDialog(page, 'tag-save');
    await waitForToast(page, 'A tag named "DIJKSTRA" exists already.');
    // a colour the server would refuse is caught by the form with the same words
    await retype(page, '#tag-name', 'BFS');
    await retype(page, '#tag-color', 'green');
    await saveDialog(page, 'tag-save');
    expect(await textOf(page, '[data-testid=tag-color-error]')).toBe(
      'A colour is written #rrggbb, e.g. #2563eb.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.browserContext().close();
  });

  it('shows the screen in Chinese on a phone without sideways scrolling', async () => {
    const page = await open('/admin/tag?l=zh-cn', PHONE);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=tag-table]');
    expect(await textOf(page, '[data-testid=classification-card] h2')).toBe('标签分类');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.browserContext().close();
  });

  it('gives an ordinary admin no tag screen', async () => {
    const page = await open('/admin/tag?l=en');
    await loginThroughDialog(page, 'siteadmin', 'admin123');
    await page.waitForSelector('[data-testid=admin-menu]');
    expect(await page.$('[data-testid=admin-menu-tag]')).toBeNull();
    await page.waitForSelector('[data-testid=admin-forbidden]');
    await page.browserContext().close();
  });
});
