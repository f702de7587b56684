import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { CaptchaImage } from '../../shared/api/account-types';
import { ACCOUNT } from '../../shared/constants/accounts';
import { SUBMIT_CAPTCHA } from '../../shared/constants/limits';
import { activateEditor, photograph } from '../e2e/pages';
import { locatePiece, solveCaptcha } from '../helpers/accounts';
import { testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { fill, type Harness, launchExtension, locale, setEditorCode, text } from './harness';

/**
 * The popup against the server's two human checks, as the web app meets them: the slide puzzle a
 * login needs after 5 failures (solved from the pixels of the images shown, as
 * tests/e2e/auth.e2e.test.ts does) and the captcha a submit needs once the user has submitted
 * often (SUBMIT_CAPTCHA.free recent submissions). Screenshots at the popup's size, both languages.
 * Build first: `flock /tmp/build.lock npx wxt build`.
 */
const en = locale('en-US');
const zh = locale('zh-CN');
const SHOTS = '/tmp/shots';
const POPUP = { width: 420, height: 600 };
const PY = 'print(sum(map(int, input().split())))\n';

let server: TestServer;
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  h = await launchExtension(server);
});

afterAll(async () => {
  await h?.close();
  await server?.destroy();
});

async function loggedOutPopup(language: 'en-US' | 'zh-CN'): Promise<Page> {
  await h.removeStored(['token', 'userInfo', 'pendingLogout']);
  await h.setStored({ language });
  const popup = await h.extPage('popup.html', POPUP);
  await popup.waitForSelector('[data-testid=login-submit]');
  return popup;
}

const submitEnabled = (popup: Page) =>
  popup.waitForFunction(
    () => !document.querySelector('[data-testid=login-submit]')?.hasAttribute('disabled'),
  );

/** Five wrong passwords: the first four show no puzzle, the fifth's refusal brings it. */
async function failFiveTimes(popup: Page, username: string, wrongMessage: string): Promise<void> {
  await fill(popup, 'login-username', username);
  await fill(popup, 'login-password', 'wrong-pass1');
  for (let i = 1; i <= ACCOUNT.puzzleAfterFailures; i++) {
    const answered = popup.waitForResponse((r) => r.url().endsWith('/api/login'));
    await popup.click('[data-testid=login-submit]');
    expect((await answered).status()).toBe(400);
    await submitEnabled(popup);
    expect(await text(popup, 'login-failure')).toBe(wrongMessage);
    if (i < ACCOUNT.puzzleAfterFailures) expect(await popup.$('[data-testid=slide-puzzle]')).toBeNull();
  }
  await popup.waitForSelector('[data-testid=slide-puzzle]');
  await popup.waitForSelector('[data-testid=puzzle-bg]');
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

/** Drags the handle `x` picture pixels to the right with the mouse and lets go (the try). */
async function dragWithMouse(page: Page, x: number): Promise<void> {
  const handle = (await (await page.$('[data-testid=puzzle-handle]'))!.boundingBox())!;
  const track = (await (await page.$('[data-testid=puzzle-track]'))!.boundingBox())!;
  const scale = track.width / ACCOUNT.puzzleWidth;
  const [cx, cy] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + x * scale, cy, { steps: 25 });
  await page.mouse.up();
}

/** Moves the piece with the keyboard (Shift+arrows by 10, arrows by 1) and presses Enter (the try). */
async function slideWithKeys(page: Page, x: number): Promise<void> {
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

/** What of an element is out of the popup's 600 px (the browser cuts a popup there). */
async function bottomOf(page: Page, testId: string): Promise<number> {
  return page.$eval(`[data-testid="${testId}"]`, (el) => Math.ceil(el.getBoundingClientRect().bottom));
}

async function shot(page: Page, name: string): Promise<void> {
  await photograph(page, `ext-popup-${name}`, { settleMs: 300 });
}

describe('login puzzle in the popup', () => {
  it('after five wrong passwords the puzzle shows; unsolved and wrong slides are refused; the right one logs in', async () => {
    await createUser(server.server.ctx.db, { username: 'popupmouse', password: 'mouse123' });
    const popup = await loggedOutPopup('en-US');
    await failFiveTimes(popup, 'popupmouse', en.server.loginFailed);
    // all of it within the popup's 600 px, the Login button included
    expect(await bottomOf(popup, 'login-submit')).toBeLessThanOrEqual(POPUP.height);
    expect(await text(popup, 'slide-puzzle')).toContain(en.auth.puzzleTitle);
    await shot(popup, 'puzzle-en');

    // Login before the piece is placed: said here, no try sent (the server would count it)
    let tries = 0;
    popup.on('request', (r) => {
      if (r.url().endsWith('/api/login')) tries++;
    });
    await fill(popup, 'login-password', 'mouse123');
    await popup.click('[data-testid=login-submit]');
    await popup.waitForSelector('[data-testid=puzzle-error]');
    expect(await text(popup, 'puzzle-error')).toBe(en.server.puzzleRequired);
    expect(tries).toBe(0);

    // a wrong slide: the server's message, and a new puzzle with the piece back at the start
    const x = await puzzleSolution(popup);
    const first = await popup.$eval('[data-testid=puzzle-bg]', (img) => (img as HTMLImageElement).src);
    const refused = popup.waitForResponse((r) => r.url().endsWith('/api/login'));
    await dragWithMouse(popup, x > 150 ? x - 40 : x + 40);
    expect((await refused).status()).toBe(400);
    await popup.waitForSelector('[data-testid=login-failure]');
    expect(await text(popup, 'login-failure')).toBe(en.server.puzzleFailed);
    await popup.waitForFunction(
      (src) => {
        const img = document.querySelector('[data-testid=puzzle-bg]') as HTMLImageElement | null;
        return !!img && img.src !== src;
      },
      {},
      first,
    );
    expect(await popup.$eval('[data-testid=puzzle-handle]', (el) => el.getAttribute('aria-valuenow'))).toBe(
      '0',
    );

    // the right slide with the right password logs in
    await dragWithMouse(popup, await puzzleSolution(popup));
    await popup.waitForSelector('[data-testid=signed-in-user]', { timeout: 10_000 });
    expect(await text(popup, 'signed-in-user')).toBe('popupmouse');
    expect(await h.stored<string>('token')).toBeTruthy();
    expect(tries).toBe(2);
    await popup.close();
  });

  it('in Chinese: the server answers in Chinese, the puzzle fits, the keyboard solves it', async () => {
    await createUser(server.server.ctx.db, { username: 'popupkeys', password: 'keys1234' });
    const popup = await loggedOutPopup('zh-CN');
    await failFiveTimes(popup, 'popupkeys', zh.server.loginFailed);
    expect(await text(popup, 'slide-puzzle')).toContain(zh.auth.puzzleTitle);
    expect(await bottomOf(popup, 'login-submit')).toBeLessThanOrEqual(POPUP.height);
    await shot(popup, 'puzzle-zh');
    await fill(popup, 'login-password', 'keys1234');
    await slideWithKeys(popup, await puzzleSolution(popup));
    await popup.waitForSelector('[data-testid=signed-in-user]', { timeout: 10_000 });
    expect(await text(popup, 'signed-in-user')).toBe('popupkeys');
    await popup.close();
    await h.setStored({ language: 'en-US' });
  });
});

describe('submit captcha in quick submit', () => {
  it('asked for after frequent submits: shown, a wrong answer refused with a new image, a right one submits (both languages)', async () => {
    await createUser(server.server.ctx.db, { username: 'popupcarol', password: 'carol123' });
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    // the 8 s interval between submits would only slow this down (as in the web app's captcha test)
    await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
    const carol = testClient(server.url);
    await carol.login('popupcarol', 'carol123');
    for (let i = 0; i < SUBMIT_CAPTCHA.free; i++)
      await carol.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: `${PY}# ${i}\n` });
    // the extension logged in as carol with a login of its own
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'popupcarol', password: 'carol123' }),
    });
    await h.setStored({
      token: res.headers.get('authorization'),
      userInfo: ((await res.json()) as { data: unknown }).data,
    });

    const site = await h.browser.newPage();
    const url = `${server.url}/problem/1000`;
    await site.goto(url, { waitUntil: 'networkidle0' });
    if (await site.$('[role=dialog]')) await site.keyboard.press('Escape');
    await activateEditor(site);
    const tabId = await h.tabIdOf(url);

    for (const [language, messages] of [
      ['en-US', en],
      ['zh-CN', zh],
    ] as const) {
      await h.setStored({ language });
      // code of its own each round: the same code again within seconds is refused as a double submit
      await setEditorCode(site, `${PY}# ${language}\n`);
      const popup = await h.extPage(`popup.html?tab=${tabId}`, POPUP);
      const keys: string[] = [];
      popup.on('response', async (r) => {
        if (r.url().endsWith('/api/captcha'))
          keys.push(((await r.json()) as { data: CaptchaImage }).data.captchaKey);
      });
      await popup.click('[data-testid=tab-submit]');
      await popup.click('[data-testid=quick-submit]');
      await popup.waitForSelector('[data-testid=submit-form]');
      await popup.waitForFunction(
        () =>
          (document.querySelector('[data-testid=submit-language]') as HTMLSelectElement)?.value === 'Python3',
      );
      expect(await popup.$('[data-testid=submit-captcha]')).toBeNull();

      // the server asks for a captcha: its message, and the image above Submit
      await popup.click('[data-testid=submit-send]');
      await popup.waitForSelector('[data-testid=submit-error][data-reason=captcha]', { timeout: 10_000 });
      expect(await text(popup, 'submit-error')).toBe(messages.workspace.captchaNeeded);
      await popup.waitForSelector('[data-testid=submit-captcha-image] img');
      expect(keys).toHaveLength(1);

      // a wrong answer is refused (the captcha is used up): a new image, the answer cleared
      const answer = await solveCaptcha(server, keys[0]);
      await fill(popup, 'submit-captcha-input', String(Number(answer) + 1));
      await popup.click('[data-testid=submit-send]');
      await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(2);
      expect(await text(popup, 'submit-error')).toBe(messages.workspace.captchaWrong);
      await popup.waitForSelector('[data-testid=submit-captcha-image] img');
      expect(
        await popup.$eval('[data-testid=submit-captcha-input]', (el) => (el as HTMLInputElement).value),
      ).toBe('');

      // the right answer submits
      await fill(popup, 'submit-captcha-input', await solveCaptcha(server, keys[1]));
      // the whole form in view, down to its last button, the error above it included
      expect(await bottomOf(popup, 'submit-regrab')).toBeLessThanOrEqual(POPUP.height);
      await shot(popup, `captcha-${language === 'en-US' ? 'en' : 'zh'}`);
      await popup.click('[data-testid=submit-send]');
      await popup.waitForSelector('[data-testid=submit-result]', { timeout: 10_000 });
      const submitId = Number(
        await popup.$eval('[data-testid=submit-result]', (el) => el.getAttribute('data-submit-id')),
      );
      expect(submitId).toBeGreaterThan(0);
      // used up: the next submit gets a fresh image
      await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(3);
      await popup.close();
    }
    await h.setStored({ language: 'en-US' });
    await site.close();
  });
});
