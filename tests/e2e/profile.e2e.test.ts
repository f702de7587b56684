import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { insertJudgeRows } from '../helpers/judge-rows';
import { lastMailTo, registerCodeIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { photograph } from './pages';

/**
 * The user home and the settings page against a real server: a user edits the profile, uploads an
 * avatar (seen in the navigation), changes the password and logs in with the new one, changes the
 * e-mail with the mailed code, and views the home page with its heatmap; both languages, a phone.
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 812, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 900 };
type Viewport = typeof PHONE | typeof DESKTOP;
const DAY = 24 * 3600_000;

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let files: string;
const uids: Record<string, string> = {};

function writePng(path: string, size: number) {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < image.data.length; i += 4) {
    const p = i / 4;
    const x = p % size;
    const y = Math.floor(p / size);
    image.data.set([(40 + (x * 200) / size) | 0, 90, (40 + (y * 200) / size) | 0, 255], i);
  }
  writeFileSync(path, PNG.sync.write(image));
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'verdict-profile-e2e-'));
  writePng(join(files, 'avatar.png'), 96);
  writeFileSync(join(files, 'fake.png'), '<html><body>not an image</body></html>');
  writeFileSync(join(files, 'big.png'), Buffer.alloc(3 * 1024 * 1024, 1));
  server = await startTestServer({ judgeWorkers: 0 });
  const ctx = server.server.ctx;
  for (const name of ['pat', 'lin', 'kim']) {
    uids[name] = await createUser(ctx.db, {
      username: name,
      password: `${name}12345`,
      email: `${name}@example.com`,
    });
  }
  const pids = Object.fromEntries(
    (await ctx.db.kysely.selectFrom('problem').select(['id', 'problem_id']).execute()).map((r) => [
      r.problem_id,
      r.id,
    ]),
  );
  // pat: 1000 solved, 1001 tried; submissions spread over the year (some days busier)
  const now = Date.now();
  const rows = [];
  for (let d = 0; d < 360; d += 3) {
    for (let k = 0; k < 1 + (d % 4); k++) {
      rows.push({
        uid: uids.pat ?? '',
        username: 'pat',
        pid: pids[d % 2 ? '1001' : '1000'] ?? 0,
        displayPid: d % 2 ? '1001' : '1000',
        status: d === 0 && k === 0 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER,
        submitTime: new Date(now - d * DAY - k * 60_000).toISOString(),
      });
    }
  }
  await insertJudgeRows(ctx.db, rows);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

async function shot(page: Page, name: string, fullPage = false) {
  await photograph(page, `profile-${name}`, { fullPage, settleMs: 400 });
}

async function waitForToast(page: Page, message: string) {
  await page.waitForFunction(
    (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
    { timeout: 10_000 },
    message,
  );
}

async function type(page: Page, selector: string, value: string) {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

async function logIn(page: Page, username: string, password: string) {
  if (!(await page.$('[data-testid=login-dialog]'))) await page.click('[data-testid=login-button]');
  await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
  await type(page, '#login-username', username);
  await type(page, '#login-password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
}

/** Error notices stack over the top right corner, over the user menu: wait for them to go. */
async function waitForToastsToGo(page: Page) {
  await page.mouse.move(10, 600);
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, {
    timeout: 15_000,
  });
}

async function menu(page: Page, item: 'settings-link' | 'my-home-link') {
  await waitForToastsToGo(page);
  await page.click('[data-testid=user-menu]');
  await page.waitForSelector(`[data-testid=${item}]`);
  await page.click(`[data-testid=${item}]`);
}

describe('settings and user home (en-US)', () => {
  it('edits the profile, uploads an avatar, changes the password and views the home page', async () => {
    const page = await open('/?l=en');
    await logIn(page, 'pat', 'pat12345');
    await menu(page, 'settings-link');
    await page.waitForSelector('[data-testid=profile-form]');
    expect(new URL(page.url()).pathname).toBe('/setting');

    // profile: a broken link is caught by the shared schema, then saved
    await type(page, '#profile-nickname', 'Patty');
    await type(page, '#profile-school', 'Riverside High');
    await type(page, '#profile-signature', 'Loves graphs.\nHates off-by-one.');
    await type(page, '#profile-blog', 'javascript:alert(1)');
    await page.click('[data-testid=profile-save]');
    expect(await text(page, '#profile-blog-error')).toBe(
      'A link must be a web address starting with http:// or https://.',
    );
    await type(page, '#profile-blog', 'https://pat.example.org');
    await page.click('[data-testid=profile-save]');
    await waitForToast(page, 'Your profile has been saved.');
    expect(await page.$('#profile-blog-error')).toBeNull();

    // avatar: too large and not-an-image are refused, a PNG is shown in the navigation
    const input = (await page.$('[data-testid=avatar-input]')) as ElementHandle<HTMLInputElement> | null;
    await input?.uploadFile(join(files, 'big.png'));
    await page.waitForSelector('[data-testid=avatar-error]');
    expect(await text(page, '[data-testid=avatar-error]')).toBe('The image is larger than 2 MB.');
    expect(await page.$eval('[data-testid=avatar-upload]', (b) => (b as HTMLButtonElement).disabled)).toBe(
      true,
    );
    await input?.uploadFile(join(files, 'fake.png'));
    await page.waitForSelector('[data-testid=avatar-error]', { hidden: true });
    await page.click('[data-testid=avatar-upload]');
    await waitForToast(page, 'Only GIF, JPG, JPEG, PNG, BMP and WebP images can be avatars.');
    expect(await page.$eval('[data-testid=nav-avatar]', (el) => el.getAttribute('data-avatar'))).toBe(
      'initial',
    );
    await input?.uploadFile(join(files, 'avatar.png'));
    await page.waitForSelector('[data-testid=avatar-preview]');
    await shot(page, 'settings-en-desktop', true);
    // the upload's own lock (one per 5 s) may still hold after the refused file: that was not stored
    await page.click('[data-testid=avatar-upload]');
    await waitForToast(page, 'Your avatar has been updated.');
    await page.waitForSelector('[data-testid=nav-avatar][data-avatar=image]');
    const navSrc = await page.$eval('[data-testid=nav-avatar] img', (img) => (img as HTMLImageElement).src);
    expect(navSrc).toMatch(/\/api\/public\/img\/[0-9a-f]{64}\.png$/);
    expect(
      await page.$eval('[data-testid=nav-avatar] img', (img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(96);

    // password: a wrong old one is counted, the right one logs out; the new one logs in
    await type(page, '#password-old', 'wrong12345');
    await type(page, '#password-new', 'patnew123');
    await type(page, '#password-again', 'patnew124');
    await page.click('[data-testid=password-submit]');
    expect(await text(page, '#password-again-error')).toBe('Password does not match.');
    await type(page, '#password-again', 'patnew123');
    await page.click('[data-testid=password-submit]');
    await waitForToast(page, 'The password is wrong: 4 of 5 tries left');
    await type(page, '#password-old', 'pat12345');
    await page.click('[data-testid=password-submit]');
    await waitForToast(page, 'Your password has been changed. Please log in again with the new one.');
    await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
    expect(await page.$eval('#login-username', (el) => (el as HTMLInputElement).value)).toBe('pat');
    await page.waitForSelector('[data-testid=settings-login-needed]');
    await type(page, '#login-password', 'pat12345');
    await page.click('[data-testid=login-submit]');
    await waitForToast(page, 'Wrong username or password');
    await type(page, '#login-password', 'patnew123');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=settings-page]');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    await page.waitForSelector('[data-testid=nav-avatar][data-avatar=image]');

    // the home page, from the menu
    await menu(page, 'my-home-link');
    await page.waitForSelector('[data-testid=user-home]');
    expect(await text(page, '[data-testid=user-home-username]')).toBe('pat');
    expect(await text(page, '[data-testid=user-home-nickname]')).toBe('Patty');
    expect(await text(page, '[data-testid=user-home-school]')).toBe('Riverside High');
    expect(await text(page, '[data-testid=user-home-signature]')).toBe('Loves graphs.\nHates off-by-one.');
    expect(
      await page.$eval('[data-testid=user-home-avatar] img', (img) => (img as HTMLImageElement).src),
    ).toBe(navSrc);
    expect(await text(page, '[data-testid=user-home-total]')).toBe('300');
    expect(await text(page, '[data-testid=user-home-solved-count]')).toBe('1');
    expect(await text(page, '[data-testid=user-home-login]')).toMatch(/^Last login: \d{4}-\d\d-\d\d /);
    expect(
      await page.$$eval('[data-testid=user-home-solved] a', (as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual(['/problem/1000']);
    expect(await text(page, '[data-testid=user-home-attempted]')).toBe('1001');
    expect(await page.$('[data-testid=user-home-settings]')).not.toBeNull();
    await page.waitForSelector('[data-testid=heatmap] rect[data-count]');
    const cells = await page.$$eval('[data-testid=heatmap] rect[data-count]', (rects) =>
      rects.map((r) => Number(r.getAttribute('data-count'))),
    );
    expect(cells.length).toBeGreaterThanOrEqual(365);
    expect(cells.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await text(page, '[data-testid=heatmap-total]')).toBe('300 submissions in the last year');
    const busiest = await page.$eval(
      '[data-testid=heatmap] rect[data-count="4"] title',
      (t) => t.textContent,
    );
    expect(busiest).toMatch(/^4 submissions on \d{4}-\d\d-\d\d$/);
    await shot(page, 'home-en-desktop', true);
    await page.browserContext().close();
  });

  it('shows another user their home without the settings link, and 404s an unknown one', async () => {
    const page = await open(`/user-home?username=pat&l=en`);
    await page.waitForSelector('[data-testid=user-home]');
    expect(await page.$('[data-testid=user-home-settings]')).toBeNull();
    await page.waitForSelector('[data-testid=heatmap] rect[data-count]');
    await page.click('[data-testid=theme-toggle]');
    await shot(page, 'home-en-dark');
    await page.goto(`${server.url}/user-home?username=nobody`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=user-home-error]');
    expect(await text(page, '[data-testid=user-home-error]')).toBe('This user does not exist.');
    await page.browserContext().close();
  });
});

describe('settings and user home (zh-CN)', () => {
  it('asks a visitor to log in, then edits the profile and changes the e-mail with the mailed code', async () => {
    const page = await open('/setting?l=zh-cn');
    await page.waitForSelector('[data-testid=settings-login-needed]');
    expect(await text(page, '[data-testid=settings-login-needed] p')).toBe('请先登录，再修改设置。');
    await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
    await logIn(page, 'lin', 'lin12345');
    await page.waitForSelector('[data-testid=profile-form]');

    await type(page, '#profile-nickname', '小林');
    await type(page, '#profile-github', 'https://github.com/lin');
    await page.click('[data-testid=profile-gender]');
    await page.waitForSelector('[role=option]');
    for (const option of await page.$$('[role=option]')) {
      if ((await option.evaluate((o) => o.textContent)) === '保密') await option.click();
    }
    await page.waitForSelector('[role=option]', { hidden: true });
    expect(await text(page, '[data-testid=profile-gender]')).toBe('保密');
    await page.click('[data-testid=profile-save]');
    await waitForToast(page, '个人资料已保存。');

    await type(page, '#email-new', 'not-an-email');
    await page.click('[data-testid=email-send-code]');
    expect(await text(page, '#email-new-error')).toBe('邮箱格式错误。');
    await type(page, '#email-new', 'lin.new@example.com');
    await page.click('[data-testid=email-send-code]');
    await waitForToast(page, '验证码已发送至lin.new@example.com');
    await page.waitForFunction(() =>
      /^(60|59)秒后重试$/.test(document.querySelector('[data-testid=email-send-code]')?.textContent ?? ''),
    );
    const code = registerCodeIn(lastMailTo(server.dataDir, 'lin.new@example.com'));
    await type(page, '#email-code', code);
    await type(page, '#email-password', 'lin12345');
    await shot(page, 'settings-zh-desktop', true);
    await page.click('[data-testid=email-submit]');
    await waitForToast(page, '你的邮箱已改为 lin.new@example.com。');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid=settings-email]')
        ?.textContent?.includes('当前邮箱：lin.new@example.com'),
    );

    await page.click('[data-testid=settings-my-home]');
    await page.waitForSelector('[data-testid=user-home]');
    expect(await text(page, '[data-testid=user-home-nickname]')).toBe('小林');
    await page.waitForSelector('[data-testid=heatmap]');
    expect(await text(page, '[data-testid=heatmap-total]')).toBe('最近一年共 0 次提交');
    await page.browserContext().close();
  });

  it('shows pat’s home in Chinese with the heatmap', async () => {
    const page = await open(`/user-home?uid=${uids.pat}&l=zh-cn`);
    await page.waitForSelector('[data-testid=heatmap] rect[data-count]');
    expect(await text(page, '[data-testid=heatmap-total]')).toBe('最近一年共 300 次提交');
    expect(await text(page, '[data-testid=user-home-solved-count]')).toBe('1');
    await shot(page, 'home-zh-desktop', true);
    await page.browserContext().close();
  });
});

describe('on a phone', () => {
  for (const lang of ['en', 'zh-cn'] as const) {
    it(`fits the home and settings pages into 375 px (${lang})`, async () => {
      const page = await open(`/user-home?username=pat&l=${lang}`, PHONE);
      await page.waitForSelector('[data-testid=heatmap] rect[data-count]');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // the heatmap scrolls inside its card, starting at today
      const scroll = await page.$eval('[data-testid=heatmap] .overflow-x-auto', (el) => ({
        left: el.scrollLeft,
        max: el.scrollWidth - el.clientWidth,
      }));
      expect(scroll.max).toBeGreaterThan(0);
      expect(scroll.left).toBeGreaterThanOrEqual(scroll.max - 1);
      await shot(page, `home-${lang === 'en' ? 'en' : 'zh'}-phone`, true);

      await page.goto(`${server.url}/setting`, { waitUntil: 'networkidle0' });
      await logIn(page, 'kim', 'kim12345');
      await page.waitForSelector('[data-testid=profile-form]');
      expect(await overflow()).toBeLessThanOrEqual(0);
      await shot(page, `settings-${lang === 'en' ? 'en' : 'zh'}-phone`, true);
      await page.browserContext().close();
    });
  }
});
