import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import {
  DESKTOP,
  loginThroughDialog,
  openPage,
  PHONE,
  pageWidth,
  photograph,
  retype,
  textOf,
  type Viewport,
  waitForToast,
} from './pages';

/**
 * The admin console's site screens in Chromium against a server with its in-process judge: root
 * lands on the dashboard and reads the site's counts; after a submission is judged the judges
 * screen shows the local judge online with what it judged; root saves the mail settings and a
 * test mail to a closed port shows the mail server's words; the carousel takes a PNG, refuses an
 * SVG with the server's words and removes an image after asking; the Chinese interface on a
 * phone; an ordinary admin sees the dashboard but neither judges nor mail. Screenshots of both
 * languages, desktop and phone, go to /tmp/admin-shots/site.
 */
const SHOTS = '/tmp/admin-shots/site';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let files: string;

/** A loopback port nothing listens on: a mail server that refuses the connection. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'verdict-site-'));
  const image = new PNG({ width: 32, height: 14 });
  image.data.fill(180);
  writeFileSync(join(files, 'banner.png'), PNG.sync.write(image));
  writeFileSync(
    join(files, 'evil.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  server = await startTestServer();
  await createUser(server.server.ctx.db, { username: 'siteadmin', password: 'admin123', roleId: Role.ADMIN });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (files) rmSync(files, { recursive: true, force: true });
});

const open = (path: string, viewport: Viewport = DESKTOP) =>
  openPage(browser, `${server.url}${path}`, viewport);

async function shoot(page: Page, name: string): Promise<void> {
  await photograph(page, name, { fullPage: true, settleMs: 300 });
}

/** Nothing on the page is wider than the window (a phone must not scroll sideways). */
async function menuItems(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=admin-menu] a', (links) =>
    links.map((a) => a.getAttribute('data-testid') ?? ''),
  );
}

async function chooseFile(page: Page, name: string): Promise<void> {
  const input = (await page.$('[data-testid=site-carousel-file]')) as ElementHandle<HTMLInputElement> | null;
  if (!input) throw new Error('no file input');
  await input.uploadFile(join(files, name));
}

describe('site screens of the admin console', () => {
  it('root lands on the dashboard with the site’s counts and the latest logins', async () => {
    const page = await open('/admin?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=site-dashboard]');
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    expect((await menuItems(page))[0]).toBe('admin-menu-dashboard');

    const info = await root.api.adminGetDashboardInfo();
    expect(await textOf(page, '[data-testid=site-stat-users-value]')).toBe(String(info.userNum));
    expect(await textOf(page, '[data-testid=site-stat-problems-value]')).toBe(String(info.problemNum));
    expect(await textOf(page, '[data-testid=site-stat-contests-value]')).toBe(String(info.contestNum));
    expect(await textOf(page, '[data-testid=site-stat-today]')).toContain(info.todayFrom.slice(0, 10));
    // the browser's own login is the newest on the site
    const firstLogin = await textOf(page, '[data-testid=site-login-row]');
    expect(firstLogin).toContain('root');
    expect(firstLogin).toMatch(/Chrome \d+ · Linux/);
    expect(await textOf(page, '[data-testid=site-previous-login]')).toContain('127.0.0.1');
    expect(await axeViolations(page, '[data-testid=site-dashboard]')).toEqual([]);
    await shoot(page, 'dashboard-en-desktop');
    await page.browserContext().close();
  });

  it('after a submission is judged, the judges screen shows the local judge online with what it judged', async () => {
    const submitted = await root.api.submitProblemJudge({
      pid: '1000',
      language: 'C++',
      code: A_PLUS_B['C++'] ?? '',
    });
    expect((await waitForVerdict(root, submitted.submitId)).status).toBe(0);

    const page = await open('/admin/judge?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=site-judge-local]');
    expect(await textOf(page, '[data-testid=site-judge-local] [data-testid=site-judge-status]')).toBe(
      'Online',
    );
    const cases = Number(await textOf(page, '[data-testid=site-judge-local] [data-testid=site-judge-cases]'));
    expect(cases).toBeGreaterThanOrEqual(1);
    expect(await textOf(page, '[data-testid=site-judge-local]')).toMatch(/Last seen\s*\d+ (s|min) ago/);
    await page.waitForSelector('[data-testid=site-server-memory]');
    expect(await textOf(page, '[data-testid=site-server-database]')).toBe('SQLite');
    expect(await textOf(page, '[data-testid=site-server-node]')).toBe(process.version);
    expect(await axeViolations(page, '[data-testid=site-judge-screen]')).toEqual([]);
    await shoot(page, 'judge-en-desktop');
    await page.browserContext().close();
  });

  it('root saves the mail settings; a test mail to a closed port shows the mail server’s words', async () => {
    const port = await closedPort();
    const page = await open('/admin/mail?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=site-mail-form]');
    expect(await textOf(page, '[data-testid=site-mail-source]')).toBe(
      'No mail server: mails are written to files',
    );
    expect(await textOf(page, '[data-testid=site-db-reason]')).toContain('DATABASE_URL');

    await retype(page, '#mail-emailHost', '127.0.0.1');
    await retype(page, '#mail-emailPort', '70000');
    await page.click('[data-testid=site-mail-save]');
    expect(await textOf(page, '[data-testid=mail-emailPort-error]')).toBe(
      'The port is a whole number from 1 to 65535.',
    );

    await retype(page, '#mail-emailPort', String(port));
    await retype(page, '#mail-emailUsername', 'mailer@example.com');
    await page.type('#mail-emailPassword', 'smtp-secret-1');
    await page.click('[data-testid=site-mail-save]');
    await waitForToast(page, 'The mail settings have been saved.');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=site-mail]')?.textContent?.includes('A password is stored'),
    );
    expect(await page.$eval('#mail-emailPassword', (el) => (el as HTMLInputElement).value)).toBe('');
    const stored = await root.api.adminGetEmailConfig();
    expect(stored).toMatchObject({
      emailHost: '127.0.0.1',
      emailPort: port,
      emailPasswordSet: true,
      source: 'database',
    });

    await page.type('#test-mail-email', 'not-an-address');
    await page.click('[data-testid=site-test-mail-send]');
    await page.waitForSelector('[data-testid=test-mail-email-error]');
    await retype(page, '#test-mail-email', 'nowhere@example.com');
    await page.click('[data-testid=site-test-mail-send]');
    await page.waitForSelector('[data-testid=site-test-mail-error]', { timeout: 30_000 });
    expect(await textOf(page, '[data-testid=site-test-mail-error]')).toMatch(
      /^The test mail could not be sent: .*ECONNREFUSED/,
    );
    expect(await axeViolations(page, '[data-testid=site-mail-screen]')).toEqual([]);
    await shoot(page, 'mail-en-desktop');
    await page.browserContext().close();
  });

  it('root adds a carousel image, is refused an SVG with the server’s words, and removes one after asking', async () => {
    const page = await open('/admin/carousel?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=site-carousel-empty]');
    await chooseFile(page, 'banner.png');
    await waitForToast(page, 'The image has been added to the home carousel.');
    await page.waitForSelector('[data-testid=site-carousel-item] img');
    const [image] = await root.api.getHomeCarousel();
    if (!image) throw new Error('no image on the carousel');

    await chooseFile(page, 'evil.svg');
    await page.waitForSelector('[data-testid=site-carousel-error]');
    expect(await textOf(page, '[data-testid=site-carousel-error]')).toBe(
      'Only GIF, JPG, JPEG, PNG, BMP and WebP images can go on the carousel.',
    );
    expect(await page.$$('[data-testid=site-carousel-item]')).toHaveLength(1);
    expect(await axeViolations(page, '[data-testid=site-carousel]')).toEqual([]);
    await shoot(page, 'carousel-en-desktop');

    await page.click(`[data-testid=site-carousel-delete-${image.id}]`);
    await page.waitForSelector('[data-testid=confirm-dialog]');
    await page.click('[data-testid=confirm-cancel]');
    expect(await page.$$('[data-testid=site-carousel-item]')).toHaveLength(1);
    await page.click(`[data-testid=site-carousel-delete-${image.id}]`);
    await page.waitForSelector('[data-testid=confirm-ok]');
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, 'The image has been removed from the home carousel.');
    await page.waitForSelector('[data-testid=site-carousel-empty]');
    expect(await root.api.getHomeCarousel()).toEqual([]);
    await page.browserContext().close();
  });

  it('in Chinese on a phone every site screen fits the window', async () => {
    await root.api.adminUploadCarouselImage(
      (() => {
        const form = new FormData();
        const image = new PNG({ width: 32, height: 14 });
        image.data.fill(90);
        form.append('file', new Blob([new Uint8Array(PNG.sync.write(image))]), 'b.png');
        return form;
      })(),
    );
    const page = await open('/admin?l=zh-cn', PHONE);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=site-dashboard]');
    expect(await textOf(page, '[data-testid=admin-menu-dashboard]')).toBe('仪表盘');
    expect(await textOf(page, '[data-testid=site-stat-users]')).toContain('用户数');
    expect(await textOf(page, '[data-testid=site-stat-today]')).toContain('（UTC）');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'dashboard-zh-phone');

    for (const [to, ready, name] of [
      ['judge', 'site-judge-local', 'judge-zh-phone'],
      ['mail', 'site-mail-form', 'mail-zh-phone'],
      ['carousel', 'site-carousel-item', 'carousel-zh-phone'],
    ] as const) {
      await page.click(`[data-testid=admin-menu-${to}]`);
      await page.waitForSelector(`[data-testid=${ready}]`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, name);
    }
    expect(await textOf(page, '[data-testid=site-carousel]')).toContain('首页轮播');
    await page.click('[data-testid=admin-menu-judge]');
    await page.waitForSelector('[data-testid=site-judge-local]');
    expect(await textOf(page, '[data-testid=site-judge-local] [data-testid=site-judge-status]')).toBe('在线');
    await page.browserContext().close();
  });

  it('English screens on a phone and Chinese on a desktop look right too', async () => {
    const phone = await open('/admin/dashboard?l=en', PHONE);
    await loginThroughDialog(phone, 'root', server.rootPassword);
    for (const [to, ready] of [
      ['dashboard', 'site-dashboard'],
      ['judge', 'site-judge-local'],
      ['mail', 'site-mail-form'],
    ] as const) {
      await phone.click(`[data-testid=admin-menu-${to}]`);
      await phone.waitForSelector(`[data-testid=${ready}]`);
      expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
      await shoot(phone, `${to}-en-phone`);
    }
    await phone.browserContext().close();

    const desktop = await open('/admin/dashboard?l=zh-cn');
    await loginThroughDialog(desktop, 'root', server.rootPassword);
    for (const [to, ready] of [
      ['dashboard', 'site-dashboard'],
      ['judge', 'site-judge-local'],
      ['mail', 'site-mail-form'],
      ['carousel', 'site-carousel-item'],
    ] as const) {
      await desktop.click(`[data-testid=admin-menu-${to}]`);
      await desktop.waitForSelector(`[data-testid=${ready}]`);
      await shoot(desktop, `${to}-zh-desktop`);
    }
    await desktop.browserContext().close();
  });

  it('an ordinary admin sees the dashboard but neither the judges nor the mail settings', async () => {
    const page = await open('/admin?l=en');
    await loginThroughDialog(page, 'siteadmin', 'admin123');
    await page.waitForSelector('[data-testid=site-dashboard]');
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    const menu = await menuItems(page);
    expect(menu[0]).toBe('admin-menu-dashboard');
    expect(menu).not.toContain('admin-menu-judge');
    expect(menu).not.toContain('admin-menu-mail');
    expect(menu).not.toContain('admin-menu-carousel');
    expect(await textOf(page, '[data-testid=site-previous-login]')).toContain('127.0.0.1');

    await page.goto(`${server.url}/admin/judge?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=admin-forbidden]');
    expect(await page.$('[data-testid=site-judge-screen]')).toBeNull();
    await page.goto(`${server.url}/admin/mail?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=admin-forbidden]');
    expect(await page.$('[data-testid=site-mail-form]')).toBeNull();
    // the server refuses the call itself, in its own words
    const admin = testClient(server.url);
    await admin.login('siteadmin', 'admin123');
    await expect(admin.api.adminGetJudgeServiceInfo()).rejects.toThrow(
      "Only root may see and change the site's settings.",
    );
    await page.browserContext().close();
  });
});
