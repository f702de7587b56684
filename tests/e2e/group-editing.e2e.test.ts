import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { GroupAuth, GroupRole } from '../../shared/constants/groups';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role, type RoleId } from '../../shared/constants/roles';
import { TrainingAuth } from '../../shared/constants/trainings';
import { makeZip } from '../fixtures/packages/zip';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch } from './chromium';
import {
  chooseOption,
  closeDialogWithEscape,
  DESKTOP,
  openAs,
  PHONE,
  photograph,
  retype,
  textOf,
  type Viewport,
  waitForDialogGone,
  waitForText,
  waitForToast,
} from './pages';

/**
 * A group's admin edits the group's problems, trainings and contests in the console's editors, inside
 * the group's page (docs/architecture.md, Group screens): the problem's statement, tags, test data zip
 * and checker compile; the training's settings and its problems from the group, reordered and taken
 * out; the contest's settings, its problems under display ids and its announcements. A member, someone
 * outside the group and another group's root get the server's refusal on the same addresses. Root
 * answers the group's request to publish a problem in the console, and the problem then shows on the
 * site's problem list. Both languages, phone widths included; screenshots in /tmp/shots-gd.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-gd';
/** the built app to serve: dist/web, or E2E_WEB_DIR (a build of one's own, safe from parallel rebuilds) */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const PASSWORD = 'edit12345';
const USERS = ['geditor', 'gmember', 'goutsider', 'grival', 'gsiteadmin', 'gproblems'] as const;
const ROLES: Partial<Record<(typeof USERS)[number], RoleId>> = {
  gsiteadmin: Role.ADMIN,
  gproblems: Role.PROBLEM_ADMIN,
};
type Who = (typeof USERS)[number] | 'root';

const NOT_EDITOR =
  "Only the group's root, or the problem's author while a group admin, may change this problem.";
const NOT_YOUR_TRAINING =
  "Sorry, only the training's author (while a group administrator), the group's owner and roots and the super administrator may manage it.";
const NOT_YOUR_CONTEST =
  "Sorry, only the contest's author (while a group administrator), the group's owner and roots and the super administrator may manage it.";

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let editor: TestClient;
let zips: string;
let gid = 0;
let rivalGid = 0;
const pids = { p1: 0, p2: 0 };
let tid = 0;
let cid = 0;

async function clientOf(who: Exclude<Who, 'root'>): Promise<TestClient> {
  const client = testClient(server.url);
  await client.login(who, PASSWORD);
  return client;
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  zips = mkdtempSync(join(tmpdir(), 'verdict-group-zips-'));
  writeFileSync(
    join(zips, 'sum.zip'),
    makeZip([
      { name: '1.in', data: '1 2\n' },
      { name: '1.out', data: '3\n' },
      { name: '2.in', data: '40 2\n' },
      { name: '2.out', data: '42\n' },
    ]),
  );
  server = await startTestServer({ env: { WEB_DIR } });
  const db = server.server.ctx.db;
  for (const who of USERS)
    await createUser(db, {
      username: who,
      password: PASSWORD,
      ...(ROLES[who] ? { roleId: ROLES[who] } : {}),
    });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const group = (name: string, shortName: string) =>
    root.api.addGroup({
      name,
      shortName,
      brief: `${name}: we practise`,
      description: `## ${name}`,
      auth: GroupAuth.PUBLIC,
      visible: true,
    });
  gid = (await group('Code Club 编程社', 'coders')).id;
  rivalGid = (await group('Rival Team 对手队', 'rivals')).id;
  const uid = async (username: string) =>
    (
      await db.kysely
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).uuid;
  editor = await clientOf('geditor');
  await editor.api.addGroupMember({ gid });
  await root.api.updateGroupMember({ gid, uid: await uid('geditor'), auth: GroupRole.ADMIN });
  await (await clientOf('gmember')).api.addGroupMember({ gid });
  const rival = await clientOf('grival');
  await rival.api.addGroupMember({ gid: rivalGid });
  await root.api.updateGroupMember({ gid: rivalGid, uid: await uid('grival'), auth: GroupRole.ROOT });

  // the editor's own problems, training and contest, made with the group's short forms
  const problem = (problemId: string, auth: number) =>
    editor.api.addGroupProblem({
      problem: {
        problemId,
        title: `Club sum ${problemId}`,
        timeLimit: 1000,
        memoryLimit: 256,
        description: 'Print $a+b$.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: '<input>1 2</input><output>3</output>',
        auth,
        gid,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }, { name: 'Python3' }],
      tags: [{ name: 'Beginner' }],
    });
  pids.p1 = (await problem('P1', ProblemAuth.PRIVATE)).pid;
  pids.p2 = (await problem('P2', ProblemAuth.PUBLIC)).pid;
  const category = (await editor.api.getTrainingCategories())[0]?.id ?? 0;
  tid = (
    await editor.api.addGroupTraining({
      training: { title: 'Warm-up', description: 'Easy ones.', auth: TrainingAuth.PUBLIC, rank: 1, gid },
      trainingCategory: { id: category },
    })
  ).training.id;
  cid = (
    await editor.api.addGroupContest({
      title: 'Saturday sprint',
      description: 'For the club.',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      endTime: new Date(Date.now() + 90_000_000).toISOString(),
      gid,
    })
  ).id;
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (zips) rmSync(zips, { recursive: true, force: true });
});

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who | null, viewport: Viewport = DESKTOP): Promise<Page> {
  const credentials = who && { username: who, password: who === 'root' ? server.rootPassword : PASSWORD };
  return openAs(browser, server.url, path, credentials, viewport);
}

async function shot(page: Page, name: string) {
  await photograph(page, name, { fullPage: true, settleMs: 400 });
}

/** axe once the toasts are gone and colours have settled. */
async function settledViolations(page: Page, context?: string): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 400));
  return axeViolations(page, context);
}

const path = (page: Page) => new URL(page.url()).pathname;
/** The page is no wider than the screen (a phone never scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const rowOrder = (page: Page, list: string) =>
  page.$$eval(`[data-testid=${list}] > li`, (rows) => rows.map((r) => r.getAttribute('data-testid')));

describe('a group’s content in the console’s editors', () => {
  it('lets the group admin edit a problem: statement, tags, a test data zip and a checker compile (en-US)', async () => {
    const page = await open(`/group/${gid}/problem?l=en-US`, 'geditor');
    await page.locator('[data-testid=group-problem-manage]').click();
    await page.locator('[data-testid=group-problem-edit-codersP1]').click();
    await page.waitForSelector('[data-testid=kept-cases] [data-testid=case-row]');
    expect(path(page)).toBe(`/group/${gid}/problem/${pids.p1}/edit`);
    // inside the group's page: its header and tabs stay, Problems lit
    await page.waitForSelector('[data-testid=group-tab-problem][aria-current=page]');
    expect(await textOf(page, '[data-testid=problem-editor-title]')).toBe('Edit problem codersP1');
    expect(await textOf(page, '[data-testid=problem-id-prefix]')).toBe('coders');
    expect(await page.$eval('#problem-problemId', (el) => (el as HTMLInputElement).value)).toBe('P1');
    // the group's words for who sees it; statement uploads are the site admins'
    expect(await textOf(page, '[data-testid=problem-editor]')).toContain(
      "Public: the group's members see it",
    );
    expect(await page.$('[data-testid=problem-description-insert-image]')).toBeNull();

    await retype(page, '#problem-title', 'Club sum, edited');
    await retype(page, '#problem-description', 'Print the **sum** $a+b$.');
    await page.type('#problem-tags', 'club-graphs');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tag-chip]').length === 2);

    await page.locator('[data-testid=testdata-source-upload]').click();
    const input = (await page.$('[data-testid=testdata-zip]')) as ElementHandle<HTMLInputElement> | null;
    if (!input) throw new Error('no zip input');
    await input.uploadFile(join(zips, 'sum.zip'));
    await waitForToast(page, 'The zip holds 2 test cases.');

    // a special judge compiled in the sandbox through the group's call: the compiler's words, then success
    await chooseOption(page, '#problem-judgeMode', '[data-testid=problem-judgeMode-spj]');
    await page.type('#problem-spjCode', 'int main( {');
    await page.locator('[data-testid=checker-compile]').click();
    await page.waitForSelector('[data-testid=checker-compile-error]', { timeout: 60_000 });
    expect(await textOf(page, '[data-testid=checker-compile-error]')).toMatch(
      /^The checker does not compile:/,
    );
    await retype(page, '#problem-spjCode', '#include <cstdio>\nint main(){return 0;}');
    await page.locator('[data-testid=checker-compile]').click();
    await waitForToast(page, 'The checker compiles.');
    await chooseOption(page, '#problem-judgeMode', '[data-testid=problem-judgeMode-default]');
    expect(await settledViolations(page, '[data-testid=problem-editor]')).toEqual([]);
    await shot(page, 'problem-edit-en');

    await page.locator('[data-testid=problem-save]').click();
    await waitForToast(page, 'The problem has been saved.');
    await page.waitForFunction((want) => location.pathname === want, {}, `/group/${gid}/problem`);
    const saved = await editor.api.getGroupProblem(pids.p1);
    expect([saved.problemId, saved.title, saved.isUploadCase]).toEqual([
      'codersP1',
      'Club sum, edited',
      true,
    ]);
    expect((await editor.api.getGroupProblemCases(pids.p1)).map((c) => c.input)).toEqual(['1.in', '2.in']);
    expect((await editor.api.adminGetProblemTags(pids.p1)).map((t) => t.name).sort()).toEqual([
      'Beginner',
      'club-graphs',
    ]);
    await page.browserContext().close();
  }, 120_000);

  it('opens the same editor on a phone in Chinese, no wider than the screen', async () => {
    const phone = await open(`/group/${gid}/problem/${pids.p1}/edit?l=zh-CN`, 'geditor', PHONE);
    await phone.waitForSelector('[data-testid=kept-cases] [data-testid=case-row]');
    expect(await textOf(phone, '[data-testid=problem-editor-title]')).toBe('编辑题目 codersP1');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'problem-edit-zh-phone');
    await phone.browserContext().close();
  });

  it('gives a member, an outsider and another group’s root the server’s refusal on the editor', async () => {
    for (const who of ['gmember', 'goutsider', 'grival'] as const) {
      const page = await open(`/group/${gid}/problem/${pids.p1}/edit?l=en-US`, who);
      await waitForText(page, '[data-testid=problem-editor-refused]', NOT_EDITOR);
      expect(await page.$('[data-testid=problem-editor]')).toBeNull();
      if (who === 'gmember') {
        await shot(page, 'problem-edit-refused-member-en');
        // members have no management list
        await page.locator('[data-testid=group-tab-problem]').click();
        await page.waitForSelector('[data-testid=group-problems]');
        expect(await page.$('[data-testid=group-problem-manage]')).toBeNull();
      }
      await page.browserContext().close();
    }
    const zh = await open(`/group/${gid}/training/${tid}/edit?l=zh-CN`, 'goutsider');
    await zh.waitForSelector('[data-testid=admin-training-refused]');
    await zh.browserContext().close();
    const en = await open(`/group/${gid}/contest/${cid}/edit?l=en-US`, 'grival');
    await waitForText(en, '[data-testid=admin-contest-refused]', NOT_YOUR_CONTEST);
    await en.browserContext().close();
    const member = await open(`/group/${gid}/training/${tid}/problems?l=en-US`, 'gmember');
    await waitForText(member, '[data-testid=admin-training-refused]', NOT_YOUR_TRAINING);
    await member.browserContext().close();
  });

  it('lets the group admin edit a training and order its problems from the group (zh-CN)', async () => {
    const page = await open(`/group/${gid}/training?l=zh-CN`, 'geditor');
    await page.locator('[data-testid=group-training-manage]').click();
    await page.locator(`[data-testid=group-training-edit-${tid}]`).click();
    await page.waitForSelector('[data-testid=training-editor]');
    expect(path(page)).toBe(`/group/${gid}/training/${tid}/edit`);
    await page.waitForSelector('[data-testid=group-tab-training][aria-current=page]');
    expect(await page.$('[data-testid=training-description-insert-image]')).toBeNull();
    await retype(page, '#training-title', '热身训练');
    await chooseOption(page, '#training-auth', '[data-testid=training-auth-Private]');
    await page.type('#training-password', 'drill42');
    await shot(page, 'training-edit-zh');
    await page.locator('[data-testid=training-save]').click();
    await waitForToast(page, '修改成功！');
    await page.waitForFunction((want) => location.pathname === want, {}, `/group/${gid}/training`);
    const stored = await editor.api.getGroupTraining(tid);
    expect([stored.training.title, stored.training.auth, stored.training.privatePwd]).toEqual([
      '热身训练',
      TrainingAuth.PRIVATE,
      'drill42',
    ]);

    await page.locator('[data-testid=group-training-manage]').click();
    await page.locator(`[data-testid=group-training-problems-${tid}]`).click();
    await page.waitForSelector('[data-testid=training-problems-admin-empty]');
    await page.locator('[data-testid=group-training-picker-open]').click();
    await page.waitForSelector(`[data-testid=group-candidate-${pids.p1}]`);
    await page.locator(`[data-testid=group-candidate-${pids.p1}-add]`).click();
    await waitForToast(page, '已添加 codersP1');
    await page.locator(`[data-testid=group-candidate-${pids.p2}-add]`).click();
    await waitForToast(page, '已添加 codersP2');
    expect(await settledViolations(page, '[data-testid=group-training-picker]')).toEqual([]);
    await shot(page, 'training-picker-zh');
    await closeDialogWithEscape(page);
    await page.waitForSelector('[data-testid=training-problem-codersP2]');
    expect(await rowOrder(page, 'training-problem-list')).toEqual([
      'training-problem-codersP1',
      'training-problem-codersP2',
    ]);
    await page.locator('[data-testid=training-problem-up-codersP2]').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=training-problem-list] > li')?.getAttribute('data-testid') ===
        'training-problem-codersP2',
    );
    await page.locator('[data-testid=training-problem-remove-codersP1]').click();
    await page.locator('[data-testid=confirm-ok]').click();
    await page.waitForSelector('[data-testid=training-problem-codersP1]', { hidden: true });
    expect(await settledViolations(page, '[data-testid=training-problems-admin]')).toEqual([]);
    await shot(page, 'training-problems-zh');
    const list = await editor.api.getGroupTrainingProblemList({ tid, queryExisted: true });
    expect(list.problemList.records.map((p) => p.problemId)).toEqual(['codersP2']);
    await page.browserContext().close();

    const phone = await open(`/group/${gid}/training/${tid}/problems?l=en-US`, 'geditor', PHONE);
    await phone.waitForSelector('[data-testid=training-problem-codersP2]');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'training-problems-en-phone');
    await phone.browserContext().close();
  }, 90_000);

  it('lets the group admin edit a contest, its problems under display ids and its announcements (en-US)', async () => {
    const page = await open(`/group/${gid}/contest?l=en-US`, 'geditor');
    await page.locator('[data-testid=group-contest-manage]').click();
    await page.locator(`[data-testid=group-contest-edit-${cid}]`).click();
    await page.waitForSelector('[data-testid=contest-editor]');
    await page.waitForSelector('[data-testid=group-tab-contest][aria-current=page]');
    expect(await page.$('[data-testid=contest-backgroundImage-upload]')).toBeNull();
    await retype(page, '#contest-title', 'Saturday sprint, edited');
    await page.locator('[data-testid=contest-save]').click();
    await waitForToast(page, 'Contest updated.');
    await page.waitForFunction((want) => location.pathname === want, {}, `/group/${gid}/contest`);
    expect((await editor.api.getGroupContest(cid)).title).toBe('Saturday sprint, edited');

    await page.locator('[data-testid=group-contest-manage]').click();
    await page.locator(`[data-testid=group-contest-problem-${cid}]`).click();
    await page.waitForSelector('[data-testid=contest-problems-empty]');
    await page.locator('[data-testid=group-contest-picker-open]').click();
    await page.waitForSelector(`[data-testid=group-candidate-${pids.p1}]`);
    await page.locator(`[data-testid=group-candidate-${pids.p1}-add]`).click();
    await waitForToast(page, 'Problem added to the contest as A.');
    // the next free display id is offered once the contest holds A
    await page.waitForFunction(
      (id) =>
        (document.querySelector(`[data-testid=group-candidate-${id}-display-id]`) as HTMLInputElement)
          ?.value === 'B',
      {},
      pids.p2,
    );
    await page.locator(`[data-testid=group-candidate-${pids.p2}-add]`).click();
    await waitForToast(page, 'Problem added to the contest as B.');
    await shot(page, 'contest-picker-en');
    await closeDialogWithEscape(page);
    await page.waitForSelector(`[data-testid=contest-problem-${pids.p2}-row][data-display-id=B]`);
    // the display ids give the order: B becomes C
    await retype(page, `#contest-problem-${pids.p2}-displayId`, 'C');
    await page.locator(`[data-testid=contest-problem-${pids.p2}-save]`).click();
    await waitForToast(page, 'Problem C saved.');
    await page.waitForSelector(`[data-testid=contest-problem-${pids.p2}-row][data-display-id=C]`);
    expect(await settledViolations(page, '[data-testid=contest-problems-admin]')).toEqual([]);
    await shot(page, 'contest-problems-en');

    // a new problem of the group made for this contest, in the editor's contest mode
    await page.locator('[data-testid=contest-problem-create]').click();
    await page.waitForSelector('[data-testid=problem-editor]');
    expect(path(page)).toBe(`/group/${gid}/contest/${cid}/problem/create`);
    expect(await textOf(page, '[data-testid=problem-id-prefix]')).toBe('coders');
    expect(await page.$eval('#contest-displayId', (el) => (el as HTMLInputElement).value)).toBe('D');
    await page.type('#problem-problemId', 'C1');
    await page.type('#problem-title', 'Contest only sum');
    await page.type('#problem-description', 'Print the sum of two integers.');
    await page.locator('[data-testid=testdata-source-manual]').click();
    await page.type('#typed-case-0-input', '2 3\n');
    await page.type('#typed-case-0-output', '5\n');
    await page.locator('[data-testid=problem-save]').click();
    await waitForToast(page, 'Problem codersC1 made and added to the contest as D.');
    await page.waitForSelector('[data-testid=contest-problem-list] > li[data-display-id=D]');
    expect(path(page)).toBe(`/group/${gid}/contest/${cid}/problem`);

    await page.locator('[data-testid=admin-contest-tab-announcement]').click();
    await page.waitForSelector('[data-testid=contest-announcements-empty]');
    await page.locator('[data-testid=contest-announcement-create]').click();
    await page.waitForSelector('[data-testid=contest-announcement-dialog]');
    await page.type('#contest-announcement-title', 'Clarification');
    await page.type('#contest-announcement-content', 'Problem **A** reads two integers.');
    await page.locator('[data-testid=contest-announcement-save]').click();
    await waitForToast(page, 'Announcement published.');
    await waitForDialogGone(page);
    const [note] = (await editor.api.getGroupContestAnnouncementList({ cid })).records;
    if (!note) throw new Error('the announcement was not saved');
    await page.locator(`[data-testid=contest-announcement-edit-${note.id}]`).click();
    await page.waitForSelector('[data-testid=contest-announcement-dialog]');
    await retype(page, '#contest-announcement-title', 'Clarification, corrected');
    await page.locator('[data-testid=contest-announcement-save]').click();
    await waitForText(page, `[data-testid=contest-announcement-row-${note.id}]`, 'Clarification, corrected');
    await waitForDialogGone(page);
    await shot(page, 'contest-announcements-en');
    await page.locator(`[data-testid=contest-announcement-delete-${note.id}]`).click();
    await page.locator('[data-testid=confirm-ok]').click();
    await page.waitForSelector('[data-testid=contest-announcements-empty]');
    await page.browserContext().close();

    const placed = await editor.api.getGroupContestProblemList({ cid });
    expect(
      Object.values(placed.contestProblemMap)
        .map((p) => p.displayId)
        .sort(),
    ).toEqual(['A', 'C', 'D']);
    const made = placed.problemList.records.find((p) => p.problemId === 'codersC1');
    expect([made?.gid, made?.auth]).toEqual([gid, ProblemAuth.CONTEST]);

    const phone = await open(`/group/${gid}/contest/${cid}/problem?l=zh-CN`, 'geditor', PHONE);
    await phone.waitForSelector(`[data-testid=contest-problem-${pids.p1}-row]`);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'contest-problems-zh-phone');
    await phone.browserContext().close();
  }, 90_000);

  it('lets root agree to publish a group problem; it then shows on the public problem list', async () => {
    // the group asks
    const ask = await open(`/group/${gid}/problem?l=zh-CN`, 'geditor');
    await ask.locator('[data-testid=group-problem-manage]').click();
    await ask.locator('[data-testid=group-problem-apply-codersP2]').click();
    await waitForToast(ask, '保存成功。');
    await ask.browserContext().close();

    // a visitor does not find it yet
    expect((await testClient(server.url).api.getProblemList({ keyword: 'codersP2' })).total).toBe(0);

    const page = await open('/admin/group-problem?l=zh-CN', 'root');
    await page.waitForSelector('[data-testid=admin-menu-group-problem][aria-current=page]');
    await page.waitForSelector('[data-testid=admin-group-problem-row-codersP2]');
    expect(await textOf(page, '[data-testid=admin-group-problem-state]')).toBe('待审核');
    // the group filter: another group has no requests
    await chooseOption(
      page,
      '[data-testid=admin-group-problem-group]',
      `[data-testid=admin-group-problem-group-${rivalGid}]`,
    );
    await page.waitForSelector('[data-testid=admin-group-problem-empty]');
    expect(new URL(page.url()).searchParams.get('gid')).toBe(String(rivalGid));
    await chooseOption(
      page,
      '[data-testid=admin-group-problem-group]',
      `[data-testid=admin-group-problem-group-${gid}]`,
    );
    await page.waitForSelector('[data-testid=admin-group-problem-row-codersP2]');
    // the keyword
    await page.type('[data-testid=admin-group-problem-search]', 'nothing like it');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=admin-group-problem-empty]');
    await retype(page, '[data-testid=admin-group-problem-search]', 'codersP2');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=admin-group-problem-row-codersP2]');
    expect(await settledViolations(page, '[data-testid=admin-group-problems]')).toEqual([]);
    await shot(page, 'approval-zh');

    await page.locator('[data-testid=admin-group-problem-agree-codersP2]').click();
    await waitForToast(page, 'codersP2 已加入公开题库。');
    await page.waitForSelector('[data-testid=admin-group-problem-empty]');
    await page.locator('[data-testid=admin-group-problem-filter-2]').click();
    await waitForText(page, '[data-testid=admin-group-problem-state]', '已同意');
    await shot(page, 'approval-agreed-zh');
    await page.browserContext().close();

    // a user outside the group now finds it on the site's problem list and opens it
    const user = await open('/problem?l=en-US', 'goutsider');
    await user.type('[data-testid=problem-search]', 'codersP2');
    await user.keyboard.press('Enter');
    await user.waitForSelector('[data-testid=problem-row][data-problem-id=codersP2]');
    await user.locator('[data-testid=problem-row][data-problem-id=codersP2] a').click();
    await user.waitForSelector('[data-section=description] .katex');
    expect(path(user)).toBe('/problem/codersP2');
    await shot(user, 'published-problem-en');
    await user.browserContext().close();

    // on a phone, in English
    const phone = await open('/admin/group-problem?progress=2&l=en-US', 'root', PHONE);
    await waitForText(phone, '[data-testid=admin-group-problem-state]', 'Agreed');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'approval-en-phone');
    await phone.browserContext().close();
  }, 90_000);

  it('opens the approval screen for a problem admin, groups to filter by included', async () => {
    const page = await open('/admin/group-problem?progress=2&l=en-US', 'gproblems');
    await page.waitForSelector('[data-testid=admin-menu-group-problem][aria-current=page]');
    await waitForText(page, '[data-testid=admin-group-problem-row-codersP2]', 'Code Club 编程社');
    await chooseOption(
      page,
      '[data-testid=admin-group-problem-group]',
      `[data-testid=admin-group-problem-group-${gid}]`,
    );
    await page.waitForSelector('[data-testid=admin-group-problem-row-codersP2]');
    // nothing went wrong on the way (no error toast)
    expect(await page.$('[data-sonner-toast][data-type=error]')).toBeNull();
    await page.browserContext().close();
  });

  it('keeps the approval screen from admins who may not publish', async () => {
    const page = await open('/admin/problem?l=en-US', 'gsiteadmin');
    await page.waitForSelector('[data-testid=admin-menu-problem]');
    expect(await page.$('[data-testid=admin-menu-group-problem]')).toBeNull();
    await page.goto(`${server.url}/admin/group-problem?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=admin-forbidden]');
    expect(await page.$('[data-testid=admin-group-problem-table]')).toBeNull();
    await page.browserContext().close();
  });
});
