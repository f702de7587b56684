import { mkdirSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { type TestClient, testClient } from '../helpers/api';
import { insertJudged } from '../helpers/rank-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch, requireWebBuild } from './chromium';
import {
  type Credentials,
  DESKTOP,
  openAs,
  PHONE,
  pageWidth,
  photograph,
  SHOTS,
  textOf,
  type Viewport,
} from './pages';

/**
 * Ranks and the home page in the web app (docs/architecture.md, Ranks and home page): a visitor
 * reads the living home page (carousel, recent contests, the week's leaders, the week's
 * submissions as a chart with its numbers for screen readers, the latest problems, the
 * announcements) in English and Chinese, on a desktop, in dark mode and at phone width; a user
 * finds themselves on the ACM and OI ranks, searches, pages and switches between them with the
 * top navigation's Rank lit; root follows a leader to their home page; the problem list picks a
 * problem at random. Screenshots in /tmp/shots (rank-*, home-*).
 */

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
const HOUR = 3600_000;

/** A solid PNG for the carousel. */
function png(r: number, g: number, b: number): Blob {
  const image = new PNG({ width: 64, height: 28 });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = r;
    image.data[i + 1] = g;
    image.data[i + 2] = b;
    image.data[i + 3] = 255;
  }
  return new Blob([new Uint8Array(PNG.sync.write(image))], { type: 'image/png' });
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  const { db } = server.server.ctx;
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const lin = await createUser(db, { username: 'rh_lin', password: 'lin12345', nickname: '林同学' });
  const max = await createUser(db, { username: 'rh_max', password: 'max12345' });
  for (let i = 0; i < 12; i++) await createUser(db, { username: `rh_fill${i}`, password: 'fill1234' });
  const pids = Object.fromEntries(
    (await db.kysely.selectFrom('problem').select(['id', 'problem_id']).execute()).map((p) => [
      p.problem_id,
      p.id,
    ]),
  );
  const sub = (
    uid: string,
    username: string,
    problemId: string,
    status: number,
    hoursAgo: number,
    oi?: number,
  ) => ({
    uid,
    username,
    pid: pids[problemId] ?? 0,
    problemId,
    status,
    at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    ...(oi === undefined ? {} : { oiRankScore: oi }),
  });
  const AC = JudgeStatus.ACCEPTED;
  await insertJudged(server, [
    sub(lin, 'rh_lin', '1000', AC, 30),
    sub(lin, 'rh_lin', '1001', AC, 50, 42),
    sub(lin, 'rh_lin', '1002', JudgeStatus.WRONG_ANSWER, 2),
    sub(lin, 'rh_lin', '1002', AC, 1),
    sub(max, 'rh_max', '1000', AC, 3),
    sub(max, 'rh_max', '1003', JudgeStatus.PARTIAL_ACCEPTED, 4, 75),
  ]);
  for (const [r, g, b] of [
    [37, 99, 235],
    [22, 163, 74],
  ] as const) {
    const form = new FormData();
    form.append('file', png(r, g, b), 'banner.png');
    await root.api.adminUploadCarouselImage(form);
  }
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh context, logged in as `who` when given (the token and user info as the app keeps them). */
async function open(path: string, viewport: Viewport = DESKTOP, who?: Credentials): Promise<Page> {
  return openAs(browser, server.url, path, who ?? null, viewport);
}

/** A screenshot; the rank pages' are of the window. */
async function shot(page: Page, name: string, fullPage = true) {
  await photograph(page, name, { fullPage, settleMs: 400 });
}

const usernames = (page: Page) =>
  page.$$eval('[data-testid=rank-row]', (rows) => rows.map((r) => r.getAttribute('data-username')));

/** The chart's bars have been drawn (once its container has been measured). */
const bars = (page: Page, testId: string) =>
  page.waitForSelector(`[data-testid=${testId}-drawing] [data-chart=bar]`, { timeout: 15_000 });

describe('the home page', () => {
  it('a visitor reads it in English: carousel, contests, leaders, chart with its numbers, latest problems', async () => {
    const page = await open('/?l=en-US');
    await page.waitForSelector('main h1');
    // the carousel turns with its buttons (and on its own)
    await page.waitForSelector('[data-testid=home-carousel] [data-testid=carousel-current]');
    const first = await page.$eval('[data-testid=carousel-current]', (img) => (img as HTMLImageElement).src);
    await page.click('[data-testid=carousel-next]');
    await page.waitForFunction(
      (src) =>
        (document.querySelector('[data-testid=carousel-current]') as HTMLImageElement | null)?.src !== src,
      {},
      first,
    );
    // the demo's running contest and tomorrow's
    await page.waitForSelector('[data-testid=home-contest]');
    const contests = await textOf(page, '[data-testid=home-contests]');
    expect(contests).toContain('Verdict Warm-up Round');
    expect(contests).toContain('Verdict OI Open');
    expect(contests).toContain('Running');
    // lin solved three new problems this week, max one
    await page.waitForSelector('[data-testid=home-leader]');
    expect(
      await page.$$eval('[data-testid=home-leader]', (rows) =>
        rows.map((r) => [
          r.getAttribute('data-username'),
          r.querySelector('[data-testid=home-leader-ac]')?.textContent,
        ]),
      ),
    ).toEqual([
      ['rh_lin', '3'],
      ['rh_max', '1'],
    ]);
    // the chart: bars for sighted users, a table of the same numbers for screen readers
    await bars(page, 'home-chart');
    const table = await page.$$eval('[data-testid=home-chart-table] tbody tr', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent)),
    );
    expect(table).toHaveLength(7);
    const totals = table.reduce((s, r) => s + Number(r[2]), 0);
    expect(totals).toBe(6);
    expect(await page.$eval('[data-testid=home-chart-drawing]', (el) => el.getAttribute('aria-hidden'))).toBe(
      'true',
    );
    // pointing at a day shows its numbers beside the bars; leaving the chart hides them
    const drawing = await page.$eval('[data-testid=home-chart-drawing]', (el) => {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    await page.mouse.move(drawing.x + drawing.width - 24, drawing.y + drawing.height / 2);
    await page.waitForSelector('[data-chart=tip]');
    const [lastDay, lastAc, lastTotal] = table[6];
    expect(await textOf(page, '[data-chart=tip]')).toBe(
      `${lastDay}\nAccepted: ${lastAc}\nSubmissions: ${lastTotal}`,
    );
    await page.mouse.move(drawing.x + drawing.width / 2, drawing.y - 60);
    await page.waitForSelector('[data-chart=tip]', { hidden: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await textOf(page, '[data-testid=home-statistics-sum]')).toBe('4 accepted of 6');
    await page.waitForSelector('[data-testid=home-problem]');
    expect(await page.$$eval('[data-testid=home-problem]', (rows) => rows.length)).toBe(4);
    await page.waitForSelector('[data-testid=announcements] details');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'home-en');
    await page.browserContext().close();
  });

  it('follows the dark theme: the chart is drawn with the theme’s colours', async () => {
    const page = await open('/?l=en-US');
    await bars(page, 'home-chart');
    const fills = () =>
      page.$eval('[data-testid=home-chart-drawing] [data-chart=bar]', (p) => getComputedStyle(p).fill);
    const grid = () =>
      page.$eval(
        '[data-testid=home-chart-drawing] [data-chart=grid] line',
        (l) => getComputedStyle(l).stroke,
      );
    const light = [await fills(), await grid()];
    await page.click('[data-testid=theme-toggle]');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    const dark = [await fills(), await grid()];
    expect(dark[0]).not.toBe(light[0]);
    expect(dark[1]).not.toBe(light[1]);
    expect(light[0]).not.toBe('rgb(0, 0, 0)');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'home-en-dark');
    await page.browserContext().close();
  });

  it('a visitor reads it in Chinese at phone width (HOJ’s /home), nothing wider than the phone', async () => {
    const page = await open('/home?l=zh-CN', PHONE);
    await page.waitForSelector('[data-testid=home-leader]');
    expect(await textOf(page, '[data-testid=home-contests] h2')).toBe('近期比赛');
    expect(await textOf(page, '[data-testid=home-leaders] h2')).toBe('近七天通过榜');
    expect(await textOf(page, '[data-testid=home-problems] h2')).toBe('最近更新的题目');
    await bars(page, 'home-chart');
    expect(await textOf(page, '[data-testid=home-statistics-sum]')).toBe('共 6 次提交，通过 4 次');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // on a phone the main sections are icons, named for screen readers, and the others (Rank among
    // them) are items of the More menu, the last thing of the navigation, in view without scrolling it
    expect(await page.$eval('[data-testid=nav-status]', (a) => a.textContent)).toBe('评测状态');
    const edges = await page.evaluate(() => ({
      nav: document.querySelector('header nav')?.getBoundingClientRect().right ?? 0,
      last: document.querySelector('[data-testid=nav-more]')?.getBoundingClientRect().right ?? 1e9,
    }));
    expect(edges.last).toBeLessThanOrEqual(edges.nav + 0.5);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'home-zh-phone');
    await page.tap('[data-testid=nav-more]');
    await page.waitForSelector('[data-testid=nav-rank]');
    expect(await page.$eval('[data-testid=nav-rank]', (a) => a.textContent)).toBe('排行榜');
    await page.tap('[data-testid=nav-rank]');
    await page.waitForSelector('[data-testid=rank-row]');
    expect(new URL(page.url()).pathname).toBe('/acm-rank');
    await page.browserContext().close();
  });
});

describe('the ranks', () => {
  it('a user finds themselves on the ACM rank, searches, pages and switches to OI with Rank lit (English)', async () => {
    const page = await open('/acm-rank?l=en-US', DESKTOP, { username: 'rh_lin', password: 'lin12345' });
    await page.waitForSelector('[data-testid=nav-rank][aria-current=page]');
    await page.waitForSelector('[data-testid=rank-row]');
    expect(await textOf(page, 'main h1')).toBe('ACM Rank');
    expect((await usernames(page)).slice(0, 2)).toEqual(['rh_lin', 'rh_max']);
    const lin = '[data-testid=rank-row][data-username=rh_lin]';
    expect(await page.$eval(`${lin} [data-testid=rank-ac]`, (c) => c.textContent)).toBe('3');
    expect(await page.$eval(`${lin} [data-testid=rank-total]`, (c) => c.textContent)).toBe('4');
    await bars(page, 'rank-chart');
    await shot(page, 'rank-acm-en', false);
    await page.click('[data-testid=rank-search]');
    await page.keyboard.type('max');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=rank-row]').length === 1);
    expect(await usernames(page)).toEqual(['rh_max']);
    expect(new URL(page.url()).searchParams.get('searchUser')).toBe('max');
    await page.goto(`${server.url}/acm-rank?l=en-US&limit=10&currentPage=2`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=rank-row]');
    // 15 accounts: the second page of 10 has five, numbered on from 11
    expect(await usernames(page)).toHaveLength(5);
    expect(await page.$eval('[data-testid=rank-place]', (c) => c.textContent)).toBe('11');
    await page.click('[data-testid=rank-switch-oi]');
    await page.waitForFunction(() => location.pathname === '/oi-rank');
    await page.waitForSelector('[data-testid=rank-table][data-type="1"] [data-testid=rank-row]');
    // the OI rank is under Rank too: the section stays lit
    expect(
      await page.$eval('[data-testid=nav-rank]', (a) => a.className.split(' ').includes('bg-accent')),
    ).toBe(true);
    expect(
      await page.$eval('[data-testid=nav-problem]', (a) => a.className.split(' ').includes('bg-accent')),
    ).toBe(false);
    expect(await textOf(page, 'main h1')).toBe('OI Rank');
    expect((await usernames(page)).slice(0, 2)).toEqual(['rh_max', 'rh_lin']);
    expect(await page.$eval('[data-testid=rank-score]', (c) => c.textContent)).toBe('75');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'rank-oi-en', false);
    await page.browserContext().close();
  });

  it('searches by nickname on the OI rank in Chinese at phone width, nothing wider than the phone', async () => {
    const page = await open('/oi-rank?l=zh-CN', PHONE);
    await page.waitForSelector('[data-testid=rank-row]');
    expect(await textOf(page, 'main h1')).toBe('OI 排行榜');
    await page.type('[data-testid=rank-search]', '林');
    await page.tap('[data-testid=rank-search-go]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=rank-row]').length === 1);
    expect(await usernames(page)).toEqual(['rh_lin']);
    await page.click('[data-testid=rank-search]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('[data-testid=rank-search]', '没有这个人');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=rank-empty]');
    expect(await textOf(page, '[data-testid=rank-empty]')).toBe('没有找到用户。');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'rank-oi-zh-phone');
    await page.browserContext().close();
  });

  it('root follows a leader from the home page to their user home', async () => {
    const page = await open('/?l=en-US', DESKTOP, { username: 'root', password: server.rootPassword });
    await page.waitForSelector('[data-testid=home-leader]');
    await page.click('[data-testid=home-leader][data-username=rh_lin] a');
    await page.waitForFunction(() => location.pathname === '/user-home');
    expect(new URL(page.url()).searchParams.get('username')).toBe('rh_lin');
    await page.browserContext().close();
  });
});

describe('the problem list', () => {
  it('picks a public problem at random', async () => {
    const page = await open('/problem?l=en-US');
    await page.waitForSelector('[data-testid=problem-row]');
    await page.click('[data-testid=random-problem]');
    await page.waitForFunction(() => /^\/problem\/[^/]+$/.test(location.pathname));
    expect(['1000', '1001', '1002', '1003']).toContain(
      decodeURIComponent(page.url().split('/problem/')[1] ?? ''),
    );
    await page.browserContext().close();
  });
});
