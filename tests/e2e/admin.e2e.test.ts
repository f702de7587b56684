import { mkdirSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import {
  loginThroughDialog,
  openPage,
  PHONE,
  photograph,
  retype,
  SHOTS,
  textOf,
  waitForToast,
} from './pages';

/** Root's site administration screens: web config, switches, announcements (and what others see). */
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  await createUser(server.server.ctx.db, { username: 'plain', password: 'plain123' });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

const open = (path: string, viewport?: typeof PHONE) => openPage(browser, `${server.url}${path}`, viewport);

describe('site administration', () => {
  it('root changes the web config; a bad URL is refused in the form with the server’s words', async () => {
    const page = await open('/admin?l=en');
    await page.waitForSelector('[data-testid=admin-login-required]');
    await loginThroughDialog(page, 'root', server.rootPassword);
    // the console opens on its first screen; the web config is one click away
    await page.waitForSelector('[data-testid=admin-menu-config]');
    await page.click('[data-testid=admin-menu-config]');
    await page.waitForSelector('[data-testid=web-config-form]');
    expect(page.url()).toMatch(/\/admin\/config$/);

    await retype(page, '#config-projectUrl', 'javascript:alert(1)');
    await page.click('[data-testid=web-config-save]');
    expect(await textOf(page, '[data-testid=config-projectUrl-error]')).toBe(
      'Enter an http(s) URL or leave it empty.',
    );

    await retype(page, '#config-projectUrl', 'https://verdict.example.com/');
    await retype(page, '#config-name', 'Campus Judge');
    await page.click('[data-testid=config-register]');
    await page.click('[data-testid=web-config-save]');
    await waitForToast(page, 'Update Successfully');
    const config = await testClient(server.url).api.getWebsiteConfig();
    expect(config).toMatchObject({
      name: 'Campus Judge',
      projectUrl: 'https://verdict.example.com/',
      register: false,
    });
    await photograph(page, 'admin-config-en');
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    await root.api.adminSetWebConfig({ register: true });
    await page.browserContext().close();
  });

  it('root sets the submit interval and suffix lists (zh-CN); out-of-range values are refused', async () => {
    const page = await open('/admin/switch?l=zh-cn');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=switch-form]');
    await retype(page, '#switch-interval', '99999');
    await page.click('[data-testid=switch-save]');
    expect(await textOf(page, '[data-testid=switch-interval-error]')).toBe(
      '提交间隔为 0 到 3600 之间的整数秒。',
    );

    await retype(page, '#switch-interval', '7');
    await retype(page, '#switch-emailSuffixDeny', 'spam.example\n@junk.example');
    await page.click('[data-testid=switch-save]');
    await waitForToast(page, '修改成功');
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    expect(await root.api.adminGetSwitches()).toMatchObject({
      defaultSubmitInterval: 7,
      emailSuffixDeny: ['spam.example', 'junk.example'],
    });
    await photograph(page, 'admin-switch-zh');
    await page.browserContext().close();
  });

  it('root publishes, hides and deletes an announcement; visitors see it on the home page while visible', async () => {
    const page = await open('/admin/announcement?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=announcement-table]');
    await page.click('[data-testid=announcement-create]');
    await page.waitForSelector('[data-testid=announcement-dialog]');
    await page.click('[data-testid=announcement-save]');
    expect(await textOf(page, '[data-testid=announcement-title-error]')).toBe(
      'The announcement title is required.',
    );
    await page.type('#announcement-title', 'Contest on Friday');
    await page.type('#announcement-content', 'Starts at **18:00**; maths: $a+b$');
    await page.click('[data-testid=announcement-preview]');
    await page.waitForSelector('[data-testid=announcement-dialog] .katex');
    await page.click('[data-testid=announcement-save]');
    await waitForToast(page, 'Update Successfully');
    await page.waitForFunction(() => document.body.innerText.includes('Contest on Friday'));
    const id = await page.$$eval('[data-testid^=announcement-row-]', (rows) => {
      const r = rows.find((x) => x.textContent?.includes('Contest on Friday'));
      return Number(r?.getAttribute('data-testid')?.replace('announcement-row-', ''));
    });
    await photograph(page, 'admin-announcements-en');

    const visitor = await open('/?l=en');
    await visitor.waitForSelector(`[data-testid=announcement-${id}]`);
    await visitor.click(`[data-testid=announcement-${id}] summary`);
    expect(await textOf(visitor, `[data-testid=announcement-${id}]`)).toContain('Starts at 18:00');
    await photograph(visitor, 'home-announcements-en');

    await page.click(`[data-testid=announcement-visible-${id}]`);
    await waitForToast(page, 'Update Successfully');
    const list = await testClient(server.url).api.getCommonAnnouncement();
    expect(list.records.map((a) => a.id)).not.toContain(id);

    await page.click(`[data-testid=announcement-delete-${id}]`);
    await page.waitForSelector('[data-testid=confirm-dialog]');
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, 'Deleted successfully');
    await page.waitForSelector(`[data-testid=announcement-row-${id}]`, { hidden: true });
    await visitor.browserContext().close();
    await page.browserContext().close();
  });

  it('a user who is not root is told so, and the menu has no admin entry (phone, zh-CN)', async () => {
    const page = await open('/admin?l=zh-cn', PHONE);
    await loginThroughDialog(page, 'plain', 'plain123');
    await page.waitForSelector('[data-testid=admin-forbidden]');
    expect(await textOf(page, '[data-testid=admin-forbidden]')).toBe('只有超级管理员可以管理站点。');
    await page.tap('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=logout]');
    expect(await page.$('[data-testid=admin-link]')).toBeNull();
    // on a phone the theme switch is in the menu, so the sections fit beside the bell and avatar
    expect(await page.$('[data-testid=menu-theme]')).not.toBeNull();
    await page.browserContext().close();

    const english = await open('/?l=en', PHONE);
    await loginThroughDialog(english, 'plain', 'plain123');
    await photograph(english, 'nav-en-phone');
    const edges = await english.evaluate(() => ({
      nav: document.querySelector('header nav')?.getBoundingClientRect().right ?? 0,
      status: document.querySelector('[data-testid=nav-status]')?.getBoundingClientRect().right ?? 1e9,
    }));
    expect(edges.status).toBeLessThanOrEqual(edges.nav + 0.5);
    // and nothing on the home page is wider than the phone
    expect(await english.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await english.browserContext().close();

    const rootPage = await open('/admin/announcement?l=zh-cn', PHONE);
    await loginThroughDialog(rootPage, 'root', server.rootPassword);
    await rootPage.waitForSelector('[data-testid=announcement-table]');
    await photograph(rootPage, 'admin-announcements-zh-phone');
    await rootPage.browserContext().close();
  });
});
