import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { makeZip, type ZipEntry } from '../fixtures/packages/zip';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import {
  chooseOption,
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
 * The admin console's problem pages in Chromium against a server with a judge: root makes a
 * problem with Markdown maths from a test data zip and it is judged; the editor reopens it with
 * its cases; a bad zip is refused with the server's words; an ordinary admin sees the problem
 * pages only and a plain user nothing. Screenshots of both languages, desktop and phone, go to
 * /tmp/admin-shots.
 */
const SHOTS = '/tmp/admin-shots';
const A_PLUS_B_ZIP: ZipEntry[] = [
  { name: 'data/1.in', data: '1 2\n' },
  { name: 'data/1.out', data: '3\n' },
  { name: 'data/2.in', data: '40 2\n' },
  { name: 'data/2.ans', data: '42\n' },
];

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let zips: string;
let pid = 0;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  zips = mkdtempSync(join(tmpdir(), 'verdict-zips-'));
  writeFileSync(join(zips, 'a-plus-b.zip'), makeZip(A_PLUS_B_ZIP));
  writeFileSync(join(zips, 'broken.zip'), makeZip([{ name: '1.in', data: '1 2\n' }]));
  server = await startTestServer();
  const db = server.server.ctx.db;
  await createUser(db, { username: 'plain', password: 'plain123' });
  await createUser(db, { username: 'siteadmin', password: 'admin123', roleId: Role.ADMIN });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (zips) rmSync(zips, { recursive: true, force: true });
});

const open = (path: string, viewport: Viewport = DESKTOP) =>
  openPage(browser, `${server.url}${path}`, viewport);

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await photograph(page, name, { fullPage, settleMs: 300 });
}

/** Nothing on the page is wider than the window (a phone must not scroll sideways). */
async function upload(page: Page, file: string): Promise<void> {
  const input = (await page.$('[data-testid=testdata-zip]')) as ElementHandle<HTMLInputElement> | null;
  if (!input) throw new Error('no zip input');
  await input.uploadFile(join(zips, file));
}

describe('problems in the admin console', () => {
  it('root makes an OI problem with maths from a zip; the site shows it and judges A+B Accepted', async () => {
    const page = await open('/admin/problem?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=admin-problem-table]');
    await shoot(page, 'list-en-desktop');
    // the screen itself (the login's toast belongs to the site's frame)
    expect(await axeViolations(page, '[data-testid=admin-problems]')).toEqual([]);
    await page.click('[data-testid=admin-problem-create]');
    await page.waitForSelector('[data-testid=problem-editor]');
    expect(page.url()).toMatch(/\/admin\/problem\/create$/);

    await page.type('#problem-problemId', 'AP1');
    await page.type('#problem-title', 'Sum with maths');
    await chooseOption(page, '#problem-type', '[data-testid=problem-type-1]');
    await chooseOption(page, '#problem-auth', '[data-testid=problem-auth-1]');
    await page.type('#problem-description', 'Print the **sum** $a+b$ of two integers.');
    await page.click('[data-testid=problem-description-preview]');
    await page.waitForSelector('[data-testid=problem-editor] .katex');
    expect(await textOf(page, '[data-testid=problem-editor] strong')).toBe('sum');
    await page.type('#example-0-input', '1 2');
    await page.type('#example-0-output', '3');
    await page.type('#problem-tags', 'maths');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=tag-chip]');

    await upload(page, 'a-plus-b.zip');
    await waitForToast(page, 'The zip holds 2 test cases.');
    const cases = await page.$$eval('[data-testid=uploaded-cases] [data-testid=case-row]', (rows) =>
      rows.map((r) => (r as HTMLElement).innerText),
    );
    expect(cases).toHaveLength(2);
    expect(cases[0]).toContain('1.in');
    expect(cases[1]).toContain('2.ans');
    expect(await textOf(page, '[data-testid=testdata-total]')).toBe('Total score: 100');
    await retype(page, '#uploadedCases-0-score', '40');
    await retype(page, '#uploadedCases-1-score', '60');
    await retype(page, '#uploadedCases-1-groupNum', '2');
    expect(await textOf(page, '[data-testid=testdata-total]')).toBe('Total score: 100');
    // a header contestants get: listed on the problem page
    await page.click('[data-testid=extra-userFiles-add]');
    await page.type('#extra-userFiles-0-name', 'sum.h');
    await page.type('#extra-userFiles-0-content', '#define SUM(a, b) ((a) + (b))');
    await shoot(page, 'editor-en-desktop', true);

    await page.click('[data-testid=problem-save]');
    await waitForToast(page, 'The problem has been saved.');
    await page.waitForSelector('[data-testid=admin-problem-table] [data-problem-id=AP1]');
    expect(page.url()).toMatch(/\/admin\/problem$/);

    const listed = await root.api.adminGetProblemList({ keyword: 'AP1' });
    pid = listed.records[0]?.id ?? 0;
    expect(listed.records[0]).toMatchObject({ problemId: 'AP1', auth: 1, type: 1, author: 'root' });
    const stored = await root.api.adminGetProblemCases(pid);
    expect(stored.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
      ['1.in', '1.out', 40, null],
      ['2.in', '2.ans', 60, 2],
    ]);
    expect((await root.api.adminGetProblemTags(pid)).map((t) => t.name)).toEqual(['maths']);
    expect((await root.api.adminGetProblem(pid)).userExtraFile).toBe(
      JSON.stringify({ 'sum.h': '#define SUM(a, b) ((a) + (b))' }),
    );

    await page.goto(`${server.url}/problem/AP1?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-section=description] .katex');
    expect(await textOf(page, '[data-section=description]')).toContain('Print the sum');
    await page.click('[data-testid=problem-tab-annex]');
    await page.waitForSelector('[data-testid=annex-row]');
    expect(await textOf(page, '[data-testid=annex-table]')).toContain('sum.h');
    const submission = await root.api.submitProblemJudge({
      pid: 'AP1',
      language: 'Python3',
      code: A_PLUS_B.Python3 ?? '',
    });
    const verdict = await waitForVerdict(root, submission.submitId);
    expect(verdict.status).toBe(0);
    expect(verdict.score).toBe(100);
    await page.browserContext().close();
  });

  it('reopens the problem with its cases (sizes, first bytes) and keeps them while scores change (zh-CN)', async () => {
    const page = await open(`/admin/problem/${pid}/edit?l=zh-cn`);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=kept-cases] [data-testid=case-row]');
    expect(await textOf(page, '[data-testid=problem-editor-title]')).toBe('编辑题目 AP1');
    const first = await textOf(page, '[data-testid=kept-cases] [data-testid=case-row]');
    expect(first).toContain('1.in');
    expect(first).toContain('4 B');
    expect(first).toContain('1 2');
    expect(await page.$eval('#problem-title', (el) => (el as HTMLInputElement).value)).toBe('Sum with maths');
    expect(await textOf(page, '[data-testid=testdata-total]')).toBe('总分：100');
    await retype(page, '#keptCases-0-score', '50');
    await retype(page, '#keptCases-1-score', '50');
    await shoot(page, 'editor-zh-desktop', true);
    expect(await axeViolations(page, '[data-testid=problem-editor]')).toEqual([]);
    await page.click('[data-testid=problem-save]');
    await waitForToast(page, '题目已保存。');
    expect((await root.api.adminGetProblemCases(pid)).map((c) => [c.input, c.score])).toEqual([
      ['1.in', 50],
      ['2.in', 50],
    ]);
    expect((await root.api.adminGetProblem(pid)).ioScore).toBe(100);
    await page.waitForSelector('[data-testid=admin-problem-table]');
    await shoot(page, 'list-zh-desktop');
    await page.browserContext().close();
  });

  it('refuses a zip with an .in and no output, naming the file, and says what the form lacks', async () => {
    const page = await open('/admin/problem/create?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=problem-editor]');
    await upload(page, 'broken.zip');
    await page.waitForSelector('[data-testid=testdata-upload-error]');
    expect(await textOf(page, '[data-testid=testdata-upload-error]')).toBe(
      '1.in has no output: add 1.out or 1.ans beside it. Nothing was changed.',
    );
    await page.click('[data-testid=problem-save]');
    expect(await textOf(page, '[data-testid=problem-problemId-error]')).toBe(
      'The display ID is 1 to 64 letters, digits, "_" or "-".',
    );
    expect(await textOf(page, '[data-testid=problem-title-error]')).toBe(
      'The title is required (at most 255 characters).',
    );

    // cases typed in instead, then the problem is deleted from the list
    await page.type('#problem-problemId', 'AP2');
    await page.type('#problem-title', 'Typed cases');
    await page.click('[data-testid=testdata-source-manual]');
    await page.type('#typed-case-0-input', '2 3\n');
    await page.type('#typed-case-0-output', '5\n');
    await page.click('[data-testid=problem-save]');
    await waitForToast(page, 'The problem has been saved.');
    const typed = (await root.api.adminGetProblemList({ keyword: 'AP2' })).records[0];
    expect(typed?.auth).toBe(2);
    expect(
      (await root.api.adminGetProblemCases(typed?.id ?? 0)).map((c) => [c.input, c.inputPreview]),
    ).toEqual([['1.in', '2 3\n']]);

    await page.waitForSelector(`[data-testid=admin-problem-delete-${typed?.id}]`);
    await page.click(`[data-testid=admin-problem-delete-${typed?.id}]`);
    await page.waitForSelector('[data-testid=confirm-dialog]');
    expect(await textOf(page, '[data-testid=confirm-dialog]')).toContain('Delete problem AP2?');
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, 'Deleted successfully');
    await page.waitForSelector(`[data-testid=admin-problem-row-${typed?.id}]`, { hidden: true });
    expect((await root.api.adminGetProblemList({ keyword: 'AP2' })).total).toBe(0);
    await page.browserContext().close();
  });

  it('compiles a special judge: the compiler’s message on failure, a toast on success', async () => {
    const page = await open('/admin/problem/create?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=problem-editor]');
    await chooseOption(page, '#problem-judgeMode', '[data-testid=problem-judgeMode-spj]');
    await page.waitForSelector('#problem-spjCode');
    await page.type('#problem-spjCode', 'int main( { return 0; }');
    await page.click('[data-testid=checker-compile]');
    await page.waitForSelector('[data-testid=checker-compile-error]', { timeout: 60_000 });
    expect(await textOf(page, '[data-testid=checker-compile-error]')).toMatch(
      /^The checker does not compile:/,
    );
    await retype(page, '#problem-spjCode', 'int main() { return 0; }');
    await page.click('[data-testid=checker-compile]');
    await waitForToast(page, 'The checker compiles.');
    expect(await page.$('[data-testid=checker-compile-error]')).toBeNull();
    await page.browserContext().close();
  });

  it('an ordinary admin gets no root screens; root-only screens say so; a plain user is refused', async () => {
    const page = await open('/admin?l=zh-cn', PHONE);
    await loginThroughDialog(page, 'siteadmin', 'admin123');
    // an admin's console opens on its first screen; the problems are one tap away
    await page.waitForSelector('[data-testid=admin-menu-problem]');
    await page.tap('[data-testid=admin-menu-problem]');
    await page.waitForSelector('[data-testid=admin-problem-table]');
    expect(page.url()).toMatch(/\/admin\/problem$/);
    const menu = await page.$$eval('[data-testid=admin-menu] a', (links) =>
      links.map((a) => a.getAttribute('data-testid')),
    );
    // the screens of every admin role, none of root's own
    expect(menu).toContain('admin-menu-problem');
    expect(menu).not.toContain('admin-menu-config');
    expect(menu).not.toContain('admin-menu-tag');
    // the user menu leads there too
    await page.tap('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=admin-link]');
    await page.keyboard.press('Escape');
    // publishing and deleting are for root and problem admins
    expect(await page.$(`[data-testid=admin-problem-delete-${pid}]`)).toBeNull();
    await chooseOption(
      page,
      `[data-testid=admin-problem-auth-${pid}]`,
      `[data-testid=admin-problem-auth-${pid}-2]`,
    );
    await waitForToast(page, '题目权限已修改。');
    await page.click(`[data-testid=admin-problem-auth-${pid}]`);
    await page.waitForSelector(`[data-testid=admin-problem-auth-${pid}-1][data-disabled]`, { visible: true });
    await shoot(page, 'list-zh-phone');
    await page.keyboard.press('Escape');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`${server.url}/admin/config?l=zh-cn`, { waitUntil: 'networkidle0' });
    expect(await textOf(page, '[data-testid=admin-forbidden]')).toBe('只有超级管理员可以管理站点。');

    await page.goto(`${server.url}/admin/problem/create?l=zh-cn`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=problem-editor]');
    await shoot(page, 'editor-zh-phone', true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.browserContext().close();

    const english = await open('/admin/problem?l=en', PHONE);
    await loginThroughDialog(english, 'root', server.rootPassword);
    await english.waitForSelector('[data-testid=admin-problem-table]');
    await shoot(english, 'list-en-phone');
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);
    await english.goto(`${server.url}/admin/problem/${pid}/edit?l=en`, { waitUntil: 'networkidle0' });
    await english.waitForSelector('[data-testid=kept-cases]');
    await shoot(english, 'editor-en-phone', true);
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);
    await english.browserContext().close();

    const plain = await open('/admin/problem?l=zh-cn');
    await loginThroughDialog(plain, 'plain', 'plain123');
    await plain.waitForSelector('[data-testid=admin-forbidden]');
    expect(await plain.$('[data-testid=admin-menu]')).toBeNull();
    await plain.browserContext().close();
  });
});
