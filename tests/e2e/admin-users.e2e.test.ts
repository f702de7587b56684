import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { parseCsv } from '../../web/features/admin/users/lib/csv';
import { failure, type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import { savedFile } from './console';
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
 * The admin console's user pages in Chromium: root generates 20 team accounts with their names,
 * sees the passwords once, downloads the CSV through the page and a team logs in with it; root
 * bans a user and deletes one with contest submissions after the second confirmation; a batch
 * import naming a taken username is refused with the server's words (in Chinese) and adds
 * nobody; an ordinary admin sees root's row locked, a problem admin gets no Users menu.
 * Screenshots of both languages, desktop and phone, go to /tmp/admin-shots/users.
 */
const SHOTS = '/tmp/admin-shots/users';
const TEAMS = Array.from({ length: 20 }, (_, i) =>
  i === 4 ? 'Team "Five", Inc.' : i % 2 === 0 ? `清华大学 ${i + 1} 队` : `Team ${i + 1}`,
);

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let work: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'verdict-users-'));
  server = await startTestServer({ judgeWorkers: 0 });
  const db = server.server.ctx.db;
  await createUser(db, { username: 'siteadmin', password: 'admin123', roleId: Role.ADMIN });
  await createUser(db, { username: 'probadmin', password: 'admin123', roleId: Role.PROBLEM_ADMIN });
  await createUser(db, { username: 'noisy', password: 'noisy123' });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (work) rmSync(work, { recursive: true, force: true });
});

const open = (path: string, viewport: Viewport = DESKTOP) =>
  openPage(browser, `${server.url}${path}`, viewport);

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await photograph(page, name, { fullPage, settleMs: 300 });
}

/** Nothing on the page is wider than the window (a phone must not scroll sideways). */
const rowTexts = (page: Page, selector: string) =>
  page.$$eval(selector, (rows) => rows.map((r) => (r as HTMLElement).innerText));

/** Replaces all of a field's text (a triple click selects one line of a textarea only). */
async function replaceText(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

describe('users in the admin console', () => {
  it('root generates 20 team accounts, sees them once, downloads the CSV, and a team logs in', async () => {
    const downloads = join(work, 'downloads');
    mkdirSync(downloads);
    const context = await browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: downloads },
    });
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.goto(`${server.url}/admin/user?l=en`, { waitUntil: 'networkidle0' });
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=admin-user-table]');
    const menu = await page.$$eval('[data-testid=admin-menu] a', (links) =>
      links.map((a) => a.getAttribute('data-testid')),
    );
    expect(menu).toContain('admin-menu-user');
    await shoot(page, 'list-en-desktop');
    expect(await axeViolations(page, '[data-testid=admin-users]')).toEqual([]);

    await page.click('[data-testid=admin-user-generate-link]');
    await page.waitForSelector('[data-testid=generate-form]');
    expect(page.url()).toMatch(/\/admin\/user\/generate$/);
    await page.type('#generate-prefix', 'team');
    await retype(page, '#generate-number_to', '20');
    await retype(page, '#generate-password_length', '25');
    await page.type('#generate-realnames', TEAMS.join('\n'));
    expect(await textOf(page, '[data-testid=generate-preview]')).toBe(
      'Makes team1 … team20: 20 accounts. 20 real names given.',
    );
    // the form says what the server would: the login form takes at most 20 characters
    await page.click('[data-testid=generate-submit]');
    expect(await textOf(page, '[data-testid=generate-password_length-error]')).toContain(
      'The password length is a whole number from 6 to 20',
    );
    await retype(page, '#generate-password_length', '10');
    await shoot(page, 'generate-en-desktop', true);
    expect(await axeViolations(page, '[data-testid=admin-user-generate]')).toEqual([]);
    await page.click('[data-testid=generate-submit]');
    await page.waitForSelector('[data-testid=generated-table]', { timeout: 30_000 });
    await waitForToast(page, '20 accounts generated.');

    const shown = await page.$$eval('[data-testid=generated-row]', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)),
    );
    expect(shown).toHaveLength(20);
    expect(shown.map((r) => [r[0], r[2]])).toEqual(TEAMS.map((name, i) => [`team${i + 1}`, name]));
    for (const r of shown) expect(r[1]).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/);
    expect(await textOf(page, '[data-testid=generated-note]')).toMatch(
      /^The passwords are shown only this once: .*the downloads last 30 minutes \(until .+\)/,
    );
    await shoot(page, 'generated-en-desktop', true);
    expect(await axeViolations(page, '[data-testid=generated-accounts]')).toEqual([]);

    // the CSV the page's button saves, fetched with the login token
    await page.click('[data-testid=generated-download-csv]');
    const file = await savedFile(downloads, '.csv');
    expect(file).toMatch(/users-[\d-]+\.csv$/);
    const rows = parseCsv(readFileSync(file, 'utf8'));
    expect(rows[0]).toEqual(['username', 'password', 'realname']);
    expect(rows.slice(1)).toHaveLength(20);
    expect(rows.slice(1)).toEqual(shown);
    await page.click('[data-testid=generated-download-xlsx]');
    expect(await savedFile(downloads, '.xlsx')).toMatch(/users-[\d-]+\.xlsx$/);

    // shown once: the list has them, the page does not show the passwords again
    await page.click('[data-testid=admin-menu-user]');
    await page.waitForSelector('[data-testid=admin-user-table]');
    await page.type('[data-testid=admin-user-search]', 'team');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=admin-user-row-team20]');
    expect(page.url()).toContain('keyword=team');
    await page.goBack({ waitUntil: 'networkidle0' });
    await page.goBack({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=generate-form]');
    expect(await page.$('[data-testid=generated-table]')).toBeNull();
    await context.close();

    const team7 = shown[6] ?? [];
    const member = await open('/?l=en');
    await loginThroughDialog(member, 'team7', team7[1] ?? '');
    expect(await textOf(member, '[data-testid=user-menu]')).toContain('team7');
    await member.browserContext().close();
  });

  it('root bans a user in the edit dialog, and deletes one with contest submissions after a second confirmation', async () => {
    const db = server.server.ctx.db.kysely;
    const racerUid = await createUser(server.server.ctx.db, { username: 'racer', password: 'racer123' });
    const contest = await db.selectFrom('contest').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('judge')
      .values({
        pid: 1,
        display_pid: '1000',
        uid: racerUid,
        username: 'racer',
        submit_time: new Date().toISOString(),
        status: JudgeStatus.WRONG_ANSWER,
        share: 0,
        length: 1,
        code: 'x',
        language: 'C',
        cid: contest.id,
        cpid: 0,
        is_manual: 0,
        attempt: 1,
        gmt_modified: new Date().toISOString(),
      })
      .execute();

    const page = await open('/admin/user?l=en&keyword=root');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=admin-user-row-root]');
    // root's own row: editable, never deletable
    expect(
      await page.$eval('[data-testid=admin-user-delete-root]', (b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
    await retype(page, '[data-testid=admin-user-search]', 'noisy');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=admin-user-row-noisy]');
    await page.click('[data-testid=admin-user-edit-noisy]');
    await page.waitForSelector('[data-testid=user-edit-dialog]');
    await shoot(page, 'edit-en-desktop');
    expect(await axeViolations(page, '[data-testid=user-edit-dialog]')).toEqual([]);
    // a name already taken is refused beside the field, in the server's words
    await retype(page, '#user-username', 'ROOT');
    await page.click('[data-testid=user-save]');
    await page.waitForSelector('[data-testid=user-username-error]');
    expect(await textOf(page, '[data-testid=user-username-error]')).toBe('The username already exists.');
    await retype(page, '#user-username', 'noisy');
    await page.click('[data-testid=user-banned]');
    await page.click('[data-testid=user-save]');
    await waitForToast(page, 'The user has been saved.');
    await page.waitForSelector('[data-testid=user-edit-dialog]', { hidden: true });
    await page.waitForSelector('[data-testid=admin-user-row-noisy] [data-status=banned]');
    expect(await textOf(page, '[data-testid=admin-user-status-noisy]')).toBe('Banned');
    const banned = await failure(testClient(server.url).login('noisy', 'noisy123'));
    expect(banned.message).toBe('This account has been banned.');

    await retype(page, '[data-testid=admin-user-search]', 'racer');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=admin-user-row-racer]');
    await page.click('[data-testid=admin-user-delete-racer]');
    await page.waitForSelector('[data-testid=admin-user-delete-confirm]');
    expect(await textOf(page, '[data-testid=admin-user-delete-confirm]')).toContain('Delete user racer?');
    await page.click('[data-testid=admin-user-delete-confirm] [data-testid=confirm-ok]');
    await page.waitForSelector('[data-testid=admin-user-force-confirm]');
    expect(await textOf(page, '[data-testid=admin-user-force-refusal]')).toContain(
      'These users made 1 contest submissions (in 1 contests)',
    );
    expect(await textOf(page, '[data-testid=admin-user-force-confirm]')).toContain(
      'Deleting anyway also deletes these contest submissions of racer',
    );
    await shoot(page, 'force-en-desktop');
    expect((await root.api.adminGetUserList({ keyword: 'racer' })).total).toBe(1);
    await page.click('[data-testid=admin-user-force-confirm] [data-testid=confirm-ok]');
    await waitForToast(page, '1 user(s) deleted.');
    await page.waitForSelector('[data-testid=admin-user-row-racer]', { hidden: true });
    expect((await root.api.adminGetUserList({ keyword: 'racer' })).total).toBe(0);
    await page.browserContext().close();
  });

  it('a batch import naming a taken username is refused with the server’s words and adds nobody (zh-CN)', async () => {
    const page = await open('/admin/user/import?l=zh-cn');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=import-text]');
    await page.type('[data-testid=import-text]', 'stu1,pass1234,,张三\nstu2,pass1\nSTU1,pass5678');
    await page.waitForSelector('[data-testid=import-row-problems]');
    const problems = await rowTexts(page, '[data-testid=import-row-problems]');
    expect(problems).toEqual([
      '密码：密码长度应在 6 到 20 之间。',
      '用户名：该用户名在列表中重复（不区分大小写）。',
    ]);
    expect(await textOf(page, '[data-testid=import-summary]')).toBe('有 2 行存在问题，请修改后再导入。');
    expect(await page.$eval('[data-testid=import-send]', (b) => (b as HTMLButtonElement).disabled)).toBe(
      true,
    );

    await replaceText(
      page,
      '[data-testid=import-text]',
      'stu1,pass1234,,张三\nstu2,pass5678\nteam3,pass9999',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid=import-summary]')?.textContent === '将创建 3 个用户。',
    );
    await page.click('[data-testid=import-send]');
    await page.waitForSelector('[data-testid=import-refusal]');
    expect(await textOf(page, '[data-testid=import-refusal]')).toBe(
      '以下用户名已被占用或在列表中重复：team3。未创建任何账号。',
    );
    await waitForToast(page, '以下用户名已被占用或在列表中重复：team3。');
    expect((await root.api.adminGetUserList({ keyword: 'stu' })).total).toBe(0);
    await shoot(page, 'import-zh-desktop', true);
    expect(await axeViolations(page, '[data-testid=admin-user-import]')).toEqual([]);

    // a class list read from a file, its header row skipped
    const csv = join(work, 'class.csv');
    writeFileSync(
      csv,
      'username,password,email,realname\nstu1,pass1234,stu1@example.com,张三\nstu2,pass5678,,李四\n',
    );
    const input = (await page.$('[data-testid=import-file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(csv);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=import-summary]')?.textContent?.startsWith('将创建 2 个用户。'),
    );
    expect(await textOf(page, '[data-testid=import-summary]')).toBe('将创建 2 个用户。 首行为列名，已跳过。');
    await page.click('[data-testid=import-send]');
    await waitForToast(page, '已创建 2 个用户。');
    expect(await textOf(page, '[data-testid=import-done]')).toContain('已创建 2 个用户。');
    const imported = await root.api.adminGetUserList({ keyword: 'stu' });
    expect(imported.records.map((u) => [u.username, u.realname, u.email]).sort()).toEqual([
      ['stu1', '张三', 'stu1@example.com'],
      ['stu2', '李四', null],
    ]);

    await page.click('[data-testid=admin-menu-user]');
    await page.waitForSelector('[data-testid=admin-user-table]');
    await shoot(page, 'list-zh-desktop');
    await page.browserContext().close();
  });

  it('an ordinary admin sees root’s row locked and grants no admin role; a problem admin has no Users menu', async () => {
    // the staff: root and the problem admin locked, the admin's own account open
    const page = await open('/admin/user?l=zh-cn&onlyAdmin=true', PHONE);
    await loginThroughDialog(page, 'siteadmin', 'admin123');
    await page.waitForSelector('[data-testid=admin-user-row-root]');
    const menu = await page.$$eval('[data-testid=admin-menu] a', (links) =>
      links.map((a) => a.getAttribute('data-testid')),
    );
    expect(menu).toContain('admin-menu-user');
    const locked = await page.$eval('[data-testid=admin-user-row-root]', (row) => ({
      edit: (row.querySelector('[data-testid=admin-user-edit-root]') as HTMLButtonElement).disabled,
      remove: (row.querySelector('[data-testid=admin-user-delete-root]') as HTMLButtonElement).disabled,
      select: (row.querySelector('[data-testid=admin-user-select-root]') as HTMLInputElement).disabled,
      reason: row.querySelector('[data-reason]')?.getAttribute('data-reason'),
    }));
    expect(locked).toEqual({
      edit: true,
      remove: true,
      select: true,
      reason: '只有超级管理员可以修改或删除超级管理员、管理员和题目管理员的账号。',
    });
    expect(await textOf(page, '[data-testid=admin-user-protected-note]')).toContain(
      '只有超级管理员可以修改或删除',
    );
    await shoot(page, 'list-zh-phone', true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // an ordinary account: admin roles are greyed out with the reason
    await page.goto(`${server.url}/admin/user?l=zh-cn&keyword=team3`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=admin-user-edit-team3]');
    await page.tap('[data-testid=admin-user-edit-team3]');
    await page.waitForSelector('[data-testid=user-edit-dialog]');
    await page.tap('#user-type');
    await page.waitForSelector('[data-testid=user-type-note]', { visible: true });
    expect(await page.$('[data-testid=user-type-1001][data-disabled]')).not.toBeNull();
    expect(await page.$('[data-testid=user-type-1005][data-disabled]')).toBeNull();
    expect(await textOf(page, '[data-testid=user-type-note]')).toBe(
      '只有超级管理员可以将用户设为超级管理员、管理员或题目管理员。',
    );
    await shoot(page, 'edit-zh-phone');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=user-type-note]', { hidden: true });
    await page.tap('[data-testid=user-cancel]');
    await page.waitForSelector('[data-testid=user-edit-dialog]', { hidden: true });
    await page.browserContext().close();

    const english = await open('/admin/user/generate?l=en', PHONE);
    await loginThroughDialog(english, 'root', server.rootPassword);
    await english.waitForSelector('[data-testid=generate-form]');
    await shoot(english, 'generate-en-phone', true);
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);
    await english.type('#generate-prefix', 'ph');
    await retype(english, '#generate-number_to', '3');
    await english.type('#generate-realnames', 'A very long team name from a university far away\nB\nC');
    // Enter in a field sends the form (the login toast covers the bottom of a phone's screen)
    await english.focus('#generate-password_length');
    await english.keyboard.press('Enter');
    await english.waitForSelector('[data-testid=generated-table]', { timeout: 30_000 });
    await shoot(english, 'generated-en-phone', true);
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);
    await english.goto(`${server.url}/admin/user?l=en`, { waitUntil: 'networkidle0' });
    await english.waitForSelector('[data-testid=admin-user-table]');
    await shoot(english, 'list-en-phone', true);
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);

    // the chosen accounts go together, after one confirmation naming them
    await english.goto(`${server.url}/admin/user?l=en&keyword=ph`, { waitUntil: 'networkidle0' });
    await english.waitForSelector('[data-testid=admin-user-row-ph3]');
    for (const name of ['ph1', 'ph2', 'ph3']) await english.tap(`[data-testid=admin-user-select-${name}]`);
    expect(await textOf(english, '[data-testid=admin-user-delete-selected]')).toBe('Delete 3 selected');
    await english.tap('[data-testid=admin-user-delete-selected]');
    await english.waitForSelector('[data-testid=admin-user-delete-confirm]');
    expect(await textOf(english, '[data-testid=admin-user-delete-confirm]')).toContain('ph1, ph2, ph3');
    await shoot(english, 'delete-en-phone');
    await english.tap('[data-testid=admin-user-delete-confirm] [data-testid=confirm-ok]');
    await waitForToast(english, '3 user(s) deleted.');
    await english.waitForSelector('[data-testid=admin-user-empty]');
    expect(await english.$('[data-testid=admin-user-delete-selected]')).toBeNull();
    await english.goto(`${server.url}/admin/user/import?l=en`, { waitUntil: 'networkidle0' });
    await english.waitForSelector('[data-testid=import-text]');
    await english.type(
      '[data-testid=import-text]',
      'alpha,pass1234,alpha@example.com,Alpha,male,Al,Some School\nbeta,x',
    );
    await english.waitForSelector('[data-testid=import-row-problems]');
    await shoot(english, 'import-en-phone', true);
    expect(await axeViolations(english, '[data-testid=admin-user-import]')).toEqual([]);
    expect(await pageWidth(english)).toBeLessThanOrEqual(PHONE.width);
    await english.browserContext().close();

    const problemAdmin = await open('/admin?l=en');
    await loginThroughDialog(problemAdmin, 'probadmin', 'admin123');
    await problemAdmin.waitForSelector('[data-testid=admin-menu]');
    expect(await problemAdmin.$('[data-testid=admin-menu-user]')).toBeNull();
    await problemAdmin.goto(`${server.url}/admin/user?l=en`, { waitUntil: 'networkidle0' });
    await problemAdmin.waitForSelector('[data-testid=admin-forbidden]');
    expect(await problemAdmin.$('[data-testid=admin-user-table]')).toBeNull();
    await problemAdmin.browserContext().close();
  });
});
