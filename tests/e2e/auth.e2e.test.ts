import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { saveSettingsSection } from '../../server/services/site/settings';
import { locatePiece, solveCaptcha } from '../helpers/accounts';
import { lastMailTo, registerCodeIn, resetLinkIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, PHONE, photograph, SHOTS, textOf, type Viewport, waitForText } from './pages';

/**
 * The login dialog's modes against a real server: register with the mailed code, the slide
 * puzzle after five failures, a forgotten password reset from the mailed link. Mail is read from
 * DATA_DIR/mail (no SMTP_URL); the puzzle is solved from the pixels of the images shown.
 */

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  base = server.url;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

const value = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);

async function shot(page: Page, name: string) {
  await photograph(page, `auth-${name}`, { settleMs: 400 });
}

async function waitForToast(page: Page, message: string | RegExp) {
  const source = message instanceof RegExp ? message.source : null;
  const plain = message instanceof RegExp ? null : message;
  await page.waitForFunction(
    (p, s) =>
      [...document.querySelectorAll('[data-sonner-toast]')].some((t) =>
        s ? new RegExp(s).test(t.textContent ?? '') : t.textContent?.includes(p ?? ''),
      ),
    { timeout: 10_000 },
    plain,
    source,
  );
}

/** Waits for a condition of the test's own (responses seen, ...). */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function openDialog(page: Page, mode: 'login' | 'register' | 'resetPwd' = 'login') {
  await page.click('[data-testid=login-button]');
  await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
  if (mode === 'register') {
    // the link appears once the site's settings have arrived (registration may be closed)
    await page.waitForSelector('[data-testid=to-register]');
    await page.click('[data-testid=to-register]');
  }
  if (mode === 'resetPwd') await page.click('[data-testid=to-reset]');
  await page.waitForSelector(`[data-testid=login-dialog][data-mode=${mode}]`);
}

async function type(page: Page, selector: string, value: string) {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/** The x where the piece fits, read from the images' pixels as shown (no server hook). */
async function puzzleSolution(page: Page): Promise<number> {
  await page.waitForSelector('[data-testid=puzzle-bg]');
  const [bg, piece] = await page.evaluate(async () => {
    const pixels = async (selector: string) => {
      const img = document.querySelector(selector) as HTMLImageElement;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(img, 0, 0);
      const { width, height, data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      return { width, height, data: Array.from(data) };
    };
    return [await pixels('[data-testid=puzzle-bg]'), await pixels('[data-testid=puzzle-piece]')];
  });
  return locatePiece(bg, piece);
}

/** Where on the screen the handle is, and how many screen pixels one picture pixel is. */
async function handleGeometry(page: Page) {
  const handle = (await page.$('[data-testid=puzzle-handle]'))!;
  const box = (await handle.boundingBox())!;
  const track = (await (await page.$('[data-testid=puzzle-track]'))!.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, scale: track.width / 325 };
}

async function dragWithMouse(page: Page, x: number) {
  const g = await handleGeometry(page);
  await page.mouse.move(g.x, g.y);
  await page.mouse.down();
  await page.mouse.move(g.x + x * g.scale, g.y, { steps: 25 });
  await page.mouse.up();
}

async function dragWithFinger(page: Page, x: number) {
  const g = await handleGeometry(page);
  await page.touchscreen.touchStart(g.x, g.y);
  for (let i = 1; i <= 20; i++) await page.touchscreen.touchMove(g.x + (x * g.scale * i) / 20, g.y);
  await page.touchscreen.touchEnd();
}

async function slideWithKeys(page: Page, x: number) {
  await page.focus('[data-testid=puzzle-handle]');
  await page.keyboard.press('Home');
  await page.keyboard.down('Shift');
  for (let i = 0; i < Math.floor(x / 10); i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.up('Shift');
  for (let i = 0; i < x % 10; i++) await page.keyboard.press('ArrowRight');
  expect(await page.$eval('[data-testid=puzzle-handle]', (el) => el.getAttribute('aria-valuenow'))).toBe(
    String(x),
  );
  await page.keyboard.press('Enter');
}

async function failFiveTimes(page: Page, username: string, wrongMessage: string) {
  await type(page, '#login-username', username);
  await type(page, '#login-password', 'wrong-pass1');
  for (let i = 1; i <= 5; i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.click('[data-testid=login-submit]');
    const res = await answered;
    expect(res.status()).toBe(400);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=login-submit]')?.hasAttribute('disabled'),
    );
    if (i < 5) expect(await page.$('[data-testid=slide-puzzle]')).toBeNull();
  }
  await waitForToast(page, wrongMessage);
  await page.waitForSelector('[data-testid=slide-puzzle]');
  await page.waitForSelector('[data-testid=puzzle-bg]');
}

describe('login dialog modes', () => {
  it('switches Login, Register and ResetPwd, resetting the form left; screenshots in both languages', async () => {
    for (const [lang, viewport, tag] of [
      ['en', DESKTOP, 'en-desktop'],
      ['zh-cn', DESKTOP, 'zh-desktop'],
      ['en', PHONE, 'en-phone'],
      ['zh-cn', PHONE, 'zh-phone'],
    ] as const) {
      const page = await open(`/?l=${lang}`, viewport);
      await openDialog(page);
      await type(page, '#login-username', 'someone');
      await shot(page, `login-${tag}`);

      await page.click('[data-testid=to-register]');
      await page.waitForSelector('[data-testid=register-form]');
      await page.waitForSelector('[data-testid=local-mail-notice]');
      expect(await textOf(page, '[data-testid=local-mail-notice]')).toContain('DATA_DIR/mail');
      await page.click('[data-testid=register-submit]');
      await page.waitForSelector('#register-username-error');
      await shot(page, `register-${tag}`);
      await page.click('[data-testid=to-login]');
      await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
      expect(await value(page, '#login-username')).toBe('');

      await page.click('[data-testid=to-reset]');
      await page.waitForSelector('[data-testid=reset-captcha-img] img');
      await shot(page, `reset-${tag}`);
      await page.browserContext().close();
    }
  });

  it('shows the messages of the register form, and flags a taken name when the field is left', async () => {
    const page = await open('/?l=en');
    await openDialog(page, 'register');
    await page.click('[data-testid=register-submit]');
    expect(await textOf(page, '#register-username-error')).toBe('The username is required.');
    expect(await textOf(page, '#register-password-error')).toBe('The password is required.');
    expect(await textOf(page, '#register-password-again-error')).toBe('The password again is required.');
    expect(await textOf(page, '#register-email-error')).toBe('The email is required.');
    expect(await textOf(page, '#register-code-error')).toBe('The captcha is required.');
    await type(page, '#register-password', 'abcdef');
    await type(page, '#register-password-again', 'abcdeg');
    await type(page, '#register-email', 'bad');
    await type(page, '#register-code', '12');
    await page.click('[data-testid=register-submit]');
    expect(await textOf(page, '#register-password-error')).toBe(
      'The password strength is too weak, and the password length is 6-20 digits and letters',
    );
    expect(await textOf(page, '#register-email-error')).toBe('The email format is incorrect.');
    expect(await textOf(page, '#register-code-error')).toBe('The captcha must be six digits.');
    await type(page, '#register-password', 'abcde1');
    await page.click('[data-testid=register-submit]');
    expect(await textOf(page, '#register-password-again-error')).toBe('Password does not match.');
    await type(page, '#register-username', 'root');
    await page.click('#register-email');
    // the field said "required" before: wait for the server's answer to replace it
    await waitForText(page, '#register-username-error', 'The username already exists.');
    await page.click('[data-testid=register-send-code]');
    expect(await textOf(page, '#register-email-error')).toBe('The email format is incorrect.');
    await page.browserContext().close();
  });

  it('hides the register link when the site closes registration', async () => {
    await saveSettingsSection(server.server.ctx.db, 'web', { register: false });
    try {
      const page = await open('/?l=en');
      await openDialog(page);
      await page.waitForSelector('[data-testid=to-reset]');
      expect(await page.$('[data-testid=to-register]')).toBeNull();
      await page.browserContext().close();
    } finally {
      await saveSettingsSection(server.server.ctx.db, 'web', {});
    }
  });
});

describe('register, puzzle and reset', () => {
  it('registers with the code from the mail (a wrong code is cleared), then logs in', async () => {
    const page = await open('/?l=en');
    await openDialog(page, 'register');
    await type(page, '#register-username', 'newbie');
    await type(page, '#register-password', 'newbie123');
    await type(page, '#register-password-again', 'newbie123');
    await type(page, '#register-email', 'Newbie@Example.com');
    await page.click('[data-testid=register-send-code]');
    await waitForToast(page, 'The verification code has been sent to newbie@example.com');
    await page.waitForFunction(() =>
      /^Again in (60|59) s$/.test(
        document.querySelector('[data-testid=register-send-code]')?.textContent ?? '',
      ),
    );
    expect(
      await page.$eval('[data-testid=register-send-code]', (b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
    const code = registerCodeIn(lastMailTo(server.dataDir, 'newbie@example.com'));

    await type(page, '#register-code', code === '000000' ? '111111' : '000000');
    await page.click('[data-testid=register-submit]');
    await waitForToast(page, 'The verification code is wrong.');
    await page.waitForFunction(
      () => (document.querySelector('#register-code') as HTMLInputElement).value === '',
    );

    await type(page, '#register-code', code);
    await page.click('[data-testid=register-submit]');
    await waitForToast(page, 'Registered successfully. Please log in.');
    await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
    expect(await value(page, '#login-username')).toBe('newbie');
    await type(page, '#login-password', 'newbie123');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    await page.browserContext().close();
  });

  it('after five failures asks for the puzzle; a wrong slide is refused, the right one logs in (mouse)', async () => {
    await createUser(server.server.ctx.db, { username: 'mouse', password: 'mouse123' });
    const page = await open('/?l=en');
    await openDialog(page);
    await failFiveTimes(page, 'mouse', 'Wrong username or password');
    // on a desktop a failed call also raises a notification titled Error in the corner
    const note = await textOf(page, '[data-testid=error-notification]');
    expect(note).toContain('Error');
    expect(note).toContain('Wrong username or password');
    await shot(page, 'puzzle-en-desktop');
    await type(page, '#login-password', 'mouse123');

    const x = await puzzleSolution(page);
    const firstPuzzle = await page.$eval('[data-testid=puzzle-bg]', (img) => (img as HTMLImageElement).src);
    await dragWithMouse(page, x > 150 ? x - 40 : x + 40);
    await waitForToast(page, 'The slide verification failed');
    await page.waitForFunction(
      (src) => {
        const img = document.querySelector('[data-testid=puzzle-bg]') as HTMLImageElement | null;
        return img && img.src !== src;
      },
      {},
      firstPuzzle,
    );
    expect(await page.$eval('[data-testid=puzzle-handle]', (el) => el.getAttribute('aria-valuenow'))).toBe(
      '0',
    );

    await dragWithMouse(page, await puzzleSolution(page));
    await page.waitForSelector('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
    await page.browserContext().close();
  });

  it('solves the puzzle with the keyboard (zh-CN) and with a finger on a phone', async () => {
    await createUser(server.server.ctx.db, { username: 'keys', password: 'keys1234' });
    const page = await open('/?l=zh-cn');
    await openDialog(page);
    await failFiveTimes(page, 'keys', '用户名或密码错误');
    expect(await textOf(page, '[data-testid=error-notification]')).toContain('错误');
    await type(page, '#login-password', 'keys1234');
    await slideWithKeys(page, await puzzleSolution(page));
    await page.waitForSelector('[data-testid=user-menu]');
    await page.browserContext().close();

    await createUser(server.server.ctx.db, { username: 'finger', password: 'finger123' });
    const phone = await open('/?l=zh-cn', PHONE);
    await openDialog(phone);
    await failFiveTimes(phone, 'finger', '用户名或密码错误');
    expect(await phone.$('[data-testid=error-notification]')).toBeNull();
    await shot(phone, 'puzzle-zh-phone');
    await type(phone, '#login-password', 'finger123');
    await dragWithFinger(phone, await puzzleSolution(phone));
    await phone.waitForSelector('[data-testid=user-menu]');
    await phone.browserContext().close();
  });

  it('resets a forgotten password from the mailed link (zh-CN), then logs in with the new one', async () => {
    await createUser(server.server.ctx.db, {
      username: 'forgetful',
      password: 'old12345',
      email: 'forget@example.com',
    });
    const page = await open('/?l=zh-cn');
    const captchaKeys: string[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('/api/captcha'))
        captchaKeys.push(((await res.json()) as { data: { captchaKey: string } }).data.captchaKey);
    });
    await openDialog(page, 'resetPwd');
    await page.waitForSelector('[data-testid=reset-captcha-img] img');
    await until(() => captchaKeys.length >= 1);

    // clicking the image draws a new captcha
    const before = captchaKeys.length;
    await page.click('[data-testid=reset-captcha-img]');
    await until(() => captchaKeys.length === before + 1);
    await page.waitForSelector('[data-testid=reset-captcha-img] img');

    await type(page, '#reset-email', 'forget@example.com');
    const answer = await solveCaptcha(server, captchaKeys.at(-1)!);
    await type(page, '#reset-captcha', String(Number(answer) + 1));
    await page.click('[data-testid=reset-submit]');
    await waitForToast(page, '验证码错误');
    await page.waitForFunction(
      () => (document.querySelector('#reset-captcha') as HTMLInputElement).value === '',
    );
    await until(() => captchaKeys.length === before + 2);
    await page.waitForSelector('[data-testid=reset-captcha-img] img');

    await type(page, '#reset-captcha', await solveCaptcha(server, captchaKeys.at(-1)!));
    await page.click('[data-testid=reset-submit]');
    await waitForToast(page, '重置密码链接已发送至forget@example.com');
    await page.waitForFunction(() =>
      /^(90|89)秒后重试$/.test(document.querySelector('[data-testid=reset-submit]')?.textContent ?? ''),
    );
    await shot(page, 'reset-sent-zh-desktop');

    const link = resetLinkIn(lastMailTo(server.dataDir, 'forget@example.com'));
    expect(link.origin).toBe(base);
    await page.goto(link.toString(), { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=reset-page]');
    expect(await textOf(page, '[data-testid=reset-page-user]')).toBe('账号：forgetful');
    // the code leaves the address bar at once
    expect(await page.evaluate(() => location.search)).toBe('');
    await shot(page, 'reset-page-zh-desktop');
    await type(page, '#reset-page-password', 'new12345');
    await type(page, '#reset-page-password-again', 'new12345');
    await page.click('[data-testid=reset-page-submit]');
    await waitForToast(page, '密码已重置');
    await page.waitForSelector('[data-testid=login-dialog][data-mode=login]');
    expect(await value(page, '#login-username')).toBe('forgetful');
    await type(page, '#login-password', 'new12345');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=user-menu]');

    // the link works once
    await page.goto(link.toString(), { waitUntil: 'networkidle0' });
    await type(page, '#reset-page-password', 'again123');
    await type(page, '#reset-page-password-again', 'again123');
    await page.click('[data-testid=reset-page-submit]');
    await waitForToast(page, '重置链接无效或已过期');
    await page.browserContext().close();
  });

  it('says so when the reset link is incomplete (en, phone)', async () => {
    const page = await open('/reset-password?l=en', PHONE);
    await page.waitForSelector('[data-testid=reset-page-broken]');
    await shot(page, 'reset-page-broken-en-phone');
    await page.browserContext().close();
  });
});
