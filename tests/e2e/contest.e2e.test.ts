import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import type { ContestForm } from '../../shared/schemas/contests';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import {
  DESKTOP,
  loginThroughDialog,
  openPage,
  PHONE,
  photograph,
  SHOTS,
  textOf,
  waitForToast,
} from './pages';

/**
 * A contest in the browser: the list, the shell with its header and tabs, the entry dialog of a
 * private contest, a scheduled contest's closed tabs, the problem page submitting to the contest and
 * judged for real, the Status tab, the 15-minute warning; as visitor, contestant and contest admin, in both
 * languages and on a phone.
 */
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

async function contest(form: Partial<ContestForm>, from: number, length: number): Promise<number> {
  const c = await root.api.adminAddContest({
    title: 'Browser Cup',
    description: 'Solve **everything**.',
    type: 0,
    auth: 0,
    startTime: at(from),
    endTime: at(from + length),
    ...form,
  });
  const problems = await root.api.getProblemList({ limit: 50 });
  const pid = (id: string) => problems.records.find((p) => p.problemId === id)?.pid ?? 0;
  await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pid('1000'), displayId: 'A' });
  await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pid('1001'), displayId: 'B' });
  return c.id;
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  await createUser(server.server.ctx.db, { username: 'alice', password: 'alice123' });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

const open = (path: string, viewport = DESKTOP) => openPage(browser, `${server.url}${path}`, viewport);
const rowsText = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

describe('contests in the browser', () => {
  it('lists contests with filters and countdowns; a visitor is asked to log in', async () => {
    await contest({ title: 'Later Cup' }, 2 * HOUR, HOUR);
    const page = await open('/contest?l=en');
    await page.waitForSelector('[data-testid=contest-row]');
    const titles = await rowsText(page, '[data-testid=contest-link]');
    expect(titles).toEqual(expect.arrayContaining(['Later Cup', 'Verdict Warm-up Round']));
    const later = await page.$$eval('[data-testid=contest-row]', (rows) =>
      rows.map((r) => (r as HTMLElement).innerText).find((t) => t.includes('Later Cup')),
    );
    expect(later).toMatch(/Scheduled/);
    expect(later).toMatch(/-0[12]:\d\d:\d\d/);

    await page.type('[data-testid=contest-keyword]', 'later');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=contest-row]').length === 1);
    expect(page.url()).toContain('keyword=later');

    await page.click('[data-testid=contest-link]');
    await page.waitForSelector('[data-testid=contest-login-required]');
    expect(await textOf(page, '[data-testid=contest-login-required]')).toContain('Please login first!');
    await photograph(page, 'contest-list-en');
    await page.browserContext().close();
  });

  it('opens a private contest with its briefing and password, then submits to it and sees the verdict', async () => {
    const cid = await contest(
      {
        title: 'Private Cup',
        auth: 1,
        pwd: 'opensesame',
        informedTitle: 'Read first',
        informed: 'No **phones**.',
      },
      -HOUR,
      3 * HOUR,
    );
    const page = await open(`/contest/${cid}?l=en`);
    await loginThroughDialog(page, 'alice', 'alice123');
    await page.waitForSelector('[data-testid=contest-entry-dialog]');
    expect(await textOf(page, '[data-testid=contest-entry-dialog] h2')).toBe('Read first');
    // the briefing is Markdown, rendered by a lazy chunk
    await page.waitForFunction(
      () => document.querySelector('[data-testid=contest-informed] strong')?.textContent === 'phones',
    );
    expect(await textOf(page, '[data-testid=contest-informed]')).toBe('No phones.');
    expect(await textOf(page, '[data-testid=contest-blocked]')).toContain(
      'Register for the contest with its password first.',
    );

    // an empty password is refused in the form, a wrong one by the server
    await page.click('[data-testid=contest-entry-accept]');
    expect(await textOf(page, '[data-testid=contest-password-error]')).toBe('Enter the contest password.');
    await page.type('[data-testid=contest-password]', 'wrong');
    await page.click('[data-testid=contest-entry-accept]');
    await waitForToast(page, 'Wrong contest password.');
    await page.click('[data-testid=contest-password]', { count: 3 });
    await page.type('[data-testid=contest-password]', 'opensesame');
    await page.click('[data-testid=contest-entry-accept]');
    await waitForToast(page, 'Registered for the contest.');
    await page.waitForSelector('[data-testid=contest-overview]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=contest-overview] strong')?.textContent === 'everything',
    );
    expect(await textOf(page, '[data-testid=contest-status]')).toBe('Running');
    expect(await page.$('[data-testid=contest-register]')).toBeNull();
    // a participant sees the participants' tabs only
    const tabs = await page.$$eval('[data-testid=contest-tabs] a', (as) =>
      as.map((a) => a.getAttribute('data-testid')),
    );
    expect(tabs).toEqual([
      'contest-tab-overview',
      'contest-tab-problems',
      'contest-tab-submissions',
      'contest-tab-rank',
      'contest-tab-announcements',
      'contest-tab-clarifications',
      // the website opens contest comment areas by default
      'contest-tab-comment',
    ]);
    await photograph(page, 'contest-overview-en');

    await page.click('[data-testid=contest-tab-problems]');
    await page.waitForSelector('[data-testid=contest-problem-row]');
    expect(await rowsText(page, '[data-testid=contest-problem-row]')).toEqual([
      'Not tried A A+B Problem 0 / 0',
      'Not tried B Sum of a List 0 / 0',
    ]);
    await page.click('[data-testid=contest-problem-link]');
    await page.waitForSelector('[data-testid=problem-title]');
    expect(await textOf(page, '[data-testid=problem-title]')).toBe('A+B Problem (A)');
    // while the contest runs the level is withheld
    expect(await page.$('[data-testid=problem-level]')).toBeNull();
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    await page.click('[data-testid=submit]');
    await page.waitForFunction(
      (ac) => document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(ac),
      { timeout: 90_000 },
      JudgeStatus.ACCEPTED,
    );
    await photograph(page, 'contest-problem-en');

    await page.click('[data-testid=contest-tab-submissions]');
    await page.waitForSelector('[data-testid=submission-row]');
    const rows = await rowsText(page, '[data-testid=submission-row]');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^1 AA\+B Problem Accepted .* alice /);
    // the row's links stay inside the contest
    const href = await page.$eval('[data-testid=submission-row] a', (a) => a.getAttribute('href'));
    expect(href).toMatch(new RegExp(`^/contest/${cid}/problem/A/submission-detail/\\d+$`));
    await page.click('[data-testid=contest-tab-problems]');
    await page.waitForSelector('[data-testid=problem-mark-A][data-mark=accepted]');
    expect(await textOf(page, '[data-testid=contest-count]')).toBe('1 participant');
    await page.browserContext().close();
  });

  it('keeps a scheduled contest closed to participants but open to its admin (zh-CN)', async () => {
    const cid = await contest({ title: '明日之赛' }, 3 * HOUR, HOUR);
    const page = await open(`/contest/${cid}/problems?l=zh-CN`);
    await loginThroughDialog(page, 'alice', 'alice123');
    await page.waitForSelector('[data-testid=contest-blocked]');
    expect(await textOf(page, '[data-testid=contest-blocked]')).toBe('比赛尚未开始。');
    expect(await textOf(page, '[data-testid=contest-status]')).toBe('未开始');
    expect(await textOf(page, '[data-testid=contest-countdown]')).toMatch(/^-0[23]:\d\d:\d\d$/);
    await page.click('[data-testid=contest-tab-overview]');
    await page.waitForSelector('[data-testid=contest-overview]');
    await photograph(page, 'contest-scheduled-zh');
    await page.browserContext().close();

    const admin = await open(`/contest/${cid}/problems?l=zh-CN`);
    await loginThroughDialog(admin, 'root', server.rootPassword);
    await admin.waitForSelector('[data-testid=contest-problem-row]');
    const tabs = await admin.$$eval('[data-testid=contest-tabs] a', (as) =>
      as.map((a) => a.getAttribute('data-testid')),
    );
    expect(tabs).toEqual(
      expect.arrayContaining([
        'contest-tab-ac-info',
        'contest-tab-admin-print',
        'contest-tab-rejudge',
        'contest-tab-scroll-board',
      ]),
    );
    await admin.browserContext().close();
  });

  it('warns once when 15 minutes remain, until dismissed; fits a phone', async () => {
    const cid = await contest({ title: 'Closing Cup' }, -HOUR, HOUR + 10 * MIN);
    const page = await open(`/contest/${cid}?l=en`, PHONE);
    await loginThroughDialog(page, 'alice', 'alice123');
    await page.waitForSelector('[data-testid=contest-end-warning]');
    expect(await textOf(page, '[data-testid=contest-end-warning]')).toMatch(
      /The contest ends in 1[01] minutes/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await photograph(page, 'contest-warning-phone');
    await page.click('[data-testid=contest-end-warning-close]');
    await page.waitForSelector('[data-testid=contest-end-warning]', { hidden: true });
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=contest-header]');
    expect(await page.$('[data-testid=contest-end-warning]')).toBeNull();
    await page.browserContext().close();
  });

  it('asks before replacing an earlier submission of a sealed OI contest, whose results then show only as submitted', async () => {
    const cid = await contest(
      { title: 'Sealed OI', type: 1, sealRank: true, sealRankTime: at(-30 * MIN) },
      -HOUR,
      2 * HOUR,
    );
    const page = await open(`/contest/${cid}/problem/A?l=en`);
    await loginThroughDialog(page, 'alice', 'alice123');
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    // the first submission goes straight through and shows only as submitted
    await page.click('[data-testid=submit]');
    await page.waitForFunction(
      (s) => document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(s),
      { timeout: 90_000 },
      JudgeStatus.SUBMITTED_UNKNOWN,
    );
    // the next one asks first (it replaces the earlier one, whose result is hidden) once the page
    // knows of the earlier one
    await page.waitForNetworkIdle();
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=contest-overwrite]');
    expect(await textOf(page, '[data-testid=contest-overwrite]')).toContain(
      'A new submission replaces the one you made earlier.',
    );
    await photograph(page, 'contest-overwrite-en');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=contest-overwrite]', { hidden: true });
    await page.browserContext().close();
  });
});
