import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { TrainingAuth } from '../../shared/constants/trainings';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch } from './chromium';
import {
  chooseOption,
  DESKTOP,
  openAs,
  PHONE,
  photograph,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/**
 * Trainings in the web app (docs/architecture.md, Trainings), against a server with its judge: a
 * visitor browses the public training in both languages; a user enters a private training with its
 * password, solves a problem through it and sees the progress and the record list move; an admin
 * makes a training in the console, fills it from the problem list, reorders it and hides it. Phone
 * widths included. Screenshots in /tmp/shots-t/ (E2E_SHOTS). E2E_WEB_DIR may name another built app.
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-t';
const PASSWORDS = { tzhang: 'zhang1234', tamy: 'amy123456', tadmin: 'admin1234' } as const;
type Who = keyof typeof PASSWORDS;

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let privateTid = 0;
let demoTid = 0;
let starter = 0;

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 1, env: { WEB_DIR } });
  const db = server.server.ctx.db;
  await createUser(db, { username: 'tzhang', password: PASSWORDS.tzhang });
  await createUser(db, { username: 'tamy', password: PASSWORDS.tamy });
  await createUser(db, { username: 'tadmin', password: PASSWORDS.tadmin, roleId: Role.ADMIN });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  starter = (await root.api.getTrainingCategories())[0]?.id ?? 0;
  const made = await root.api.adminAddTraining({
    training: {
      title: '算法训练营 Camp',
      description: 'Two problems for the camp: $a+b$ first. / 两道题：先做 $a+b$。',
      auth: TrainingAuth.PRIVATE,
      privatePwd: 'camp2024',
      rank: 5,
    },
    trainingCategory: { id: starter },
  });
  privateTid = made.training.id;
  for (const problemId of ['1000', '1001']) {
    const pid = (await root.api.getProblemDetail(problemId)).problem.id;
    await root.api.adminAddTrainingProblem({ tid: privateTid, pid });
  }
  demoTid = (await root.api.getTrainingList({ keyword: 'First steps' })).records[0]?.id ?? 0;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who | null, viewport: Viewport = DESKTOP): Promise<Page> {
  return openAs(browser, server.url, path, who && { username: who, password: PASSWORDS[who] }, viewport);
}

/**
 * axe on a page whose colour transitions have ended: a check taken mid-transition reads
 * in-between colours and reports contrast the page does not have.
 */
async function settledViolations(page: Page): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 400));
  return axeViolations(page);
}

async function shot(page: Page, name: string) {
  await photograph(page, `training-${name}`, { fullPage: true, settleMs: 400 });
}

/** The page is no wider than the screen (a phone never scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const rowIds = (page: Page, selector: string, attribute: string) =>
  page.$$eval(selector, (rows, a) => rows.map((r) => r.getAttribute(a)), attribute);

describe('trainings in the web app', () => {
  it('shows a visitor the public training list and detail in Chinese and English', async () => {
    const page = await open('/training?l=zh-CN', null);
    await page.waitForSelector('[data-testid=nav-training][aria-current=page]');
    expect(await textOf(page, 'h1')).toBe('训练');
    await page.waitForSelector(`[data-testid=training-link-${demoTid}]`);
    expect(await textOf(page, `[data-testid=training-link-${demoTid}]`)).toBe('First steps / 新手入门');
    // visitors see no progress column
    expect(await page.$('[data-testid^=training-progress-]')).toBeNull();
    // the access filter keeps the private training only
    await page.click(`[data-testid=training-auth-${TrainingAuth.PRIVATE}]`);
    // the rows are replaced when the filtered list arrives (none may show while it loads)
    await page.waitForFunction(
      (tid) =>
        [...document.querySelectorAll('[data-testid=training-row]')]
          .map((r) => r.getAttribute('data-training-id'))
          .join() === String(tid),
      {},
      privateTid,
    );
    expect(new URL(page.url()).searchParams.get('auth')).toBe('Private');
    expect(await rowIds(page, '[data-testid=training-row]', 'data-training-id')).toEqual([
      String(privateTid),
    ]);
    await page.click('[data-testid=training-auth-all]');
    await page.waitForSelector(`[data-testid=training-link-${demoTid}]`);
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'list-zh');

    await page.click(`[data-testid=training-link-${demoTid}]`);
    await page.waitForSelector('[data-testid=training-introduction] .katex');
    expect(await textOf(page, '[data-testid=training-title]')).toBe('First steps / 新手入门');
    expect(await textOf(page, '[data-testid=training-tab-intro]')).toBe('训练简介');
    expect(await textOf(page, '[data-testid=training-problem-count]')).toBe('4');
    // a public training has no record list (HOJ)
    expect(await page.$('[data-testid=training-tab-rank]')).toBeNull();
    await page.click('[data-testid=training-tab-problems]');
    await page.waitForSelector('[data-testid=training-problem-row]');
    expect(await rowIds(page, '[data-testid=training-problem-row]', 'data-problem-id')).toEqual([
      '1000',
      '1001',
      '1002',
      '1003',
    ]);
    await page.click('[data-testid=training-problem-link-1001]');
    await page.waitForSelector('[data-testid=training-problem-bar] [aria-current=page]');
    expect(await textOf(page, '[data-testid=training-problem-bar] [aria-current=page]')).toBe('1001');
    expect(await textOf(page, '[data-testid=training-problem-back]')).toBe('First steps / 新手入门');
    await page.click('[data-testid=training-problem-back]');
    await page.waitForSelector('[data-testid=training-tab-problems][aria-current=page]');
    // dark mode: the same page reads as well
    await page.click('[data-testid=theme-toggle]');
    await page.waitForSelector('html.dark');
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'problems-zh-dark');
    await page.browserContext().close();

    const en = await open(`/training/${demoTid}?l=en-US`, null, PHONE);
    await waitForText(en, '[data-testid=training-tab-intro]', 'Introduction');
    expect(await textOf(en, '[data-testid=training-info]')).toContain('Training No.');
    expect(await overflow(en)).toBeLessThanOrEqual(0);
    await shot(en, 'detail-en-phone');
    await en.goto(`${server.url}/training?l=en-US`, { waitUntil: 'networkidle0' });
    await en.waitForSelector(`[data-testid=training-link-${demoTid}]`);
    expect(await textOf(en, 'h1')).toBe('Training');
    expect(await overflow(en)).toBeLessThanOrEqual(0);
    await shot(en, 'list-en-phone');
    // a private training shows a visitor its introduction and asks for a login
    await en.goto(`${server.url}/training/${privateTid}?l=en-US`, { waitUntil: 'networkidle0' });
    await en.waitForSelector('[data-testid=training-login]');
    expect(
      await en.$eval('[data-testid=training-tab-problems]', (el) => el.getAttribute('aria-disabled')),
    ).toBe('true');
    await en.browserContext().close();
  });

  it('lets a user enter a private training, solve a problem in it and see progress and rank move', async () => {
    const page = await open(`/training/${privateTid}?l=zh-CN`, 'tzhang');
    await page.waitForSelector('[data-testid=training-password-card]');
    await waitForText(page, '[data-testid=training-progress]', '0 / 2');
    expect(
      await page.$eval('[data-testid=training-tab-rank]', (el) => el.getAttribute('aria-disabled')),
    ).toBe('true');
    // a wrong password: the server's words under the box
    await page.type('[data-testid=training-password]', 'camp2023');
    await page.click('[data-testid=training-password-submit]');
    await waitForText(page, '#training-password-error', '训练密码错误，请重新输入！');
    expect(await axeViolations(page, '[data-testid=training-password-card]')).toEqual([]);
    await shot(page, 'password-zh');
    await page.click('[data-testid=training-password]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('[data-testid=training-password]', 'camp2024');
    await page.keyboard.press('Enter');
    await waitForToast(page, '训练注册成功。');
    await page.waitForSelector('[data-testid=training-password-card]', { hidden: true });

    await page.click('[data-testid=training-tab-problems]');
    await page.waitForSelector('[data-testid=training-problem-link-1000]');
    await page.click('[data-testid=training-problem-link-1000]');
    await page.waitForSelector('[data-testid=training-problem-bar]');
    // the demo problem's C template reads two integers and prints their sum: it passes as it is
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    // the submission carries the training's id (HOJ's payload)
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/submit-problem-judge') && r.method() === 'POST',
    );
    await page.click('[data-testid=submit]');
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ pid: '1000', tid: privateTid });
    await page.waitForFunction(
      (ac) => document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(ac),
      { timeout: 90_000 },
      JudgeStatus.ACCEPTED,
    );
    // the switcher marks it accepted, and the training's header counts it
    await page.waitForSelector(`[data-testid=training-bar-1000][data-status="${JudgeStatus.ACCEPTED}"]`);
    await shot(page, 'problem-zh');
    await page.click('[data-testid=training-problem-back]');
    await waitForText(page, '[data-testid=training-progress]', '1 / 2');
    await page.waitForSelector('[data-testid=problem-mark-1000][data-mark=accepted]');
    await page.click('[data-testid=training-tab-rank]');
    await page.waitForSelector('[data-testid=training-rank-row][data-username=tzhang][data-own=true]');
    expect(await textOf(page, '[data-testid=training-rank-row] [data-testid=training-rank-solved]')).toBe(
      '1',
    );
    await waitForText(page, '[data-testid=training-rank-row] [data-testid=training-rank-cell-1000]', 'AC');
    await shot(page, 'rank-zh');
    await page.browserContext().close();

    // another user on a phone, in English, reads the record list after entering
    const amy = testClient(server.url);
    await amy.login('tamy', PASSWORDS.tamy);
    await amy.api.registerTraining({ tid: privateTid, password: 'camp2024' });
    const phone = await open(`/training/${privateTid}/rank?l=en-US`, 'tamy', PHONE);
    await phone.waitForSelector('[data-testid=training-rank-row][data-username=tzhang]');
    expect(await textOf(phone, '[data-testid=training-tab-rank]')).toBe('Record list');
    expect(await textOf(phone, '[data-testid=training-progress]')).toBe('0 / 2');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(await axeViolations(phone, '[data-testid=training-rank]')).toEqual([]);
    await shot(phone, 'rank-en-phone');
    await phone.browserContext().close();
  });

  it('lets an admin make a training in the console, fill it, reorder it and hide it', async () => {
    const page = await open('/admin/training?l=en-US', 'tadmin');
    await page.waitForSelector('[data-testid=admin-trainings]');
    // an admin keeps no categories (root and problem admins do)
    expect(await page.$('[data-testid=admin-training-categories]')).toBeNull();
    await page.click('[data-testid=admin-training-create]');
    await page.waitForSelector('[data-testid=training-editor]');
    // the server's rules, shown by the form before anything is sent
    await page.click('[data-testid=training-save]');
    await waitForText(page, '[data-testid=training-title-error]', 'The training needs a title.');
    await page.type('#training-title', 'Greedy basics');
    await page.click('#training-rank', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#training-rank', '3');
    await chooseOption(page, '[data-testid=training-category]', `[data-testid=training-category-${starter}]`);
    await page.type('#training-description', 'Pick the **best** choice each time.');
    await chooseOption(page, '[data-testid=training-auth]', '[data-testid=training-auth-Private]');
    await page.click('[data-testid=training-save]');
    await waitForText(page, '[data-testid=training-password-error]', "Enter the training's password.");
    await page.type('#training-password', 'greedy!');
    await chooseOption(page, '[data-testid=training-auth]', '[data-testid=training-auth-Public]');
    await page.click('[data-testid=training-save]');
    await waitForToast(page, 'Training created.');
    await page.waitForSelector('[data-testid=training-problems-admin-empty]');
    const tid = Number(/\/admin\/training\/(\d+)\/problems/.exec(page.url())?.[1]);
    expect(tid).toBeGreaterThan(0);

    await page.click('[data-testid=training-problem-add-from-list]');
    await page.waitForSelector('[data-testid=training-candidates]');
    for (const problemId of ['1002', '1000']) {
      const button = await page.$(
        `[data-testid=training-candidates] [data-problem-id="${problemId}"] button`,
      );
      await button?.click();
      await waitForToast(page, `Added ${problemId}.`);
    }
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=training-candidates] [data-problem-id="1000"]'),
    );
    await shot(page, 'console-add');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=training-add-problem-dialog]', { hidden: true });
    await page.waitForSelector('[data-testid=training-problem-1000]');
    const order = () =>
      page.$$eval('[data-testid=training-problem-list] > li', (rows) =>
        rows.map((r) => r.getAttribute('data-testid')?.replace('training-problem-', '')),
      );
    expect(await order()).toEqual(['1002', '1000']);
    await page.click('[data-testid=training-problem-up-1000]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=training-problem-list] > li')?.getAttribute('data-testid') ===
        'training-problem-1000',
    );
    expect(await order()).toEqual(['1000', '1002']);
    await shot(page, 'console-problems');
    // the site lists them in the new order
    const site = await root.api.getTrainingProblemList(tid);
    expect(site.map((p) => p.problemId)).toEqual(['1000', '1002']);

    // hidden from the list: gone from the site's list
    await page.goto(`${server.url}/admin/training?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-testid=admin-training-visible-${tid}][data-state=checked]`);
    await page.click(`[data-testid=admin-training-visible-${tid}]`);
    await waitForToast(page, 'Update Successfully');
    await page.waitForSelector(`[data-testid=admin-training-visible-${tid}][data-state=unchecked]`);
    expect((await testClient(server.url).api.getTrainingList({ keyword: 'Greedy' })).total).toBe(0);
    await shot(page, 'console-list');
    await page.browserContext().close();

    const phone = await open('/admin/training?l=zh-CN', 'tadmin', PHONE);
    await phone.waitForSelector(`[data-testid=admin-training-row-${tid}]`);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'console-list-zh-phone');
    await phone.browserContext().close();
  });
});
