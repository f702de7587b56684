import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch } from './chromium';
import {
  chooseOption,
  DESKTOP,
  openAs,
  PHONE,
  pageWidth,
  photograph,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/** Answers and badges arrive by push, or by the poll when the stream is down: allow for a slow poll. */
const waitForClarificationText = (page: Page, selector: string, expected: string) =>
  waitForText(page, selector, expected, 20_000);

/**
 * Contest clarifications in the browser: a contestant asks about a problem, the contest's admin answers
 * to everyone from the queue in another browser, the contestant finds the badge on the Clarifications tab
 * and the answer behind it; another contestant reads it in Chinese on a phone. Screenshots in
 * /tmp/shots-clar (English and Chinese, desktop and 375 px wide).
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const SHOTS = '/tmp/shots-clar';
const PASSWORDS = { clarowner: 'owner1234', claralice: 'alice1234', clarbob: 'bob12345' } as const;
type Who = keyof typeof PASSWORDS;

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let owner: TestClient;
let cid = 0;

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  const db = server.server.ctx.db;
  await createUser(db, { username: 'clarowner', password: PASSWORDS.clarowner, roleId: Role.ADMIN });
  await createUser(db, { username: 'claralice', password: PASSWORDS.claralice });
  await createUser(db, { username: 'clarbob', password: PASSWORDS.clarbob });
  owner = testClient(server.url);
  await owner.login('clarowner', PASSWORDS.clarowner);
  const hour = 3_600_000;
  const contest = await owner.api.adminAddContest({
    title: 'Clarification Cup',
    description: 'Ask the jury.',
    type: 0,
    auth: 0,
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 3 * hour).toISOString(),
  });
  cid = contest.id;
  const problems = await db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id'])
    .where('problem_id', 'in', ['1000', '1001'])
    .orderBy('problem_id')
    .execute();
  for (const [i, p] of problems.entries()) {
    await owner.api.adminAddContestProblemFromPublic({
      cid,
      pid: p.id,
      displayId: String.fromCharCode(65 + i),
    });
  }
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who, viewport: Viewport = DESKTOP): Promise<Page> {
  return openAs(browser, server.url, path, { username: who, password: PASSWORDS[who] }, viewport);
}

async function shot(page: Page, name: string) {
  await photograph(page, name, { fullPage: true, settleMs: 400 });
}

const QUESTION = 'Can n be 0 in problem A?';
const ANSWER = 'No: 1 ≤ n ≤ 10^9, as the statement says.';

describe('contest clarifications in the web app', () => {
  let questionId = 0;
  let alice: Page;

  it('a contestant asks about a problem; an empty question is refused first (en)', async () => {
    alice = await open(`/contest/${cid}/clarifications?l=en`, 'claralice');
    await alice.waitForSelector('[data-testid=clarification-ask-form]');
    await alice.waitForSelector('[data-testid=clarification-list-empty]');
    await alice.click('[data-testid=clarification-ask-submit]');
    await waitForClarificationText(
      alice,
      '[data-testid=clarification-ask-text-error]',
      'The text cannot be empty.',
    );
    await chooseOption(
      alice,
      '[data-testid=clarification-ask-problem]',
      '[data-testid=clarification-ask-problem-A]',
    );
    await alice.type('[data-testid=clarification-ask-text]', QUESTION);
    expect(await textOf(alice, '[data-testid=clarification-ask-text-count]')).toBe(
      `${QUESTION.length} / 2000`,
    );
    await alice.click('[data-testid=clarification-ask-submit]');
    await waitForToast(alice, "Question sent. The jury's answer will appear here.");
    await alice.waitForSelector('[data-testid=clarification-waiting]');
    questionId = (await owner.api.adminGetClarificationQueue({ cid })).records[0]?.id ?? 0;
    expect(questionId).toBeGreaterThan(0);
    const item = `[data-testid=clarification-${questionId}]`;
    expect(await textOf(alice, `${item} [data-testid=clarification-question]`)).toBe(QUESTION);
    expect(await textOf(alice, `${item} [data-testid=clarification-problem]`)).toMatch(/^A\. /);
    expect(await textOf(alice, '[data-testid=clarification-ask-text]')).toBe('');
    await shot(alice, 'clar-asked-en');
    // she moves on to the problems while the jury reads
    await alice.click('[data-testid=contest-tab-problems]');
    await alice.waitForSelector('[data-testid=contest-problem-row]');
    expect(await alice.$('[data-testid=contest-tab-clarifications-badge]')).toBeNull();
  });

  it("the contest's admin answers it to everyone in another browser (en)", async () => {
    const admin = await open(`/contest/${cid}/clarifications?l=en`, 'clarowner');
    const entry = `[data-testid=clarification-question-${questionId}]`;
    await admin.waitForSelector(entry);
    // the tab counts the questions waiting for an answer
    await waitForClarificationText(admin, '[data-testid=contest-tab-clarifications-badge]', '1');
    expect(await textOf(admin, `${entry} [data-testid=clarification-question-text]`)).toBe(QUESTION);
    expect(await textOf(admin, `${entry} [data-testid=clarification-question-state]`)).toBe('Waiting');
    await shot(admin, 'clar-queue-en');
    const form = `clarification-answer-${questionId}`;
    await admin.type(`[data-testid=${form}-text]`, ANSWER);
    await admin.click(`[data-testid=${form}-to-all]`);
    expect(await admin.$eval(`[data-testid=${form}-to-all]`, (el) => el.getAttribute('aria-checked'))).toBe(
      'true',
    );
    await admin.click(`[data-testid=${form}-submit]`);
    await waitForToast(admin, 'Answer sent.');
    await waitForClarificationText(
      admin,
      `${entry} [data-testid=clarification-answered-by]`,
      'Answered by clarowner · to everyone',
    );
    expect(await textOf(admin, `${entry} [data-testid=clarification-question-answer]`)).toBe(ANSWER);
    await admin.waitForSelector('[data-testid=contest-tab-clarifications-badge]', { hidden: true });
    await shot(admin, 'clar-answered-en');
    await admin.browserContext().close();
  });

  it('the contestant sees the badge, then the answer behind it; reading clears the badge (en)', async () => {
    // the tab asks every 30 s; a reload is the same question asked now
    await alice.reload({ waitUntil: 'networkidle0' });
    await waitForClarificationText(alice, '[data-testid=contest-tab-clarifications-badge]', '1');
    // the number shows; a screen reader hears what it counts
    const badge = '[data-testid=contest-tab-clarifications-badge]';
    expect(await alice.$eval(`${badge} [aria-hidden]`, (el) => el.textContent)).toBe('1');
    expect(await alice.$eval(`${badge} .sr-only`, (el) => el.textContent)).toBe('1 unread clarification');
    await shot(alice, 'clar-badge-en');
    await alice.click('[data-testid=contest-tab-clarifications]');
    const item = `[data-testid=clarification-${questionId}]`;
    await waitForClarificationText(alice, `${item} [data-testid=clarification-answer]`, ANSWER);
    expect(await alice.$(`${item} [data-testid=clarification-new]`)).not.toBeNull();
    expect(await textOf(alice, item)).toContain('To everyone');
    expect(await textOf(alice, item)).toContain('Your question');
    await alice.waitForSelector('[data-testid=contest-tab-clarifications-badge]', { hidden: true });
    await shot(alice, 'clar-answer-en');
    await alice.browserContext().close();
  });

  it('another contestant reads it in Chinese on a phone; the admin sends one to everyone (zh-CN, 375 px)', async () => {
    await owner.api.adminSendClarification({ cid, displayId: 'B', content: 'B 题样例已更正。' });
    const bob = await open(`/contest/${cid}/problems?l=zh-CN`, 'clarbob', PHONE);
    await waitForClarificationText(bob, '[data-testid=contest-tab-clarifications-badge]', '2');
    await bob.click('[data-testid=contest-tab-clarifications]');
    const item = `[data-testid=clarification-${questionId}]`;
    await waitForClarificationText(bob, `${item} [data-testid=clarification-answer]`, ANSWER);
    // someone else's question: no "your question", no asker
    expect(await textOf(bob, item)).toContain('问题');
    expect(await textOf(bob, item)).not.toContain('你的问题');
    expect(await textOf(bob, item)).not.toContain('claralice');
    expect(await textOf(bob, item)).toContain('发给所有人');
    await waitForClarificationText(bob, '[data-testid=clarification-list]', 'B 题样例已更正。');
    expect(await textOf(bob, '[data-testid=clarification-list]')).toContain('裁判通知');
    expect(await pageWidth(bob)).toBeLessThanOrEqual(PHONE.width);
    await shot(bob, 'clar-list-zh-375');
    await bob.click('[data-testid=clarification-ask-submit]');
    await waitForClarificationText(bob, '[data-testid=clarification-ask-text-error]', '内容不能为空。');
    await shot(bob, 'clar-ask-zh-375');
    await bob.browserContext().close();

    const admin = await open(`/contest/${cid}/clarifications?l=zh-CN`, 'clarowner', PHONE);
    await admin.waitForSelector(`[data-testid=clarification-question-${questionId}]`);
    await admin.click('[data-testid=clarification-send-open]');
    await admin.waitForSelector('[data-testid=clarification-send-form]');
    await admin.type('[data-testid=clarification-send-text]', '比赛延长 10 分钟。');
    await admin.click('[data-testid=clarification-send-submit]');
    await waitForToast(admin, '答疑已发送给所有人。');
    await waitForClarificationText(admin, '[data-testid=clarification-list]', '比赛延长 10 分钟。');
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
    await shot(admin, 'clar-queue-zh-375');
    await admin.browserContext().close();
  });

  it('shows the queue and the ask form in English at 375 px and the list in Chinese on a desktop', async () => {
    const admin = await open(`/contest/${cid}/clarifications?l=en`, 'clarowner', PHONE);
    await admin.waitForSelector(`[data-testid=clarification-question-${questionId}]`);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
    await shot(admin, 'clar-queue-en-375');
    await admin.browserContext().close();
    const alice = await open(`/contest/${cid}/clarifications?l=en`, 'claralice', PHONE);
    await alice.waitForSelector('[data-testid=clarification-ask-form]');
    expect(await pageWidth(alice)).toBeLessThanOrEqual(PHONE.width);
    await shot(alice, 'clar-list-en-375');
    await alice.browserContext().close();
    const zh = await open(`/contest/${cid}/clarifications?l=zh-CN`, 'claralice');
    await waitForClarificationText(zh, '[data-testid=clarification-list]', '比赛延长 10 分钟。');
    expect(await textOf(zh, '[data-testid=clarification-ask]')).toContain('向裁判提问');
    await shot(zh, 'clar-list-zh');
    await zh.browserContext().close();
  });
});
