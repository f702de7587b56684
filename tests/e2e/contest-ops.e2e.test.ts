import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import {
  DESKTOP,
  PHONE,
  photograph,
  retype,
  SHOTS,
  signIn,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/**
 * The contest's operation tabs: announcements with the unread popup, the print form,
 * Admin Print, Admin Helper (AC info), Rejudge, and the no-permission state of the admin tabs.
 */
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let downloads: string;
let admin: TestClient;
let contest: AdminContestVO;
let pidA: number;
let welcomeId: number;

const PASSWORDS = { deskadmin: 'admin1234', player: 'player123', root: '' } as const;
type Who = keyof typeof PASSWORDS;
const PRINT_TEXT =
  '#include <cstdio>\nint main() {\n  puts("hello from seat 12");\n  return 0;\n}\n// please print it\n';

const db = () => server.server.ctx.db.kysely;
const uidOf = async (username: string) =>
  (
    await db()
      .selectFrom('user_info')
      .select('uuid')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).uuid;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  downloads = mkdtempSync(join(tmpdir(), 'verdict-ops-downloads-'));
  server = await startTestServer({ judgeWorkers: 0 });
  await createUser(server.server.ctx.db, {
    username: 'deskadmin',
    password: PASSWORDS.deskadmin,
    roleId: Role.ADMIN,
  });
  await createUser(server.server.ctx.db, { username: 'player', password: PASSWORDS.player });
  await db()
    .updateTable('user_info')
    .set({ realname: 'Pat Player' })
    .where('username', '=', 'player')
    .execute();
  admin = testClient(server.url);
  await admin.login('deskadmin', PASSWORDS.deskadmin);

  const problems = await db().selectFrom('problem').select(['id', 'problem_id']).orderBy('id').execute();
  pidA = problems.find((p) => p.problem_id === '1000')?.id ?? 0;
  const pidB = problems.find((p) => p.problem_id === '1001')?.id ?? 0;
  expect(pidA * pidB).toBeGreaterThan(0);
  const hour = 3_600_000;
  contest = await admin.api.adminAddContest({
    title: 'Desk Cup',
    description: 'Operations desk.',
    type: 0,
    auth: 0,
    openPrint: true,
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 3 * hour).toISOString(),
  });
  await admin.api.adminAddContestProblemFromPublic({ cid: contest.id, pid: pidA, displayId: 'A' });
  await admin.api.adminAddContestProblemFromPublic({ cid: contest.id, pid: pidB, displayId: 'B' });
  await db()
    .updateTable('contest_problem')
    .set({ color: '#e53935' })
    .where('cid', '=', contest.id)
    .where('display_id', '=', 'A')
    .execute();
  const welcome = await admin.api.adminAddContestAnnouncement({
    cid: contest.id,
    announcement: { title: 'Welcome', content: 'Good **luck** to all teams.' },
  });
  welcomeId = welcome.id;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/**
 * A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them).
 * `readAll` marks the contest's current announcements read in this browser, so no popup covers the
 * screen under test.
 */
async function open(
  path: string,
  who: Who | null,
  viewport: Viewport = DESKTOP,
  readAll = true,
): Promise<Page> {
  const context = await browser.createBrowserContext({
    downloadBehavior: { policy: 'allow', downloadPath: downloads },
  });
  const page = await context.newPage();
  await page.setViewport(viewport);
  if (who) {
    const password = who === 'root' ? server.rootPassword : PASSWORDS[who];
    const read = readAll
      ? (await admin.api.adminListContestAnnouncements({ cid: contest.id, limit: 100 })).records.map(
          (a) => a.id,
        )
      : [];
    await signIn(page, server.url, { username: who, password }, (uid) => ({
      [`contestAnnounce_${uid}_${contest.id}`]: JSON.stringify(read),
    }));
  }
  await page.goto(`${server.url}/contest/${contest.id}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

async function shot(page: Page, name: string) {
  await photograph(page, `ops-${name}`, { settleMs: 300 });
}

describe('contest operations in the web app', () => {
  it('pops unread announcements once, lists them with a Markdown detail, and the admin posts one (en)', async () => {
    const player = await open('/announcements?l=en', 'player', DESKTOP, false);
    await player.waitForSelector(`[data-testid=contest-announcement-popup-${welcomeId}]`);
    expect(await textOf(player, '[data-testid=contest-announcement-popup]')).toContain(
      'Good luck to all teams.',
    );
    await shot(player, 'popup-en');
    await player.click('[data-testid=contest-announcement-popup-close]');
    await player.waitForSelector('[data-testid=contest-announcement-popup]', { hidden: true });

    await player.waitForSelector(`[data-testid=contest-announcement-${welcomeId}]`);
    expect(await player.$('[data-testid=contest-announcement-create]')).toBeNull();
    await player.click(`[data-testid=contest-announcement-open-${welcomeId}]`);
    await player.waitForSelector('[data-testid=contest-announcement-content] strong');
    expect(await textOf(player, '[data-testid=contest-announcement-detail]')).toContain(
      'Posted by deskadmin',
    );
    await shot(player, 'announcement-detail-en');
    await player.click('[data-testid=contest-announcement-back]');
    await player.waitForSelector(`[data-testid=contest-announcement-${welcomeId}]`);

    // the contest's admin posts one through the web form; the empty title is refused first
    const desk = await open('/announcements?l=en', 'deskadmin');
    await desk.waitForSelector('[data-testid=contest-announcement-create]');
    await desk.click('[data-testid=contest-announcement-create]');
    await desk.waitForSelector('[data-testid=contest-announcement-dialog]');
    await desk.click('[data-testid=contest-announcement-save]');
    expect(await textOf(desk, '[data-testid=contest-announcement-title-error]')).toBe(
      'The announcement title is required.',
    );
    await desk.type('#contest-announcement-title', 'Room change');
    await desk.type('#contest-announcement-content', 'Teams 1-10 move to **room 204**.');
    await desk.click('[data-testid=contest-announcement-save]');
    await waitForToast(desk, 'Announcement published.');
    await desk.waitForSelector('[data-testid=contest-announcement-dialog]', { hidden: true });
    const roomId = (await admin.api.adminListContestAnnouncements({ cid: contest.id })).records[0]?.id ?? 0;
    expect(roomId).toBeGreaterThan(welcomeId);
    await desk.waitForSelector(`[data-testid=contest-announcement-${roomId}]`);
    // newest first
    const order = await desk.$$eval('[data-testid^=contest-announcement-open-]', (els) =>
      els.map((e) => e.getAttribute('data-testid')),
    );
    expect(order).toEqual([`contest-announcement-open-${roomId}`, `contest-announcement-open-${welcomeId}`]);
    // its author gets no popup of their own announcement
    await new Promise((r) => setTimeout(r, 500));
    expect(await desk.$('[data-testid=contest-announcement-popup]')).toBeNull();
    await shot(desk, 'announcements-admin-en');

    // the player's next poll (a reload instead of waiting 60 s) pops only the new one
    await player.reload({ waitUntil: 'networkidle0' });
    await player.waitForSelector(`[data-testid=contest-announcement-popup-${roomId}]`);
    expect(await player.$(`[data-testid=contest-announcement-popup-${welcomeId}]`)).toBeNull();
    expect(await textOf(player, '[data-testid=contest-announcement-popup]')).toContain('room 204');
    await player.keyboard.press('Escape');
    await player.waitForSelector('[data-testid=contest-announcement-popup]', { hidden: true });
    const stored = await player.evaluate(
      (key) => localStorage.getItem(key),
      `contestAnnounce_${await uidOf('player')}_${contest.id}`,
    );
    expect(JSON.parse(stored ?? '[]')).toEqual([roomId, welcomeId]);
    await player.reload({ waitUntil: 'networkidle0' });
    await player.waitForSelector(`[data-testid=contest-announcement-${roomId}]`);
    await new Promise((r) => setTimeout(r, 800));
    expect(await player.$('[data-testid=contest-announcement-popup]')).toBeNull();
    await player.browserContext().close();
    await desk.browserContext().close();
  });

  it('sends a print request: too short is refused with the rule, then sent, then the 30 s wait (en)', async () => {
    const page = await open('/print?l=en', 'player');
    await page.waitForSelector('[data-testid=contest-tab-print]');
    await page.waitForSelector('#print-content');
    await page.type('#print-content', 'too short to print');
    await page.click('[data-testid=print-submit]');
    expect(await textOf(page, '[data-testid=print-content-error]')).toBe(
      'The text to print must have at least 50 characters.',
    );
    expect(await db().selectFrom('contest_print').select('id').execute()).toEqual([]);

    await retype(page, '#print-content', PRINT_TEXT);
    await page.click('[data-testid=print-submit]');
    await waitForToast(page, 'Print request sent.');
    expect(await page.$eval('#print-content', (e) => (e as HTMLTextAreaElement).value)).toBe('');

    await page.type('#print-content', PRINT_TEXT);
    await page.click('[data-testid=print-submit]');
    await waitForText(
      page,
      '[data-testid=print-server-error]',
      'You have just sent a print request. Please wait',
    );
    const rows = await db().selectFrom('contest_print').select(['content', 'status']).execute();
    expect(rows).toEqual([{ content: PRINT_TEXT, status: 0 }]);
    await shot(page, 'print-en');
    await page.browserContext().close();
  });

  it('says the rule in Chinese and keeps the form full width on a phone (zh-CN)', async () => {
    const page = await open('/print?l=zh-cn', 'player', PHONE);
    await page.waitForSelector('#print-content');
    await page.type('#print-content', '太短了');
    await page.tap('[data-testid=print-submit]');
    expect(await textOf(page, '[data-testid=print-content-error]')).toBe('打印内容不能少于 50 个字符。');
    const widths = await page.evaluate(() => ({
      area: document.querySelector('#print-content')?.getBoundingClientRect().width ?? 0,
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.area).toBeGreaterThan(widths.view * 0.7);
    await shot(page, 'print-zh-phone');
    await page.browserContext().close();
  });

  it('Admin Print lists the request, downloads its text and marks it printed (en)', async () => {
    const page = await open('/admin-print?l=en', 'deskadmin');
    const print = await db().selectFrom('contest_print').select('id').executeTakeFirstOrThrow();
    await page.waitForSelector(`[data-testid=admin-print-row-${print.id}]`);
    expect(await textOf(page, `[data-testid=admin-print-row-${print.id}]`)).toContain('Pat Player');
    expect(await textOf(page, `[data-testid=admin-print-status-${print.id}]`)).toBe('Waiting');
    // the list carries no text
    expect(await textOf(page, '[data-testid=admin-print-table]')).not.toContain('seat 12');
    expect(await page.$eval('#admin-print-auto-refresh', (e) => e.getAttribute('data-state'))).toBe(
      'checked',
    );

    await page.click(`[data-testid=admin-print-download-${print.id}]`);
    await waitForToast(page, 'Download success');
    const deadline = Date.now() + 10_000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = readdirSync(downloads).filter((f) => f.endsWith('.txt'));
      if (files.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(files).toHaveLength(1);
    expect(readFileSync(join(downloads, files[0] ?? ''), 'utf8')).toBe(PRINT_TEXT);

    await page.click(`[data-testid=admin-print-check-${print.id}]`);
    await waitForToast(page, 'Marked as printed.');
    await waitForText(page, `[data-testid=admin-print-status-${print.id}]`, 'Printed');
    expect(await page.$(`[data-testid=admin-print-check-${print.id}]`)).toBeNull();
    expect((await db().selectFrom('contest_print').select('status').executeTakeFirstOrThrow()).status).toBe(
      1,
    );
    await shot(page, 'admin-print-en');
    await page.browserContext().close();

    const phone = await open('/admin-print?l=zh-cn', 'deskadmin', PHONE);
    await phone.waitForSelector(`[data-testid=admin-print-row-${print.id}]`);
    expect(await textOf(phone, `[data-testid=admin-print-status-${print.id}]`)).toBe('已打印');
    // the table scrolls inside its box, the page does not
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'admin-print-zh-phone');
    await phone.browserContext().close();
  });

  it('Admin Helper shows an accept with first blood and toggles its balloon (en, zh-CN)', async () => {
    const cp = await db()
      .selectFrom('contest_problem')
      .select('id')
      .where('cid', '=', contest.id)
      .where('pid', '=', pidA)
      .executeTakeFirstOrThrow();
    const submitTime = new Date(Date.parse(contest.startTime) + (30 * 60 + 5) * 1000).toISOString();
    const { submit_id: submitId } = await db()
      .insertInto('judge')
      .values({
        pid: pidA,
        display_pid: 'A',
        uid: await uidOf('player'),
        username: 'player',
        submit_time: submitTime,
        status: JudgeStatus.ACCEPTED,
        share: 0,
        time: 12,
        memory: 2048,
        score: 100,
        length: 60,
        code: 'int main(){}',
        language: 'C++',
        cid: contest.id,
        cpid: cp.id,
        is_manual: 0,
        attempt: 1,
        judger: 'local',
        gmt_modified: submitTime,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();

    const page = await open('/ac-info?l=en', 'deskadmin');
    await page.waitForSelector(`[data-testid=ac-info-row-${submitId}]`);
    const row = await textOf(page, `[data-testid=ac-info-row-${submitId}]`);
    expect(row).toContain('00:30:05');
    expect(row).toContain('player');
    expect(row).toContain('Pat Player');
    expect(row).toContain('First blood');
    expect(
      await page.$eval(`[data-testid=ac-info-row-${submitId}]`, (e) => e.getAttribute('data-checked')),
    ).toBe('false');
    await page.click(`[data-testid=ac-info-checked-${submitId}]`);
    await waitForToast(page, 'Balloon state saved.');
    await page.waitForSelector(`[data-testid=ac-info-row-${submitId}][data-checked=true]`);
    const balloon = await db()
      .selectFrom('contest_balloon')
      .select('checked')
      .where('submit_id', '=', submitId)
      .executeTakeFirstOrThrow();
    expect(balloon.checked).toBe(1);
    // the auto refresh switch turns off
    await page.click('#ac-info-auto-refresh');
    expect(await page.$eval('#ac-info-auto-refresh', (e) => e.getAttribute('data-state'))).toBe('unchecked');
    await shot(page, 'ac-info-en');
    await page.browserContext().close();

    const zh = await open('/ac-info?l=zh-cn', 'deskadmin');
    await zh.waitForSelector(`[data-testid=ac-info-row-${submitId}]`);
    expect(await textOf(zh, `[data-testid=ac-info-row-${submitId}]`)).toContain('一血');
    await shot(zh, 'ac-info-zh');
    await zh.browserContext().close();
  });

  it('root rejudges a problem after the confirmation (en, zh-CN phone)', async () => {
    const page = await open('/rejudge?l=en', 'root');
    await page.waitForSelector('[data-testid=rejudge-row-A]');
    const header = await page.$$eval('[data-testid=rejudge-table] th', (ths) =>
      ths.map((th) => (th as HTMLElement).innerText.trim()),
    );
    expect(header).toEqual(['ID', 'Problem ID', 'Title', 'AC', 'Total', 'Actions']);
    expect(await textOf(page, '[data-testid=rejudge-row-A]')).toContain(String(pidA));
    await page.click('[data-testid=rejudge-all-A]');
    await page.waitForSelector('[data-testid=confirm-dialog]');
    expect(await textOf(page, '[data-testid=confirm-dialog]')).toContain(
      'Are you sure you want to rejudge all submissions of the questions?',
    );
    await shot(page, 'rejudge-confirm-en');
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, 'Rejudge successfully');
    const row = await db()
      .selectFrom('judge')
      .select('status')
      .where('cid', '=', contest.id)
      .where('pid', '=', pidA)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe(JudgeStatus.ACCEPTED);
    await shot(page, 'rejudge-en');
    await page.browserContext().close();

    const phone = await open('/rejudge?l=zh-cn', 'root', PHONE);
    await phone.waitForSelector('[data-testid=rejudge-row-B]');
    expect(await textOf(phone, '[data-testid=rejudge-all-B]')).toBe('全部重判');
    await shot(phone, 'rejudge-zh-phone');
    await phone.browserContext().close();
  });

  it('a participant gets the no-permission state on the admin tabs, the contest admin on Rejudge', async () => {
    const page = await open('/ac-info?l=zh-cn', 'player', PHONE);
    await page.waitForSelector('[data-testid=ops-no-permission]');
    expect(await textOf(page, '[data-testid=ops-no-permission-message]')).toBe(
      '只有本场比赛的管理员可以使用此页面。',
    );
    // and the tabs do not offer them
    expect(await page.$('[data-testid=contest-tab-ac-info]')).toBeNull();
    expect(await page.$('[data-testid=contest-tab-admin-print]')).toBeNull();
    await shot(page, 'no-permission-zh-phone');
    for (const path of ['/admin-print', '/rejudge']) {
      await page.goto(`${server.url}/contest/${contest.id}${path}?l=en`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('[data-testid=ops-no-permission]');
    }
    expect(await textOf(page, '[data-testid=ops-no-permission-message]')).toBe(
      'Only super administrators can rejudge contest problems.',
    );
    await page.browserContext().close();

    const desk = await open('/rejudge?l=en', 'deskadmin');
    await desk.waitForSelector('[data-testid=ops-no-permission]');
    expect(await desk.$('[data-testid=contest-tab-rejudge]')).toBeNull();
    expect(await desk.$('[data-testid=contest-tab-admin-print]')).not.toBeNull();
    await desk.browserContext().close();
  });
});
