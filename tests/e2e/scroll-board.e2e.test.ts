import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Target } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { readEventFeed } from '../../server/services/contests/feed/read-feed';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { type ResolverOutcome, resolve } from '../../web/features/contests/scroll-board/resolver';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, loginThroughDialog, openPage, PHONE, photograph, SHOTS, textOf } from './pages';

/**
 * The scroll board: the standalone board of an imported EUC 2025 feed driven by the keyboard, and the
 * parameter screen inside the contest (defaults, the new window's URL).
 */
const FEED_TEXT = readFileSync(
  join(import.meta.dirname, '../fixtures/contests/euc2025/event-feed.ndjson'),
  'utf8',
);

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

async function rootPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(browser, `${server.url}/?l=en`, viewport);
  await loginThroughDialog(page, 'root', server.rootPassword);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

const cursorUid = (page: Page) =>
  page.$eval('[data-testid=scroll-row][data-cursor=true]', (el) => el.getAttribute('data-uid'));

describe('scroll board', () => {
  it('plays an imported EUC 2025 feed: Enter reveals in the resolver order, the cursor follows', async () => {
    const { cid } = await root.api.adminImportEventFeed(FEED_TEXT);
    // the expected order, from the same resolver over the parsed feed
    const feed = readEventFeed(FEED_TEXT);
    const outcome = (v: string | null): ResolverOutcome => {
      if (v === null) return 'pending';
      const e = feed.verdicts[v];
      return !e
        ? 'noPenalty'
        : e.pending
          ? 'pending'
          : e.solved
            ? 'solved'
            : e.penalty
              ? 'rejected'
              : 'noPenalty';
    };
    const submitted = new Set(feed.submissions.filter((s) => !s.afterContest).map((s) => s.uid));
    const expected = resolve(
      {
        problems: feed.problems.map((p) => p.label),
        sealAt: feed.freezeTime ?? 0,
        endAt: feed.durationMs,
        penaltyMode: 'icpc-minutes',
        penaltyMinutes: feed.penaltyMinutes,
        medals: { gold: 4, silver: 4, bronze: 4 },
        // the page names a team by its username, the feed's team name (ties are shown by name)
        teams: feed.teams.filter((t) => submitted.has(t.uid)).map((t) => ({ uid: t.uid, name: t.name })),
      },
      feed.submissions
        .filter((s) => !s.afterContest)
        .map((s) => ({ uid: s.uid, problem: s.problem, time: s.time, outcome: outcome(s.verdict) })),
    );

    const url = `/scrollBoard?cid=${cid}&removeStar=false&medals[]=4&medals[]=4&medals[]=4&l=en`;
    const page = await rootPage(url);
    await page.waitForSelector('[data-testid=scroll-row]');
    expect((await page.$$('[data-testid=scroll-row]')).length).toBe(submitted.size);
    expect(await textOf(page, '[data-testid=scroll-title]')).toBe(feed.name);
    expect(await textOf(page, '[data-testid=scroll-progress]')).toBe('Step 0 of 83');
    expect(await cursorUid(page)).toBe(expected.states[0]?.cursor);
    // the frozen board has pending cells, shown with "?"
    const pending = await page.$$eval('[data-testid=scroll-cell][data-state=pending]', (els) =>
      els.map((e) => (e as HTMLElement).innerText),
    );
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((text) => text.startsWith('?'))).toBe(true);
    await photograph(page, 'scroll-board-frozen');

    for (let k = 1; k <= 4; k++) {
      await page.keyboard.press(k % 2 ? 'Enter' : 'Space');
      const step = expected.steps[k - 1];
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=scroll-progress]')?.textContent === text,
        {},
        `Step ${k} of 83`,
      );
      // the revealed cell is settled and flashes; the cursor is on the next team to reveal
      const cell = await page.$eval(
        `[data-testid=scroll-row][data-uid="${step?.uid}"] [data-problem="${step?.problem}"]`,
        (el) => [el.getAttribute('data-state'), el.className.includes('scroll-flash')],
      );
      expect(cell).toEqual([step?.solved ? 'solved' : 'rejected', true]);
      expect(await cursorUid(page)).toBe(expected.states[k]?.cursor);
      const index = await page.$eval(`[data-testid=scroll-row][data-uid="${step?.uid}"]`, (el) =>
        el.getAttribute('data-index'),
      );
      expect(Number(index)).toBe(step?.to);
    }
    await new Promise((r) => setTimeout(r, 500));
    await photograph(page, 'scroll-board-steps');

    // ← steps back; End reveals everything; medals on the final board
    await page.keyboard.press('ArrowLeft');
    expect(await textOf(page, '[data-testid=scroll-progress]')).toBe('Step 3 of 83');
    await page.keyboard.press('End');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=scroll-progress]')?.textContent === 'All results revealed',
    );
    expect(await page.$$eval('[data-testid=scroll-row][data-medal=gold]', (els) => els.length)).toBe(4);
    expect(await page.$$eval('[data-testid=scroll-cell][data-state=pending]', (els) => els.length)).toBe(0);
    const top = await page.$eval('[data-testid=scroll-row][data-index="0"]', (el) =>
      el.getAttribute('data-uid'),
    );
    expect(top).toBe(expected.states[expected.states.length - 1]?.rows[0]?.uid);
    await page.evaluate(() => document.querySelector('[data-testid=scroll-main]')?.scrollTo(0, 0));
    await new Promise((r) => setTimeout(r, 800));
    await photograph(page, 'scroll-board-final');

    // A toggles auto-play, H the keys
    await page.keyboard.press('Home');
    await page.keyboard.press('a');
    expect(await textOf(page, '[data-testid=scroll-auto]')).toBe('Auto-play on');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=scroll-progress]')?.textContent === 'Step 1 of 83',
      { timeout: 5000 },
    );
    await page.keyboard.press('a');
    expect(await textOf(page, '[data-testid=scroll-auto]')).toBe('Auto-play off');
    await page.keyboard.press('h');
    await page.waitForSelector('[data-testid=scroll-help]');
    expect(await textOf(page, '[data-testid=scroll-help]')).toContain('Reveal the next result');
    await photograph(page, 'scroll-board-help');
    await page.browserContext().close();

    // Chinese, and a phone
    const zh = await rootPage(url.replace('l=en', 'l=zh-cn'), PHONE);
    await zh.waitForSelector('[data-testid=scroll-row]');
    expect(await textOf(zh, '[data-testid=scroll-progress]')).toBe('第 0 / 83 步');
    await zh.keyboard.press('Enter');
    await photograph(zh, 'scroll-board-phone-zh');
    await zh.browserContext().close();
  });

  it('tells a caller who may not see the sealed board why', async () => {
    const { cid } = await root.api.adminImportEventFeed(FEED_TEXT);
    const page = await openPage(browser, `${server.url}/scrollBoard?cid=${cid}&removeStar=false&l=en`);
    await page.waitForSelector('[data-testid=scroll-error]');
    expect(await textOf(page, '[data-testid=scroll-error]')).toBe(
      "The board is still sealed: only the contest's administrators may scroll it",
    );
    await page.browserContext().close();
  });

  it('parameter screen: defaults from the ranked total, the new window URL', async () => {
    const db = server.server.ctx.db.kysely;
    const HOUR = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const contest = await root.api.adminAddContest({
      title: 'Rolling Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: at(-3 * HOUR),
      endTime: at(-HOUR),
      sealRank: true,
      sealRankTime: at(-2 * HOUR),
      autoRealRank: false,
    });
    const problem = await db
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    await root.api.adminAddContestProblemFromPublic({ cid: contest.id, pid: problem.id, displayId: 'A' });
    const cp = await db
      .selectFrom('contest_problem')
      .select('id')
      .where('cid', '=', contest.id)
      .executeTakeFirstOrThrow();
    // 23 participants: 10 % / 20 % / 30 % rounded down = 2 / 4 / 6
    for (let i = 0; i < 23; i++) {
      const uid = await createUser(server.server.ctx.db, { username: `roll${i}`, password: 'secret123' });
      await db
        .insertInto('judge')
        .values({
          pid: problem.id,
          display_pid: 'A',
          uid,
          username: `roll${i}`,
          submit_time: at(-3 * HOUR + (i + 1) * 60_000),
          status: i % 3 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER,
          share: 0,
          time: 10,
          memory: 100,
          length: 10,
          code: 'x',
          language: 'C++',
          cid: contest.id,
          cpid: cp.id,
          is_manual: 0,
          attempt: 1,
          gmt_modified: new Date().toISOString(),
        })
        .execute();
    }
    const page = await rootPage(`/contest/${contest.id}/scroll-board?l=en`);
    await page.waitForSelector('[data-testid=scroll-params]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=scroll-gold]') as HTMLInputElement | null)?.value === '2',
    );
    const values = await page.$$eval('[data-testid^=scroll-] input, input[data-testid^=scroll-]', (els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute('data-testid'), (e as HTMLInputElement).value])),
    );
    expect(values).toMatchObject({
      'scroll-cid': String(contest.id),
      'scroll-gold': '2',
      'scroll-silver': '4',
      'scroll-bronze': '6',
    });
    expect(await page.$eval('[data-testid=scroll-cid]', (e) => (e as HTMLInputElement).disabled)).toBe(true);
    await photograph(page, 'scroll-params-en');

    await page.click('[data-testid=scroll-remove-star]');
    const opened = new Promise<Target>((done) => browser.once('targetcreated', done));
    await page.click('[data-testid=scroll-start]');
    const target = await opened;
    const url = new URL(target.url());
    expect(url.pathname).toBe('/scrollBoard');
    expect(url.searchParams.get('cid')).toBe(String(contest.id));
    expect(url.searchParams.get('removeStar')).toBe('true');
    expect(url.searchParams.getAll('medals[]')).toEqual(['2', '4', '6']);
    const popup = await target.page();
    await popup?.waitForSelector('[data-testid=scroll-row]');
    expect((await popup?.$$('[data-testid=scroll-row]'))?.length).toBe(23);
    await popup?.close();
    await page.browserContext().close();

    // a contest that has not ended asks first (its wording in both languages)
    const running = await root.api.adminAddContest({
      title: 'Running Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: at(-HOUR),
      endTime: at(HOUR),
      sealRank: true,
      sealRankTime: at(0),
    });
    const startEnabled = () =>
      !(document.querySelector('[data-testid=scroll-start]') as HTMLButtonElement | null)?.disabled;
    const zh = await rootPage(`/contest/${running.id}/scroll-board?l=zh-cn`);
    await zh.waitForSelector('[data-testid=scroll-params]');
    await zh.waitForFunction(startEnabled);
    await zh.click('[data-testid=scroll-start]');
    await zh.waitForSelector('[data-testid=scroll-confirm]');
    expect(await textOf(zh, '[data-testid=scroll-confirm]')).toContain('比赛还未结束，你确定要滚榜吗？');
    await photograph(zh, 'scroll-params-confirm-zh');
    const opened2 = new Promise<Target>((done) => browser.once('targetcreated', done));
    await zh.click('[data-testid=confirm-ok]');
    expect(new URL((await opened2).url()).searchParams.get('cid')).toBe(String(running.id));
    await zh.browserContext().close();

    const en = await rootPage(`/contest/${running.id}/scroll-board?l=en`);
    await en.waitForSelector('[data-testid=scroll-params]');
    await en.waitForFunction(startEnabled);
    await en.click('[data-testid=scroll-start]');
    await en.waitForSelector('[data-testid=scroll-confirm]');
    expect(await textOf(en, '[data-testid=scroll-confirm]')).toContain(
      'The contest is not over yet. Are you sure you want to sroll the board?',
    );
    await en.click('[data-testid=confirm-cancel]');
    await en.waitForSelector('[data-testid=scroll-confirm]', { hidden: true });
    await en.browserContext().close();
  });
});

afterAll(() => {
  // the best shot for the docs
  const best = join(SHOTS, 'scroll-board-steps.png');
  if (existsSync(best)) {
    mkdirSync('docs/screenshots', { recursive: true });
    copyFileSync(best, 'docs/screenshots/scroll-board.png');
  }
});
