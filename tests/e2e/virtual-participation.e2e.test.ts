import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { contestRowChanged } from '../../server/services/contests/contest-row-cache';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import {
  DESKTOP,
  loginThroughDialog,
  openPage,
  photograph,
  textOf,
  waitForDialogGone,
  waitForToast,
} from './pages';

/**
 * Virtual participation in the browser: from an ended contest's overview the user starts a run (with its
 * confirmation), sees the contest running on their own clock, submits A+B (judged for real) and finds
 * their row marked virtual on the board at their elapsed time, beside the original participant who had
 * solved A by then and without the one who solved B later; in English and in Chinese.
 */
const SHOTS = '/tmp/shots-virtual';
const MIN = 60_000;
const HOUR = 60 * MIN;
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let cid: number;

const open = (path: string) => openPage(browser, `${server.url}${path}`, DESKTOP);
const shot = async (page: Page, name: string) => {
  await photograph(page, name, { settleMs: 300 });
};

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  const db = server.server.ctx.db;
  for (const username of ['vbob', 'vcarol', 'valice', 'vchen'])
    await createUser(db, { username, password: 'secret123' });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const problems = await root.api.getProblemList({ limit: 50 });
  const pid = (id: string) => problems.records.find((p) => p.problemId === id)?.pid ?? 0;
  // the original contest, run for a few seconds: bob solves A, carol B; then it is moved into the past
  cid = await createContest(root, [pid('1000'), pid('1001')], {
    title: 'Virtual Browser Cup',
    from: -MIN,
    length: 2 * HOUR,
  });
  const subs: number[] = [];
  for (const [username, displayId] of [
    ['vbob', 'A'],
    ['vcarol', 'B'],
  ] as const) {
    const c = testClient(server.url);
    await c.login(username, 'secret123');
    const s = await c.api.submitProblemJudge({
      pid: displayId,
      cid,
      language: 'Python3',
      code: A_PLUS_B.Python3 ?? '',
    });
    await waitForVerdict(c, s.submitId, 90_000, cid);
    subs.push(s.submitId);
  }
  const start = -3 * HOUR;
  await db.kysely
    .updateTable('contest')
    .set({ start_time: at(start), end_time: at(start + 2 * HOUR), gmt_modified: at(0) })
    .where('id', '=', cid)
    .execute();
  contestRowChanged(db, cid);
  // bob's accept at the very start, carol's an hour and a half in
  for (const [submitId, afterStart] of [
    [subs[0] ?? 0, 0],
    [subs[1] ?? 0, 90 * MIN],
  ]) {
    await db.kysely
      .updateTable('judge')
      .set({ status: JudgeStatus.ACCEPTED, submit_time: at(start + (afterStart ?? 0)) })
      .where('submit_id', '=', submitId ?? 0)
      .execute();
  }
  ({ browser, close: closeBrowser } = await launch());
}, 200_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

const cases = [
  {
    lang: 'en',
    user: 'valice',
    confirm: "runs for the contest's length",
    started: 'Virtual participation started.',
    running: 'Running',
    badge: 'Virtual',
  },
  {
    lang: 'zh-CN',
    user: 'vchen',
    confirm: '持续比赛时长',
    started: '虚拟参赛已开始。',
    running: '进行中',
    badge: '虚拟',
  },
] as const;

describe('virtual participation in the browser', () => {
  for (const c of cases) {
    it(`starts a virtual run from the overview, submits and shows on the board (${c.lang})`, async () => {
      const page = await open(`/contest/${cid}?l=${c.lang}`);
      await loginThroughDialog(page, c.user, 'secret123');
      await page.waitForSelector('[data-testid=virtual-start]');
      await shot(page, `overview-${c.lang}`);
      await page.click('[data-testid=virtual-start]');
      await page.waitForSelector('[data-testid=virtual-confirm-dialog]');
      expect(await textOf(page, '[data-testid=virtual-confirm-dialog]')).toContain(c.confirm);
      await page.click('[data-testid=virtual-confirm]');
      await waitForToast(page, c.started);
      // the closing dialog's overlay would take the next click
      await waitForDialogGone(page);

      // the contest runs for this user, on a clock started now (two hours long)
      await page.waitForSelector('[data-testid=contest-virtual]');
      expect(await textOf(page, '[data-testid=contest-virtual]')).toBe(c.badge);
      expect(await textOf(page, '[data-testid=contest-status]')).toBe(c.running);
      expect(await textOf(page, '[data-testid=contest-countdown]')).toMatch(/^01:5\d:\d\d$/);
      await page.waitForSelector('[data-testid=virtual-running]');

      await page.click('[data-testid=contest-tab-problems]');
      await page.waitForSelector('[data-testid=contest-problem-link]');
      await page.click('[data-testid=contest-problem-link]');
      await page.waitForSelector('[data-testid=submit]:not([disabled])');
      await page.click('[data-testid=submit]');
      await page.waitForFunction(
        (ac) =>
          document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(ac),
        { timeout: 90_000 },
        JudgeStatus.ACCEPTED,
      );

      await page.click('[data-testid=contest-tab-rank]');
      await page.waitForSelector('[data-testid=board-virtual]');
      await page.waitForSelector('[data-testid=board-virtual-note]');
      const names = await page.$$eval('[data-testid=board-row]', (rows) => [
        ...new Set(rows.map((r) => r.getAttribute('data-username'))),
      ]);
      // bob had solved A at the start; carol's B came later than this user's elapsed time
      expect(names.sort()).toEqual([c.user, 'vbob'].sort());
      const mine = await page.$$eval(
        `[data-testid=board-row][data-username=${c.user}] [data-testid=board-virtual]`,
        (els) => els.map((e) => (e as HTMLElement).innerText.trim()),
      );
      expect(mine[0]).toBe(c.badge);
      await shot(page, `board-${c.lang}`);
      await page.browserContext().close();
    }, 150_000);
  }
});
