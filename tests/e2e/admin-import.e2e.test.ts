import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { zipFixture } from '../fixtures/packages/zip';
import type { TestClient } from '../helpers/api';
import { testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, loginThroughDialog, openPage, pageWidth, photograph, textOf, waitForToast } from './pages';

/**
 * The console's Import screen in Chromium against a server with a judge: root opens it from the
 * problem list, verifies a Kattis package (its example submissions judged on the server, expected
 * against actual in a table), imports it under a display id of their choosing, reads the importer's
 * notes and follows the link to the new problem's editor. The screen in both languages and on a
 * 390 px phone is photographed into /tmp/shots-c.
 */
const SHOTS = '/tmp/shots-c';
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

/**
 * The divide package (no time limit: the importer notes the default) with three more submissions:
 * one that never ends (TLE whatever the machine), one in a folder it does not belong in (a
 * mismatch) and one in a language this judge lacks (skipped).
 */
const PACKAGE = zipFixture('kattis/divide', {
  extra: [
    { name: 'submissions/time_limit_exceeded/forever.py', data: 'while True:\n    pass\n' },
    { name: 'submissions/accepted/zero.py', data: 'print(0)\n' },
    { name: 'submissions/accepted/other.scala', data: 'object Main extends App {}\n' },
  ],
});

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let files: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'verdict-import-e2e-'));
  writeFileSync(join(files, 'divide.zip'), PACKAGE);
  server = await startTestServer({ demo: false });
  await createUser(server.server.ctx.db, { username: 'siteadmin', password: 'admin123', roleId: Role.ADMIN });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  // from the top: a full-page shot of a scrolled page draws the sticky header mid-page
  await page.evaluate(() => window.scrollTo(0, 0));
  await photograph(page, name, { fullPage: true, settleMs: 300 });
}

async function pickPackage(page: Page): Promise<void> {
  const input = (await page.$('[data-testid=import-file]')) as ElementHandle<HTMLInputElement> | null;
  if (!input) throw new Error('no file input');
  await input.uploadFile(join(files, 'divide.zip'));
  await page.waitForFunction(
    () => document.querySelector('[data-testid=import-file-name]')?.textContent === 'divide.zip',
  );
}

/** The login's toast gone: on a phone it sits at the bottom, over the buttons a user taps next. */
const noToast = (page: Page) =>
  page.waitForSelector('[data-sonner-toast]', { hidden: true, timeout: 15_000 });

async function verify(page: Page): Promise<void> {
  await noToast(page);
  await page.click('[data-testid=import-format-kattis]');
  await pickPackage(page);
  await page.click('[data-testid=import-verify]');
  await page.waitForSelector('[data-testid=verify-progress]');
  await page.waitForSelector('[data-testid=verify-report]', { timeout: 90_000 });
}

/** Each row of the report: path → [state, expected, actual]. */
const rows = (page: Page) =>
  page.$$eval('[data-testid=verify-row]', (trs) =>
    Object.fromEntries(
      trs.map((tr) => [
        tr.getAttribute('data-path'),
        [
          tr.getAttribute('data-state'),
          (tr.querySelector('[data-testid=verify-expected]') as HTMLElement).innerText.replace(/^.*: /, ''),
          (tr.querySelector('[data-testid=verify-actual]') as HTMLElement).innerText.replace(/^.*: /, ''),
        ],
      ]),
    ),
  );

describe('the console’s Import screen', () => {
  it('root verifies a Kattis package, imports it and opens the new problem’s editor', async () => {
    const page = await openPage(browser, `${server.url}/admin/problem?l=en`, DESKTOP);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=admin-problem-import-open]');
    await page.click('[data-testid=admin-problem-import-open]');
    await page.waitForSelector('[data-testid=admin-problem-import]');
    expect(page.url()).toMatch(/\/admin\/problem\/import$/);
    // every format the server imports is offered, with its name
    const formats = await page.$$eval('[data-testid^=import-format-]', (labels) =>
      labels.map((l) => l.getAttribute('data-testid')),
    );
    expect(formats).toEqual(
      expect.arrayContaining(['import-format-kattis', 'import-format-polygon', 'import-format-fps']),
    );
    expect(await textOf(page, '[data-testid=import-format-kattis]')).toContain('Kattis / ICPC');
    await shoot(page, 'import-en-desktop');
    expect(await axeViolations(page, '[data-testid=admin-problem-import]')).toEqual([]);

    // FPS packages carry no example submissions: no Verify
    await page.click('[data-testid=import-format-fps]');
    expect(await page.$('[data-testid=import-verify]')).toBeNull();

    await verify(page);
    expect(await textOf(page, '[data-testid=verify-summary]')).toBe(
      '3 as expected, 1 mismatched, 1 skipped, of 5 submissions.',
    );
    expect(await rows(page)).toEqual({
      'submissions/accepted/divide.py': ['ok', 'Accepted', 'Accepted'],
      'submissions/accepted/other.scala': ['skipped', 'Accepted', '—'],
      'submissions/accepted/zero.py': ['mismatch', 'Accepted', 'Wrong Answer'],
      'submissions/time_limit_exceeded/forever.py': ['ok', 'Time Limit Exceeded', 'Time Limit Exceeded'],
      'submissions/wrong_answer/floor.py': ['ok', 'Wrong Answer or Presentation Error', 'Wrong Answer'],
    });
    expect(await textOf(page, '[data-testid=verify-report]')).toContain('The package has no time limit');
    await shoot(page, 'verify-en-desktop');
    expect(await axeViolations(page, '[data-testid=admin-problem-import]')).toEqual([]);

    await page.type('[data-testid=import-problem-id]', 'VER-1');
    await page.click('[data-testid=import-send]');
    await page.waitForSelector('[data-testid=import-result]');
    await waitForToast(page, '1 problem imported.');
    expect(await textOf(page, '[data-testid=imported-problem]')).toContain('VER-1');
    expect(await textOf(page, '[data-testid=imported-problem-notices]')).toContain(
      'The package has no time limit',
    );
    await shoot(page, 'imported-en-desktop');
    const imported = (await root.api.adminGetProblemList({ keyword: 'VER-1' })).records[0];
    expect(imported).toMatchObject({ problemId: 'VER-1', auth: 2 });

    await page.click('[data-testid=imported-problem-edit]');
    await page.waitForSelector('[data-testid=problem-editor]');
    expect(page.url()).toMatch(new RegExp(`/admin/problem/${imported?.id}/edit$`));
    expect(await page.$eval('#problem-problemId', (el) => (el as HTMLInputElement).value)).toBe('VER-1');
    await page.browserContext().close();
  });

  it('shows the screen and its report in Chinese, and on a phone without sideways scrolling', async () => {
    const zh = await openPage(browser, `${server.url}/admin/problem/import?l=zh-cn`, DESKTOP);
    await loginThroughDialog(zh, 'root', server.rootPassword);
    await zh.waitForSelector('[data-testid=admin-problem-import]');
    expect(await textOf(zh, '[data-testid=import-format-polygon]')).toContain('Codeforces Polygon');
    await verify(zh);
    expect(await textOf(zh, '[data-testid=verify-summary]')).toBe(
      '共 5 个提交：3 个符合预期，1 个不符，1 个跳过。',
    );
    await shoot(zh, 'verify-zh-desktop');
    // a broken file is refused in the server's words
    await zh.click('[data-testid=import-format-polygon]');
    await pickPackage(zh);
    await zh.click('[data-testid=import-send]');
    await zh.waitForSelector('[data-testid=import-error]');
    expect(await textOf(zh, '[data-testid=import-error]')).toContain('problem.xml');
    await shoot(zh, 'refused-zh-desktop');
    await zh.browserContext().close();

    const phone = await openPage(browser, `${server.url}/admin/problem/import?l=en`, PHONE);
    await loginThroughDialog(phone, 'root', server.rootPassword);
    await phone.waitForSelector('[data-testid=admin-problem-import]');
    await noToast(phone);
    await shoot(phone, 'import-en-phone');
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await verify(phone);
    await shoot(phone, 'verify-en-phone');
    // the report as the phone shows it, at its size
    await phone.$eval('[data-testid=verify-summary]', (el) => el.scrollIntoView());
    await photograph(phone, 'verify-en-phone-report', { settleMs: 0 });
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await phone.browserContext().close();
  });

  it('an ordinary admin gets no Import button, and the screen says it is root’s', async () => {
    const page = await openPage(browser, `${server.url}/admin/problem?l=en`, DESKTOP);
    await loginThroughDialog(page, 'siteadmin', 'admin123');
    await page.waitForSelector('[data-testid=admin-problem-create]');
    expect(await page.$('[data-testid=admin-problem-import-open]')).toBeNull();
    await page.goto(`${server.url}/admin/problem/import?l=en`, { waitUntil: 'networkidle0' });
    expect(await textOf(page, '[data-testid=admin-forbidden]')).toBe(
      'Only the super administrator imports problems.',
    );
    await page.browserContext().close();
  });
});
