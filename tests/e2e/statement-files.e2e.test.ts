import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, loginThroughDialog, openPage, pageWidth, photograph, textOf, waitForToast } from './pages';

/**
 * Images in statements, in Chromium: root inserts an image into a problem's description with the
 * "Insert image" button, sees it in the side-by-side preview (which follows the typing), pastes a
 * second one, saves, and the public problem page shows the image loaded. An SVG is refused with
 * the server's words in a toast. Screenshots (en-US and zh-CN desktop, a 390 px phone) go to
 * /tmp/shots-a.
 */
const SHOTS = '/tmp/shots-a';
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let files: string;
let pid = 0;

/** A PNG with real pixels: a browser decodes it (naturalWidth > 0). */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) {
    const x = (i / 4) % width;
    image.data.set(x < width / 2 ? [37, 99, 235, 255] : [250, 204, 21, 255], i);
  }
  return PNG.sync.write(image);
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'verdict-md-files-'));
  writeFileSync(join(files, 'diagram.png'), png(120, 60));
  writeFileSync(
    join(files, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  server = await startTestServer({ judgeWorkers: 0 });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  pid =
    (await root.api.adminGetProblemList({ keyword: '1000' })).records.find((p) => p.problemId === '1000')
      ?.id ?? 0;
  expect(pid).toBeGreaterThan(0);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  await photograph(page, name, { settleMs: 300 });
}

/** The problem editor of problem 1000 with its statement loaded, logged in as root. */
async function openEditor(language: 'en' | 'zh-cn', viewport: typeof DESKTOP | typeof PHONE = DESKTOP) {
  const page = await openPage(browser, `${server.url}/admin/problem/${pid}/edit?l=${language}`, viewport);
  await loginThroughDialog(page, 'root', server.rootPassword);
  await page.waitForFunction(
    () =>
      ((document.querySelector('#problem-description') as HTMLTextAreaElement | null)?.value ?? '') !== '',
  );
  return page;
}

const description = (page: Page) =>
  page.$eval('#problem-description', (el) => (el as HTMLTextAreaElement).value);

/** Waits until every image in `selector` has loaded and returns their natural widths. */
async function loadedWidths(page: Page, selector: string): Promise<number[]> {
  await page.waitForFunction(
    (s) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(s)];
      return images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0);
    },
    { timeout: 10_000 },
    selector,
  );
  return page.$$eval(selector, (images) => images.map((i) => (i as HTMLImageElement).naturalWidth));
}

describe('images in statements', () => {
  it('inserts an image with the button, previews it side by side, saves, and the problem page shows it', async () => {
    const page = await openEditor('en');
    await page.click('[data-testid=problem-description-split]');
    await page.waitForSelector('[data-testid=problem-description-live-preview]');
    // the cursor after the statement's first paragraph's text: the image goes there
    await page.focus('#problem-description');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.type('\n\n');

    const input = (await page.$(
      '[data-testid=problem-description-insert-image]',
    )) as ElementHandle<HTMLInputElement> | null;
    if (!input) throw new Error('no image button');
    await input.uploadFile(join(files, 'diagram.png'));
    await page.waitForFunction(
      () =>
        /!\[diagram\.png\]\(\/api\/public\/img\/[0-9a-f]{64}\.png\)$/.test(
          (document.querySelector('#problem-description') as HTMLTextAreaElement).value,
        ),
      { timeout: 10_000 },
    );
    expect(await loadedWidths(page, '[data-testid=problem-description-live-preview] img')).toEqual([120]);

    // the preview follows the typing
    await page.type('#problem-description', '\n\nLive **preview** text.');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=problem-description-live-preview] strong')?.textContent ===
        'preview',
      { timeout: 5000 },
    );

    // an image pasted into the text goes in at the cursor too
    await page.keyboard.type('\n\n');
    await page.evaluate(async () => {
      const blob = await (
        await fetch(
          document.querySelector<HTMLImageElement>('[data-testid=problem-description-live-preview] img')
            ?.src ?? '',
        )
      ).blob();
      const data = new DataTransfer();
      data.items.add(new File([blob], 'pasted [1].png', { type: 'image/png' }));
      document
        .querySelector('#problem-description')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('#problem-description') as HTMLTextAreaElement).value.endsWith('.png)') &&
        (document.querySelector('#problem-description') as HTMLTextAreaElement).value.includes(
          '![pasted \\[1\\].png](',
        ),
      { timeout: 10_000 },
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=problem-description-live-preview] img').length === 2,
      { timeout: 5000 },
    );
    expect(
      await page.$eval(
        '[data-testid=problem-description-live-preview]',
        (el) => el.getBoundingClientRect().width,
      ),
    ).toBeGreaterThan(300);
    await shoot(page, 'editor-en-desktop-side-by-side');

    const text = await description(page);
    const link = /\((\/api\/public\/img\/[0-9a-f]{64}\.png)\)/.exec(text)?.[1] ?? '';
    expect(link).not.toBe('');
    await page.click('[data-testid=problem-save]');
    await waitForToast(page, 'The problem has been saved.');
    // what react-hook-form sent is what the textarea showed
    const saved = await root.api.adminGetProblem(pid);
    expect(saved.description).toBe(text);

    await page.goto(`${server.url}/problem/1000?l=en`, { waitUntil: 'networkidle0' });
    expect(await loadedWidths(page, '[data-section=description] img')).toEqual([120, 120]);
    expect(await page.$eval('[data-section=description] img', (i) => i.getAttribute('src'))).toBe(link);
    expect(await textOf(page, '[data-section=description]')).toContain('Live preview text.');
    await page.browserContext().close();
  });

  it('shows a refused SVG’s reason in a toast and leaves the text alone', async () => {
    const page = await openEditor('en');
    const before = await description(page);
    const input = (await page.$(
      '[data-testid=problem-description-insert-image]',
    )) as ElementHandle<HTMLInputElement> | null;
    await input?.uploadFile(join(files, 'logo.svg'));
    await waitForToast(page, 'SVG images are not accepted: they can carry script.');
    expect(await description(page)).toBe(before);
    await page.browserContext().close();
  });

  it('looks right in Chinese, and on a phone with Write and Preview only', async () => {
    const zh = await openEditor('zh-cn');
    await zh.click('[data-testid=problem-description-split]');
    await zh.waitForSelector('[data-testid=problem-description-live-preview] img');
    expect(await textOf(zh, 'label:has([data-testid=problem-description-insert-image])')).toBe('插入图片');
    expect(await textOf(zh, 'label:has([data-testid=problem-description-attach-file])')).toBe('添加附件');
    expect(await textOf(zh, '[data-testid=problem-description-split]')).toBe('左右对照');
    await zh.$eval('#problem-description', (el) => el.scrollIntoView({ block: 'center' }));
    await shoot(zh, 'editor-zh-desktop-side-by-side');
    await zh.browserContext().close();

    const en = await openEditor('en');
    await en.$eval('#problem-description', (el) => el.scrollIntoView({ block: 'center' }));
    await shoot(en, 'editor-en-desktop-write');
    await en.browserContext().close();

    const phone = await openEditor('en', PHONE);
    expect(
      await phone.$eval('[data-testid=problem-description-split]', (el) => getComputedStyle(el).display),
    ).toBe('none');
    expect(await phone.$('[data-testid=problem-description-insert-image]')).not.toBeNull();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await phone.$eval('#problem-description', (el) => el.scrollIntoView({ block: 'center' }));
    await shoot(phone, 'editor-en-phone');
    await phone.click('[data-testid=problem-description-preview]');
    await loadedWidths(phone, '[data-testid=problem-editor] img');
    await shoot(phone, 'editor-en-phone-preview');
    await phone.browserContext().close();
  });
});
