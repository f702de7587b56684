import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { LIVE } from '../../shared/constants/live';
import type { ContestForm } from '../../shared/schemas/contests';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import {
  chooseOption,
  DESKTOP,
  loginThroughDialog,
  openPage,
  PHONE,
  photograph,
  retype,
  SCREENSHOTS_WANTED,
  SHOTS,
} from './pages';

/**
 * The contest boards in the browser: the Rank tab inside the contest for a participant and
 * for the contest's admin, and the public board for a visitor. Verdicts are written into the judge
 * table directly (no judge workers), before anyone reads the board.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const PASSWORD = 'secret123';
const DOCS = resolve('docs/screenshots');

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
const uid: Record<string, string> = {};
let acmCid = 0;
let oiCid = 0;

const db = () => server.server.ctx.db.kysely;

async function makeContest(overrides: Partial<ContestForm>): Promise<number> {
  const c = await root.api.adminAddContest({
    title: 'Board Cup',
    description: '',
    type: 0,
    auth: 0,
    startTime: at(-2 * HOUR),
    endTime: at(2 * HOUR),
    ...overrides,
  });
  const problems = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
  const colours = { A: '#e11d48', B: '#2563eb' } as const;
  for (const [display, problemId] of [
    ['A', '1000'],
    ['B', '1001'],
  ] as const) {
    const pid = problems.find((p) => p.problem_id === problemId)?.id ?? 0;
    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid, displayId: display });
    await root.api.adminUpdateContestProblem({ cid: c.id, pid, displayId: display, color: colours[display] });
  }
  return c.id;
}

/** A judged contest submission `minutes` after the start (contests here start 2 h ago). */
async function judged(
  who: string,
  cid: number,
  display: 'A' | 'B',
  status: number,
  minutes: number,
  score?: number,
) {
  const cp = await db()
    .selectFrom('contest_problem')
    .select(['id', 'pid'])
    .where('cid', '=', cid)
    .where('display_id', '=', display)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('judge')
    .values({
      pid: cp.pid,
      display_pid: display,
      uid: uid[who] as string,
      username: who,
      submit_time: at(-2 * HOUR + minutes * MIN),
      status,
      share: 0,
      time: 15 + minutes,
      memory: 1000,
      score: score ?? null,
      length: 10,
      code: 'x',
      language: 'C++',
      cid,
      cpid: cp.id,
      is_manual: 0,
      attempt: 1,
      gmt_modified: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(DOCS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const people: [string, string | null, string | null][] = [
    ['bob', 'Bob Li', 'East Lake University'],
    ['carol', 'Carol Wu', 'Harbour Institute'],
    ['dave', 'Dave Zhou', 'North School'],
    ['bstar', 'Guest Team', 'Visiting College'],
    ['erin', 'Erin Sun', 'Harbour Institute'],
  ];
  for (let i = 1; i <= 10; i++) people.push([`p${String(i).padStart(2, '0')}`, null, 'Hill Middle School']);
  for (const [name, nickname, school] of people) {
    uid[name] = await createUser(server.server.ctx.db, { username: name, password: PASSWORD });
    await db().updateTable('user_info').set({ nickname, school }).where('username', '=', name).execute();
  }

  // ACM: running 2 h of 4, sealed for the last 2 h (1 h ago), a star team, one gold, public board open
  acmCid = await makeContest({
    title: 'Spring Board Cup',
    shortName: 'spring26',
    sealRank: true,
    sealRankTime: at(-HOUR),
    starAccount: ['bstar'],
    openRank: true,
    rankShowName: 'nickname',
    awardType: 2,
    awardConfigList: [{ priority: 1, name: 'Gold', background: '#f5c542', color: '#3b2a00', num: 1 }],
  });
  await judged('bstar', acmCid, 'A', JudgeStatus.ACCEPTED, 2); // first blood on A (a star team may take it)
  await judged('bob', acmCid, 'A', JudgeStatus.ACCEPTED, 5);
  await judged('carol', acmCid, 'B', JudgeStatus.WRONG_ANSWER, 8);
  await judged('carol', acmCid, 'B', JudgeStatus.ACCEPTED, 10); // first blood on B after one wrong try
  await judged('carol', acmCid, 'A', JudgeStatus.ACCEPTED, 90); // after the seal: frozen for participants
  await judged('dave', acmCid, 'B', JudgeStatus.WRONG_ANSWER, 30);
  await judged('dave', acmCid, 'A', JudgeStatus.COMPILE_ERROR, 20);
  for (let i = 1; i <= 10; i++)
    await judged(`p${String(i).padStart(2, '0')}`, acmCid, 'A', JudgeStatus.COMPILE_ERROR, 40);

  // OI: scores by fraction of full marks
  oiCid = await makeContest({
    title: 'Autumn OI Round',
    shortName: 'autumn26',
    type: 1,
    openRank: true,
    rankShowName: 'username',
  });
  await judged('bob', oiCid, 'A', JudgeStatus.ACCEPTED, 10, 100);
  await judged('bob', oiCid, 'B', JudgeStatus.PARTIAL_ACCEPTED, 20, 40);
  await judged('carol', oiCid, 'A', JudgeStatus.PARTIAL_ACCEPTED, 15, 60);
  await judged('erin', oiCid, 'A', JudgeStatus.WRONG_ANSWER, 25, 0);

  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** What the board shows, row by row: username, rank text, pinned. */
async function boardRows(page: Page) {
  return page.$$eval('[data-testid=board-row]', (rows) =>
    rows.map((r) => ({
      user: r.getAttribute('data-username'),
      rank: (r.querySelector('[data-testid=board-rank]') as HTMLElement).innerText.trim(),
      pinned: r.getAttribute('data-pinned') === 'true',
    })),
  );
}

/** A cell of the first unpinned row of `username`: its kind and text. */
async function cell(page: Page, username: string, display: string) {
  return page.$eval(
    `[data-testid=board-row][data-pinned=false][data-username=${username}] [data-testid=board-cell-${display}]`,
    (el) => ({
      kind: el.getAttribute('data-kind'),
      text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    }),
  );
}

async function waitRows(page: Page, count: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=board-row]').length === n,
    { timeout: 10_000 },
    count,
  );
}

async function signIn(path: string, username: string, password: string, viewport = DESKTOP) {
  const page = await openPage(browser, `${server.url}${path}`, viewport);
  await loginThroughDialog(page, username, password);
  await page.waitForSelector('[data-testid=board-row]');
  return page;
}

/** A screenshot once the login toast has gone (for the docs). */
async function cleanShot(page: Page, name: string) {
  await page.waitForSelector('[data-sonner-toast]', { hidden: true, timeout: 10_000 });
  await photograph(page, name);
}

const isOn = (page: Page, id: string) =>
  page.$eval(`[data-testid=${id}]`, (el) => el.getAttribute('aria-checked') === 'true');

describe('contest boards', () => {
  it('a participant sees the frozen ACM board with their own row pinned, first blood, stars, search, page sizes and pins', async () => {
    const page = await signIn(`/contest/${acmCid}/rank?l=en`, 'carol', PASSWORD);
    await waitRows(page, 15);
    const rows = await boardRows(page);
    // own row first (pinned), then the frozen order: the star team keeps its place without a number
    expect(rows.slice(0, 5)).toEqual([
      { user: 'carol', rank: '2', pinned: true },
      { user: 'bstar', rank: '*', pinned: false },
      { user: 'bob', rank: '1', pinned: false },
      { user: 'carol', rank: '2', pinned: false },
      { user: 'dave', rank: '3', pinned: false },
    ]);
    expect(
      await page.$eval(
        '[data-testid=board-row][data-username=bob] [data-testid=board-award]',
        (e) => e.textContent,
      ),
    ).toBe('Gold');
    // names as the contest asks (nickname), school under it, the star team marked
    expect(
      await page.$eval('[data-testid=board-row][data-username=bstar]', (r) => (r as HTMLElement).innerText),
    ).toContain('Guest Team');
    expect(
      await page.$('[data-testid=board-row][data-username=bstar] [data-testid=board-star]'),
    ).not.toBeNull();
    expect(await cell(page, 'bstar', 'A')).toEqual({ kind: 'firstBlood', text: '00:02:00 1 try' });
    expect(await cell(page, 'bob', 'A')).toEqual({ kind: 'accepted', text: '00:05:00 1 try' });
    expect(await cell(page, 'carol', 'B')).toEqual({ kind: 'firstBlood', text: '00:10:00 2 tries' });
    // the accept after the seal is a pending "?" for participants
    expect(await cell(page, 'carol', 'A')).toEqual({ kind: 'frozen', text: '? 1 try' });
    expect(await cell(page, 'dave', 'B')).toEqual({ kind: 'rejected', text: '− 1 try' });
    expect(await cell(page, 'dave', 'A')).toEqual({ kind: 'none', text: '' });
    expect(
      await page.$eval(
        '[data-testid=board-row][data-username=carol] [data-testid=board-penalty]',
        (e) => e.textContent,
      ),
    ).toBe('00:30:00');
    expect(await page.$eval('[data-testid=board-head-A]', (e) => (e as HTMLElement).innerText)).toContain(
      'A',
    );
    expect(await page.$('[data-testid=board-frozen]')).not.toBeNull();
    // only the contest's admins get the force update switch
    expect(await page.$('[data-testid=board-force]')).toBeNull();
    await cleanShot(page, 'board-acm-en');

    // search by school: the pinned own row stays, the rest is filtered
    await page.type('[data-testid=board-search]', 'north');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board-row]').length === 2);
    expect((await boardRows(page)).map((r) => r.user)).toEqual(['carol', 'dave']);
    expect(page.url()).toContain('keyword=north');
    await retype(page, '[data-testid=board-search]', '');
    await waitRows(page, 15);

    // star users off
    await page.click('[data-testid=board-stars]');
    await waitRows(page, 14);
    expect((await boardRows(page)).some((r) => r.user === 'bstar')).toBe(false);
    await page.click('[data-testid=board-stars]');
    await waitRows(page, 15);

    // 10 a page: two pages
    await chooseOption(page, '[aria-label="Page size"]', '[role=option]::-p-text(10 / page)');
    await waitRows(page, 10);
    expect(page.url()).toContain('limit=10');
    await page.click('button[aria-label="Page 2"]');
    await waitRows(page, 5);
    await page.click('button[aria-label="Page 1"]');
    await waitRows(page, 10);

    // follow dave: his row is pinned under carol's and stays so after a reload
    await page.click('[data-testid=board-row][data-username=dave] [data-testid=board-pin]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=board-row][data-pinned=true]').length === 2,
    );
    const pinnedAfterReload = async () => (await boardRows(page)).filter((r) => r.pinned).map((r) => r.user);
    expect(await pinnedAfterReload()).toEqual(['carol', 'dave']);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=board-row][data-pinned=true][data-username=dave]');
    expect(await pinnedAfterReload()).toEqual(['carol', 'dave']);
    expect(await page.evaluate((cid) => localStorage.getItem(`contestRankConcerned_${cid}`), acmCid)).toBe(
      JSON.stringify([uid.dave]),
    );
    await page.browserContext().close();
  });

  it('the board in Chinese and on a phone: sticky rank and name columns, the table scrolls sideways', async () => {
    const zh = await signIn(`/contest/${acmCid}/rank?l=zh-CN`, 'carol', PASSWORD);
    await waitRows(zh, 15);
    expect(await zh.$eval('[data-testid=board-table] thead', (e) => (e as HTMLElement).innerText)).toContain(
      '罚时',
    );
    expect(await cell(zh, 'carol', 'B')).toEqual({ kind: 'firstBlood', text: '00:10:00 2 次' });
    await cleanShot(zh, 'board-acm-zh');
    await zh.browserContext().close();

    const phone = await signIn(`/contest/${acmCid}/rank?l=en`, 'carol', PASSWORD, PHONE);
    await waitRows(phone, 15);
    // the board fits the screen (controls wrap); only the table scrolls sideways, rank and name kept in view
    expect(
      await phone.evaluate(() =>
        [...document.querySelectorAll('[data-testid=board] *')]
          .filter((e) => !e.closest('[data-testid=board-scroll]') && e.getBoundingClientRect().right > 375)
          .map((e) => e.outerHTML.slice(0, 80)),
      ),
    ).toEqual([]);
    expect(
      await phone.$eval('[data-testid=board-scroll]', (e) => e.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(375);
    const scroll = '[data-testid=board-scroll]';
    expect(await phone.$eval(scroll, (e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await phone.$eval(scroll, (e) => {
      e.scrollLeft = 400;
    });
    const nameLeft = await phone.$eval(
      '[data-testid=board-row] [data-testid=board-name]',
      (e) => e.getBoundingClientRect().left,
    );
    const scrollLeft = await phone.$eval(scroll, (e) => e.getBoundingClientRect().left);
    expect(nameLeft - scrollLeft).toBeLessThan(90);
    await phone.$eval(scroll, (e) => {
      e.scrollLeft = 0;
    });
    await photograph(phone, 'board-acm-phone');
    await phone.browserContext().close();
  });

  it('the contest admin may force the live board; auto refresh turns itself off when a load fails', async () => {
    const page = await browser.createBrowserContext().then((c) => c.newPage());
    // the 30 s refresh runs every 1.5 s in this page so the test need not wait
    await page.evaluateOnNewDocument(() => {
      const original = window.setInterval.bind(window);
      window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) =>
        original(fn, ms === 30_000 ? 1500 : ms, ...rest)) as typeof window.setInterval;
    });
    await page.setViewport(DESKTOP);
    await page.goto(`${server.url}/contest/${acmCid}/rank?l=en`, { waitUntil: 'networkidle0' });
    await loginThroughDialog(page, 'root', server.rootPassword);
    await waitRows(page, 14);
    // root takes no part: nothing pinned; without force update the board stays frozen for admins too
    expect((await boardRows(page)).filter((r) => r.pinned)).toEqual([]);
    expect(await cell(page, 'carol', 'A')).toMatchObject({ kind: 'frozen' });
    await page.click('[data-testid=board-force]');
    await page.waitForSelector('[data-testid=board-frozen]', { hidden: true });
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid=board-row][data-username=carol] [data-testid=board-cell-A]')
          ?.getAttribute('data-kind') === 'accepted',
    );
    expect((await boardRows(page)).slice(0, 3).map((r) => [r.user, r.rank])).toEqual([
      ['carol', '1'],
      ['bstar', '*'],
      ['bob', '2'],
    ]);
    await photograph(page, 'board-acm-admin-live');
    await page.browserContext().close();

    // a participant turns auto refresh on; the contest then disappears: the next load fails. The live
    // stream is refused so the board polls (its 30 s made 1.5 s): each poll is a load the test can see,
    // where a healthy stream would reload only on the server's word.
    const carol = await browser.createBrowserContext().then((c) => c.newPage());
    await carol.setRequestInterception(true);
    carol.on('request', (request) =>
      request.url().includes(LIVE.path) ? void request.abort() : void request.continue(),
    );
    await carol.evaluateOnNewDocument(() => {
      const original = window.setInterval.bind(window);
      window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) =>
        original(fn, ms === 30_000 ? 1500 : ms, ...rest)) as typeof window.setInterval;
    });
    await carol.setViewport(DESKTOP);
    await carol.goto(`${server.url}/contest/${acmCid}/rank?l=en`, { waitUntil: 'networkidle0' });
    await loginThroughDialog(carol, 'carol', PASSWORD);
    await carol.waitForSelector('[data-testid=board-row]');
    await carol.click('[data-testid=board-auto]');
    expect(await isOn(carol, 'board-auto')).toBe(true);
    const firstUpdate = await carol.$eval('[data-testid=board-updated]', (e) => e.textContent);
    await carol.waitForFunction(
      (before) => document.querySelector('[data-testid=board-updated]')?.textContent !== before,
      { timeout: 10_000 },
      firstUpdate,
    );
    await root.api.adminChangeContestVisible(acmCid, false);
    try {
      await carol.waitForSelector('[data-testid=board-error]', { timeout: 10_000 });
      expect(await isOn(carol, 'board-auto')).toBe(false);
      expect(await carol.$eval('[data-testid=board-error]', (e) => e.textContent)).toContain(
        'Auto refresh is off',
      );
      // the rows last seen stay on screen
      expect((await boardRows(carol)).length).toBe(15);
      await photograph(carol, 'board-acm-refresh-failed');
    } finally {
      await root.api.adminChangeContestVisible(acmCid, true);
    }
    await carol.browserContext().close();
  });

  it('a visitor reads the public ACM board: no login, no own row, frozen cells', async () => {
    const page = await openPage(browser, `${server.url}/spring26/acm-scoreboard/${acmCid}?l=en`);
    await page.waitForSelector('[data-testid=board-row]');
    expect(await page.$eval('[data-testid=board-title]', (e) => e.textContent)).toBe('Spring Board Cup');
    const rows = await boardRows(page);
    expect(rows.slice(0, 4)).toEqual([
      { user: 'bstar', rank: '*', pinned: false },
      { user: 'bob', rank: '1', pinned: false },
      { user: 'carol', rank: '2', pinned: false },
      { user: 'dave', rank: '3', pinned: false },
    ]);
    expect(await cell(page, 'carol', 'A')).toMatchObject({ kind: 'frozen' });
    expect(await page.$('[data-testid=board-force]')).toBeNull();
    await photograph(page, 'board-acm-public');
    await page.browserContext().close();

    const phone = await openPage(browser, `${server.url}/spring26/acm-scoreboard/${acmCid}?l=zh-CN`, PHONE);
    await phone.waitForSelector('[data-testid=board-row]');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await photograph(phone, 'board-acm-public-phone-zh');
    await phone.browserContext().close();
  });

  it('the OI board: total score first, each score coloured by its share of full marks', async () => {
    const page = await signIn(`/contest/${oiCid}/rank?l=en`, 'erin', PASSWORD);
    await waitRows(page, 4);
    expect(await page.$eval('[data-testid=board]', (e) => e.getAttribute('data-type'))).toBe('oi');
    expect((await boardRows(page)).map((r) => [r.user, r.rank, r.pinned])).toEqual([
      ['erin', '3', true],
      ['bob', '1', false],
      ['carol', '2', false],
      ['erin', '3', false],
    ]);
    const score = (user: string) =>
      page.$eval(
        `[data-testid=board-row][data-pinned=false][data-username=${user}] [data-testid=board-score]`,
        (e) => (e as HTMLElement).innerText.split('\n')[0],
      );
    expect([await score('bob'), await score('carol'), await score('erin')]).toEqual(['140', '60', '0']);
    expect(await cell(page, 'bob', 'A')).toMatchObject({ kind: 'full' });
    expect(await cell(page, 'bob', 'B')).toMatchObject({ kind: 'partial', text: '40' });
    expect(await cell(page, 'carol', 'A')).toMatchObject({ kind: 'partial', text: '60' });
    expect(await cell(page, 'erin', 'A')).toMatchObject({ kind: 'zero', text: '0' });
    await cleanShot(page, 'board-oi-en');
    await page.browserContext().close();

    const visitor = await openPage(browser, `${server.url}/autumn26/oi-scoreboard/${oiCid}?l=zh-CN`);
    await visitor.waitForSelector('[data-testid=board-row]');
    expect((await boardRows(visitor)).map((r) => r.user)).toEqual(['bob', 'carol', 'erin']);
    await photograph(visitor, 'board-oi-zh-public');
    await visitor.browserContext().close();

    // the docs' pictures, when this run takes pictures at all (E2E_SCREENSHOTS=1)
    if (SCREENSHOTS_WANTED) {
      copyFileSync(`${SHOTS}/board-acm-en.png`, `${DOCS}/contest-board-acm.png`);
      copyFileSync(`${SHOTS}/board-oi-en.png`, `${DOCS}/contest-board-oi.png`);
    }
  });
});
