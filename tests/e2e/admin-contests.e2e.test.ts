import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import { CONSOLE_ZONE, typeDateTime } from './console';
import {
  chooseOption,
  DESKTOP,
  loginThroughDialog,
  PHONE,
  pageWidth,
  photograph,
  textOf,
  type Viewport,
  waitForToast,
} from './pages';

/**
 * The admin console's contest pages in Chromium: root creates an ACM contest starting now for
 * two hours (the times typed into the form, in the browser's zone), adds problem 1000 from the
 * problem list as A and makes a contest-only problem B in the problem editor's contest mode,
 * colours B's balloon, sees both on the contest's problem page, posts an announcement and
 * downloads the board as CSV. Refusals come with the server's words; an ordinary admin sees
 * only their own contests, in Chinese, on a phone. Screenshots of both languages, desktop and
 * phone, go to /tmp/admin-shots/contests.
 */
const SHOTS = '/tmp/admin-shots/contests';
/** The browser's zone in these tests: the form must say it and read the times in it. */
const MINUTE = 60_000;
const HOUR = 3_600_000;

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let downloads: string;
let root: TestClient;
let mine: AdminContestVO;
let other: AdminContestVO;
let pid1000 = 0;
let cid = 0;
let pidB = 0;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  downloads = mkdtempSync(join(tmpdir(), 'verdict-contest-downloads-'));
  const backdrop = new PNG({ width: 48, height: 27 });
  backdrop.data.fill(90);
  writeFileSync(join(downloads, 'backdrop.png'), PNG.sync.write(backdrop));
  server = await startTestServer({ judgeWorkers: 0 });
  const db = server.server.ctx.db;
  await createUser(db, { username: 'cadmin', password: 'cadmin123', roleId: Role.ADMIN });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const cadmin = testClient(server.url);
  await cadmin.login('cadmin', 'cadmin123');
  const start = Date.now() + 24 * HOUR;
  mine = await cadmin.api.adminAddContest({
    title: 'Campus Warm-up',
    type: 1,
    auth: 0,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 3 * HOUR).toISOString(),
  });
  // its short name is taken, so the form's first save is refused by the server
  other = await root.api.adminAddContest({
    title: 'Old Practice',
    type: 0,
    auth: 0,
    shortName: 'takencup',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + HOUR).toISOString(),
  });
  const problem = await db.kysely
    .selectFrom('problem')
    .select('id')
    .where('problem_id', '=', '1000')
    .executeTakeFirstOrThrow();
  pid1000 = problem.id;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/** A page in a fresh context in the test zone; its downloads land in `downloads`. */
async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext({
    downloadBehavior: { policy: 'allow', downloadPath: downloads },
  });
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.emulateTimezone(CONSOLE_ZONE);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await photograph(page, name, { fullPage, settleMs: 300 });
}

/** Picks a colour in a colour input (the native picker is outside the page). */
async function pickColour(page: Page, selector: string, colour: string): Promise<void> {
  await page.$eval(
    selector,
    (el, value) => {
      const input = el as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    colour,
  );
}

/**
 * Clicks an element once it sits mid-screen: near the bottom the editor's sticky save bar lies
 * over it, as it would for a user who had not scrolled.
 */
async function clickCentered(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
  await page.click(selector);
}

/** Replaces an input's text as a user would: select it all, type over it. */
async function replaceText(page: Page, selector: string, value: string): Promise<void> {
  await page.focus(selector);
  await page.$eval(selector, (el) => (el as HTMLInputElement).select());
  await page.keyboard.type(value);
}

async function waitForFile(name: string): Promise<string> {
  const path = join(downloads, name);
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 100));
  expect(existsSync(path)).toBe(true);
  return readFileSync(path, 'utf8');
}

describe('contests in the admin console', () => {
  it('root creates an ACM contest starting now for two hours; refusals say why beside the field', async () => {
    const page = await open('/admin/contest?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=admin-contest-table]');
    const menu = await page.$$eval('[data-testid=admin-menu] a', (links) =>
      links.map((a) => a.getAttribute('data-testid')),
    );
    // Contests follows Problems
    expect(menu.indexOf('admin-menu-contest')).toBe(menu.indexOf('admin-menu-problem') + 1);
    // root sees every contest, another admin's too
    await page.waitForSelector(`[data-testid=admin-contest-row-${mine.id}]`);
    expect(await axeViolations(page, '[data-testid=admin-contests]')).toEqual([]);
    await shoot(page, 'list-en-desktop');

    await page.click('[data-testid=admin-contest-create]');
    await page.waitForSelector('[data-testid=contest-editor]');
    expect(page.url()).toMatch(/\/admin\/contest\/create$/);
    expect(await textOf(page, '[data-testid=contest-time-zone]')).toContain('UTC+08:00 (Asia/Shanghai)');

    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    await page.type('#contest-title', 'Admin Cup');
    await page.type('#contest-description', 'Solve **everything**.');
    await page.click('[data-testid=contest-description-preview]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=contest-editor] strong')?.textContent === 'everything',
    );
    await typeDateTime(page, '#contest-startTime', start);
    // an end before the start: the form says so with the server's words before sending anything
    await typeDateTime(page, '#contest-endTime', new Date(start.getTime() - HOUR));
    expect(await textOf(page, '[data-testid=contest-duration]')).toBe('—');
    await page.click('[data-testid=contest-save]');
    await page.waitForSelector('[data-testid=contest-endTime-error]');
    expect(await textOf(page, '[data-testid=contest-endTime-error]')).toBe(
      'The contest must end after it starts.',
    );
    await typeDateTime(page, '#contest-endTime', new Date(start.getTime() + 2 * HOUR));
    expect(await textOf(page, '[data-testid=contest-duration]')).toBe('2 h 0 min');

    await clickCentered(page, '[data-testid=contest-sealRank]');
    await typeDateTime(page, '#contest-sealRankTime', new Date(start.getTime() + 90 * MINUTE));
    await clickCentered(page, '[data-testid=contest-openRank]');
    await page.type('#contest-starAccount', 'guest1\nguest2');
    // a short name another contest has: only the server knows, and its words appear under the field
    await page.type('#contest-shortName', 'takencup');
    expect(await textOf(page, '[data-testid=contest-site-address]')).toContain('/takencup');
    await shoot(page, 'editor-en-desktop', true);
    await page.click('[data-testid=contest-save]');
    await waitForToast(page, 'Another contest already uses this short name.');
    await page.waitForSelector('[data-testid=contest-shortName-error]');
    expect(await textOf(page, '[data-testid=contest-shortName-error]')).toBe(
      'Another contest already uses this short name.',
    );
    expect(await axeViolations(page, '[data-testid=contest-editor]')).toEqual([]);
    await replaceText(page, '#contest-shortName', 'admincup');
    // the landing page's background is uploaded from the form (pages load images from the site only)
    const picker = (await page.$(
      '[data-testid=contest-backgroundImage-upload]',
    )) as ElementHandle<HTMLInputElement> | null;
    await picker?.uploadFile(join(downloads, 'backdrop.png'));
    await page.waitForFunction(() =>
      (document.querySelector('#contest-backgroundImage') as HTMLInputElement | null)?.value.startsWith(
        '/api/public/img/',
      ),
    );
    await page.click('[data-testid=contest-save]');
    await waitForToast(page, 'Contest created.');
    await page.waitForSelector('[data-testid=contest-problems-admin]');
    cid = Number(/\/admin\/contest\/(\d+)\/problem$/.exec(page.url())?.[1]);
    expect(cid).toBeGreaterThan(0);

    const stored = await root.api.adminGetContest(cid);
    expect(stored).toMatchObject({
      title: 'Admin Cup',
      type: 0,
      auth: 0,
      status: 0,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * HOUR).toISOString(),
      duration: 7200,
      sealRank: true,
      sealRankTime: new Date(start.getTime() + 90 * MINUTE).toISOString(),
      openRank: true,
      starAccount: ['guest1', 'guest2'],
      shortName: 'admincup',
      backgroundImage: expect.stringMatching(/^\/api\/public\/img\/[0-9a-f]+\.png$/),
    });
    const served = await fetch(`${server.url}${stored.backgroundImage}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    await page.browserContext().close();
  });

  it('adds problem 1000 as A and makes contest-only problem B in contest mode; the site lists both', async () => {
    const page = await open(`/admin/contest/${cid}/problem?l=en`);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=contest-problems-empty]');
    expect(await textOf(page, '[data-testid=admin-contest-heading]')).toBe('Admin Cup');

    await page.click('[data-testid=contest-problem-add-from-list]');
    await page.waitForSelector('[data-testid=contest-candidates]');
    await page.type('[data-testid=contest-candidate-search]', '1000');
    await page.keyboard.press('Enter');
    const row = `[data-testid=candidate-${pid1000}]`;
    await page.waitForSelector(row);
    expect(await page.$eval(`${row} input`, (el) => (el as HTMLInputElement).value)).toBe('A');
    await shoot(page, 'add-dialog-en-desktop');
    expect(await axeViolations(page, '[data-testid=contest-add-problem-dialog]')).toEqual([]);
    await page.click(`[data-testid=candidate-${pid1000}-add]`);
    await waitForToast(page, 'Problem added to the contest as A.');
    await page.waitForSelector(row, { hidden: true });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=contest-add-problem-dialog]', { hidden: true });
    await page.waitForSelector(`[data-testid=contest-problem-${pid1000}-row][data-display-id=A]`);

    await page.click('[data-testid=contest-problem-create]');
    await page.waitForSelector('[data-testid=problem-editor]');
    expect(page.url()).toMatch(new RegExp(`/admin/contest/${cid}/problem/create$`));
    expect(await textOf(page, '[data-testid=problem-editor-title]')).toBe('New problem for this contest');
    expect(await textOf(page, '[data-testid=problem-auth-contest-only]')).toBe('Contest only');
    expect(await page.$eval('#contest-displayId', (el) => (el as HTMLInputElement).value)).toBe('B');
    await page.type('#problem-problemId', 'CB1');
    await page.type('#problem-title', 'Contest only B');
    await page.type('#problem-description', 'Print the sum of two integers.');
    await page.click('[data-testid=testdata-source-manual]');
    await page.type('#typed-case-0-input', '2 3\n');
    await page.type('#typed-case-0-output', '5\n');
    await page.type('#contest-displayTitle', 'Sum (B)');
    await pickColour(page, '#contest-color', '#1e88e5');
    await shoot(page, 'contest-problem-editor-en-desktop', true);
    expect(await axeViolations(page, '[data-testid=contest-placement]')).toEqual([]);
    await page.click('[data-testid=problem-save]');
    await waitForToast(page, 'Problem CB1 made and added to the contest as B.');
    await page.waitForSelector('[data-testid=contest-problem-list]');
    expect(page.url()).toMatch(new RegExp(`/admin/contest/${cid}/problem$`));

    const list = await root.api.adminListContestProblems({ cid });
    const b = Object.values(list.contestProblemMap).find((p) => p.displayId === 'B');
    pidB = b?.pid ?? 0;
    expect(b).toMatchObject({ displayTitle: 'Sum (B)', color: '#1e88e5' });
    expect((await root.api.adminGetProblem(pidB)).auth).toBe(3);
    // in display id order
    const order = await page.$$eval('[data-testid=contest-problem-list] > li', (rows) =>
      rows.map((r) => r.getAttribute('data-display-id')),
    );
    expect(order).toEqual(['A', 'B']);

    // B's balloon gets another colour in place
    await pickColour(page, `#contest-problem-${pidB}-color`, '#e53935');
    await page.click(`[data-testid=contest-problem-${pidB}-save]`);
    await waitForToast(page, 'Problem B saved.');
    expect((await root.api.adminGetContestProblem(cid, pidB)).color).toBe('#e53935');

    // a display id the contest uses already: the server refuses, the row says why
    await replaceText(page, `#contest-problem-${pid1000}-displayId`, 'B');
    await page.click(`[data-testid=contest-problem-${pid1000}-save]`);
    await waitForToast(page, 'Another problem of this contest already has this display id.');
    expect(await textOf(page, `[data-testid=contest-problem-${pid1000}-error]`)).toBe(
      'Another problem of this contest already has this display id.',
    );
    await replaceText(page, `#contest-problem-${pid1000}-displayId`, 'A');
    expect(await axeViolations(page, '[data-testid=contest-problems-admin]')).toEqual([]);
    await shoot(page, 'problems-en-desktop');

    await page.goto(`${server.url}/contest/${cid}/problems?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=contest-problem-row]');
    const site = await page.$$eval('[data-testid=contest-problem-row]', (rows) =>
      rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    expect(site).toHaveLength(2);
    expect(site[0]).toContain('A A+B Problem');
    expect(site[1]).toContain('B Sum (B)');
    const dot = await page.$$eval('[data-testid=contest-problem-row] span[aria-hidden]', (dots) =>
      dots.map((d) => (d as HTMLElement).style.backgroundColor),
    );
    expect(dot).toContain('rgb(229, 57, 53)');
    await page.browserContext().close();
  });

  it('posts an announcement and downloads the board as CSV through the button', async () => {
    const page = await open(`/admin/contest/${cid}/announcement?l=en`);
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=contest-announcements-empty]');
    await page.click('[data-testid=contest-announcement-create]');
    await page.waitForSelector('[data-testid=contest-announcement-dialog]');
    await page.type('#contest-announcement-title', 'Clarification');
    await page.type('#contest-announcement-content', 'Problem **B** reads two integers.');
    await page.click('[data-testid=contest-announcement-save]');
    await waitForToast(page, 'Announcement published.');
    await page.waitForSelector(
      '[data-testid=contest-announcement-table] [data-testid^=contest-announcement-row-]',
    );
    const posted = await root.api.adminListContestAnnouncements({ cid });
    expect(posted.records.map((a) => [a.title, a.status])).toEqual([['Clarification', 0]]);
    expect(await axeViolations(page, '[data-testid=contest-announcements-admin]')).toEqual([]);
    await shoot(page, 'announcements-en-desktop');

    await page.click('[data-testid=admin-contest-tab-problem]');
    await page.waitForSelector('[data-testid=contest-problem-list]');
    await page.click('[data-testid=contest-downloads]');
    await page.waitForSelector('[data-testid=contest-downloads-dialog]');
    // the dialog has finished opening (colours mid-fade would fool the contrast check)
    await shoot(page, 'downloads-en-desktop');
    expect(await axeViolations(page, '[data-testid=contest-downloads-dialog]')).toEqual([]);
    await page.click('[data-testid=contest-download-rank-csv]');
    await waitForToast(page, 'Download started.');
    const csv = await waitForFile(`contest_${cid}_rank.csv`);
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'Rank,Username,Shown name,Real name,School,Solved,Penalty,A,B',
    );
    await page.browserContext().close();
  });

  it('root deletes a contest after confirming; the visibility switches in place', async () => {
    const page = await open('/admin/contest?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector(`[data-testid=admin-contest-row-${other.id}]`);
    await page.click(`[data-testid=admin-contest-visible-${cid}]`);
    await waitForToast(page, 'Update Successfully');
    expect((await root.api.adminGetContest(cid)).visible).toBe(false);
    await page.click(`[data-testid=admin-contest-visible-${cid}]`);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-state') === 'checked',
      {},
      `[data-testid=admin-contest-visible-${cid}]`,
    );
    await page.click(`[data-testid=admin-contest-delete-${other.id}]`);
    await page.waitForSelector('[data-testid=confirm-dialog]');
    expect(await textOf(page, '[data-testid=confirm-dialog]')).toContain(
      'Delete the contest “Old Practice”?',
    );
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, 'Deleted successfully');
    await page.waitForSelector(`[data-testid=admin-contest-row-${other.id}]`, { hidden: true });
    expect((await root.api.adminListContests({ keyword: 'Old Practice' })).total).toBe(0);
    await page.browserContext().close();
  });

  it('an ordinary admin sees only their own contests, in Chinese on a phone, and not root’s', async () => {
    const page = await open('/admin?l=zh-cn', PHONE);
    await loginThroughDialog(page, 'cadmin', 'cadmin123');
    await page.waitForSelector('[data-testid=admin-menu-contest]');
    await page.click('[data-testid=admin-menu-contest]');
    await page.waitForSelector(`[data-testid=admin-contest-row-${mine.id}]`);
    const titles = await page.$$eval('[data-testid=admin-contest-title]', (els) =>
      els.map((e) => (e as HTMLElement).innerText),
    );
    expect(titles).toEqual(['Campus Warm-up']);
    expect(await textOf(page, '[data-testid=admin-menu-contest]')).toBe('比赛管理');
    expect(await page.$(`[data-testid=admin-contest-delete-${mine.id}]`)).toBeNull();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'list-zh-phone');

    await page.click(`[data-testid=admin-contest-edit-${mine.id}]`);
    await page.waitForSelector('[data-testid=contest-editor]');
    expect(await page.$eval('#contest-title', (el) => (el as HTMLInputElement).value)).toBe('Campus Warm-up');
    expect(await textOf(page, '[data-testid=contest-time-zone]')).toContain('UTC+08:00 (Asia/Shanghai)');
    await replaceText(page, '#contest-title', 'Campus Warm-up II');
    // awards by number of participants start as gold, silver and bronze
    await chooseOption(page, '#contest-awardType', '[data-testid=contest-awardType-2]');
    await page.waitForSelector('[data-testid=contest-award-2]');
    expect(await page.$eval('#contest-award-0-name', (el) => (el as HTMLInputElement).value)).toBe('金奖');
    // on a phone the login's toast sits over the save bar until it fades
    await page.waitForSelector('[data-sonner-toast]', { hidden: true, timeout: 15_000 });
    await page.click('[data-testid=contest-save]');
    await waitForToast(page, '比赛已更新。');
    await page.waitForSelector(`[data-testid=admin-contest-row-${mine.id}]`);
    const saved = await root.api.adminGetContest(mine.id);
    expect(saved.title).toBe('Campus Warm-up II');
    expect(saved.awardType).toBe(2);
    expect(saved.awardConfigList.map((a) => [a.priority, a.name, a.num])).toEqual([
      [1, '金奖', 1],
      [2, '银奖', 1],
      [3, '铜奖', 1],
    ]);

    // root's contest is not theirs: the server's refusal, in Chinese
    await page.goto(`${server.url}/admin/contest/${cid}/edit?l=zh-cn`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=admin-contest-refused]');
    expect(await textOf(page, '[data-testid=admin-contest-refused] p')).toBe(
      '只有比赛的创建者或超级管理员可以管理该比赛。',
    );
    await page.browserContext().close();
  });

  // the phone in both languages (its width is checked: longer words wrap differently), the desktop in one
  it('looks right in both languages, desktop and phone', async () => {
    const screens = [
      ['list', '/admin/contest', '[data-testid=admin-contest-table]'],
      ['editor', `/admin/contest/${cid}/edit`, '[data-testid=contest-editor]'],
      ['problems', `/admin/contest/${cid}/problem`, '[data-testid=contest-problem-list]'],
      ['announcements', `/admin/contest/${cid}/announcement`, '[data-testid=contest-announcement-table]'],
      ['contest-problem-editor', `/admin/contest/${cid}/problem/create`, '[data-testid=contest-placement]'],
    ] as const;
    for (const [lang, l] of [
      ['en', 'en'],
      ['zh', 'zh-cn'],
    ] as const) {
      for (const [device, viewport] of [
        ...(lang === 'en' ? ([['desktop', DESKTOP]] as const) : []),
        ['phone', PHONE],
      ] as const) {
        const page = await open(`/admin/contest?l=${l}`, viewport);
        await loginThroughDialog(page, 'root', server.rootPassword);
        for (const [name, path, ready] of screens) {
          await page.goto(`${server.url}${path}?l=${l}`, { waitUntil: 'networkidle0' });
          await page.waitForSelector(ready);
          await shoot(page, `${name}-${lang}-${device}`, name !== 'list');
          if (device === 'phone')
            expect(await pageWidth(page), `${name} ${lang}`).toBeLessThanOrEqual(PHONE.width);
        }
        await page.browserContext().close();
      }
    }
  });
});
