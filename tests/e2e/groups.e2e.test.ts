import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { createGroupAdminEndpoints, createGroupEndpoints } from '../../shared/api/group-endpoints';
import { createGroupProblemEndpoints } from '../../shared/api/group-problem-endpoints';
import { GroupAuth, GroupRole } from '../../shared/constants/groups';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch } from './chromium';
import {
  DESKTOP,
  openAs,
  PHONE,
  photograph,
  retype,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/**
 * Groups in the web app (docs/architecture.md, Groups), against a server with its judge, as the roles
 * that use them: a visitor browses the list and an introduction and is asked to log in; a user joins
 * a public group, applies to a protected one with a reason and to a private one with its code (a
 * wrong code is answered); a group admin approves the application, posts an announcement and sees the
 * status list's real-name column; a member solves a group problem and finds it in the group's status;
 * a removed member loses the group's pages; root bans a group in the console. Both languages, phone
 * widths included. Screenshots in /tmp/shots-g/ (E2E_SHOTS). E2E_WEB_DIR may name another built app.
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-g';
const PASSWORDS = { gzhang: 'zhang1234', gli: 'li1234567', gwang: 'wang12345', root: '' } as const;
type Who = keyof typeof PASSWORDS;

const PRIVATE_CODE = 'K7Q2M9';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
const gids = { open: 0, guard: 0, secret: 0 };
let problemId = '';

/** A client's group calls (they are not among the site's endpoints: the web app loads them with the group screens). */
const groupsOf = (client: TestClient) => ({
  ...createGroupEndpoints(client.raw),
  ...createGroupProblemEndpoints(client.raw),
  ...createGroupAdminEndpoints(client.raw),
});

async function clientOf(who: Exclude<Who, 'root'>): Promise<TestClient> {
  const client = testClient(server.url);
  await client.login(who, PASSWORDS[who]);
  return client;
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 1, env: { WEB_DIR } });
  const db = server.server.ctx.db;
  for (const who of ['gzhang', 'gli', 'gwang'] as const)
    await createUser(db, { username: who, password: PASSWORDS[who] });
  await db.kysely
    .updateTable('user_info')
    .set({ realname: '张三' })
    .where('username', '=', 'gzhang')
    .execute();
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const g = groupsOf(root);
  const made = async (name: string, shortName: string, auth: number, code?: string) =>
    (
      await g.addGroup({
        name,
        shortName,
        brief: `${name}: practice together`,
        description: `## ${name}\n\nWe solve $a+b$ first. / 我们先做 $a+b$。`,
        auth,
        visible: true,
        ...(code ? { code } : {}),
      })
    ).id;
  gids.open = await made('Open Lab 公开组', 'openlab', GroupAuth.PUBLIC);
  gids.guard = await made('Guarded Lab 保护组', 'guarded', GroupAuth.PROTECTED, 'GUARD1');
  gids.secret = await made('Secret Lab 私有组', 'secret', GroupAuth.PRIVATE, PRIVATE_CODE);

  // a problem of the open group whose C template already solves it
  const languages = await root.api.getLanguages();
  const c = languages.find((l) => l.name === 'C');
  if (!c) throw new Error('the judge has no C language');
  const saved = await g.addGroupProblem({
    problem: {
      problemId: '1',
      title: 'Group A+B',
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Print $a+b$.',
      input: 'Two integers.',
      output: 'Their sum.',
      examples: '<input>1 2</input><output>3</output>',
      auth: 1,
      gid: gids.open,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '40 2\n', output: '42\n' },
    ],
    isUploadTestCase: false,
    languages: [{ name: 'C' }],
    tags: [],
    codeTemplates: [{ lid: c.id, code: A_PLUS_B.C ?? '', status: true }],
  });
  problemId = saved.problemId;

  // gli: an admin of the open and the guarded group; gwang: a member of the open group
  const li = groupsOf(await clientOf('gli'));
  await li.addGroupMember({ gid: gids.open });
  await li.addGroupMember({ gid: gids.guard, reason: 'I help run the lab.' });
  const uidOf = async (username: string) =>
    (
      await db.kysely
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).uuid;
  const liUid = await uidOf('gli');
  await g.updateGroupMember({ gid: gids.open, uid: liUid, auth: GroupRole.ADMIN });
  await g.updateGroupMember({ gid: gids.guard, uid: liUid, auth: GroupRole.ADMIN });
  await groupsOf(await clientOf('gwang')).addGroupMember({ gid: gids.open });
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who | null, viewport: Viewport = DESKTOP): Promise<Page> {
  const credentials = who && {
    username: who,
    password: who === 'root' ? server.rootPassword : PASSWORDS[who],
  };
  return openAs(browser, server.url, path, credentials, viewport);
}

/** axe once colour transitions have ended (mid-transition colours read as contrast the page does not have). */
async function settledViolations(page: Page, context?: string): Promise<string[]> {
  // and once the toasts are gone (sonner's success colours are the toaster's, not the screen's)
  await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 400));
  return axeViolations(page, context);
}

async function shot(page: Page, name: string) {
  await photograph(page, `group-${name}`, { fullPage: true, settleMs: 400 });
}

/** The page is no wider than the screen (a phone never scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const cardIds = (page: Page) =>
  page.$$eval('[data-testid=group-card]', (cards) =>
    cards.map((c) => Number(c.getAttribute('data-group-id'))),
  );

const locked = (page: Page, tab: string) =>
  page.$eval(`[data-testid=group-tab-${tab}]`, (el) => el.getAttribute('aria-disabled') === 'true');

describe('groups in the web app', () => {
  it('shows a visitor the list and an introduction in Chinese and English, and asks for a login', async () => {
    const page = await open('/group?l=zh-CN', null);
    await page.waitForSelector('[data-testid=nav-group][aria-current=page]');
    expect(await textOf(page, 'main h1')).toBe('团队');
    await page.waitForSelector(`[data-testid=group-link-${gids.secret}]`);
    expect(await cardIds(page)).toEqual(expect.arrayContaining([gids.open, gids.guard, gids.secret]));
    expect(await textOf(page, `[data-group-id="${gids.guard}"] [data-testid=group-auth]`)).toBe('保护');
    // visitors make no groups and have no "mine"
    expect(await page.$('[data-testid=group-create]')).toBeNull();
    expect(await page.$('[data-testid=group-mine]')).toBeNull();
    await page.click(`[data-testid=group-auth-${GroupAuth.PRIVATE}]`);
    await page.waitForFunction(
      (gid) =>
        [...document.querySelectorAll('[data-testid=group-card]')]
          .map((c) => c.getAttribute('data-group-id'))
          .join() === String(gid),
      {},
      gids.secret,
    );
    expect(new URL(page.url()).searchParams.get('auth')).toBe(String(GroupAuth.PRIVATE));
    await page.click('[data-testid=group-auth-all]');
    await page.waitForSelector(`[data-testid=group-link-${gids.open}]`);
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'list-zh');

    await page.click(`[data-testid=group-link-${gids.guard}]`);
    await page.waitForSelector('[data-testid=group-introduction] .katex');
    expect(await textOf(page, '[data-testid=group-name]')).toBe('Guarded Lab 保护组');
    expect(await textOf(page, '[data-testid=group-tab-intro]')).toBe('团队简介');
    for (const tab of ['problem', 'status', 'member', 'rank']) expect(await locked(page, tab)).toBe(true);
    await page.waitForSelector('[data-testid=group-login]');
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'intro-visitor-zh');
    // a locked tab's address tells a visitor the same
    await page.goto(`${server.url}/group/${gids.guard}/problem`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=group-locked]');
    await page.click('[data-testid=group-login]');
    await page.waitForSelector('[data-testid=login-dialog]');
    await page.browserContext().close();

    const phone = await open('/group?l=en-US', null, PHONE);
    await phone.waitForSelector(`[data-testid=group-link-${gids.open}]`);
    expect(await textOf(phone, 'main h1')).toBe('Group');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(await settledViolations(phone)).toEqual([]);
    // the sections that do not fit on a phone are in the More menu, Group lit
    expect(await phone.$('[data-testid=nav-group]')).toBeNull();
    await phone.tap('[data-testid=nav-more]');
    await phone.waitForSelector('[data-testid=nav-group][aria-current=page]');
    expect(await textOf(phone, '[data-testid=nav-more-menu]')).toContain('Discussion');
    expect(await settledViolations(phone, '[data-testid=nav-more-menu]')).toEqual([]);
    await shot(phone, 'list-en-phone');
    await phone.keyboard.press('Escape');
    await phone.goto(`${server.url}/group/${gids.open}?l=en-US`, { waitUntil: 'networkidle0' });
    await waitForText(phone, '[data-testid=group-tab-intro]', 'Introduction');
    await phone.waitForSelector('[data-testid=group-introduction] .katex');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'intro-en-phone');
    await phone.browserContext().close();
  });

  it('lets a user join a public group, apply to a protected one and to a private one with its code', async () => {
    const page = await open(`/group/${gids.open}?l=zh-CN`, 'gzhang');
    expect(await locked(page, 'problem')).toBe(true);
    await page.click('[data-testid=group-join]');
    await waitForToast(page, '欢迎加入团队！');
    await page.waitForSelector('[data-testid=group-role][data-role="3"]');
    expect(await locked(page, 'problem')).toBe(false);
    await page.waitForSelector('[data-testid=group-exit]');

    // protected: a reason of 5 to 100 characters
    await page.goto(`${server.url}/group/${gids.guard}?l=zh-CN`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid=group-join]');
    await page.waitForSelector('[data-testid=group-join-dialog]');
    await page.type('#group-join-reason', 'hi');
    await page.click('[data-testid=group-join-submit]');
    await waitForText(page, '#group-join-reason-error', '申请理由的长度应为 5 到 100！');
    await retype(page, '#group-join-reason', '我想和大家一起练习算法。');
    await page.click('[data-testid=group-join-submit]');
    await waitForToast(page, '申请已提交，请等待团队管理员审核。');
    await page.waitForSelector('[data-testid=group-applying]');
    expect(await locked(page, 'problem')).toBe(true);

    // private: the invitation code; a wrong one is answered under the form
    await page.goto(`${server.url}/group/${gids.secret}?l=zh-CN`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid=group-join]');
    await page.waitForSelector('[data-testid=group-join-dialog]');
    await page.type('#group-join-code', 'AAAAAA');
    await page.click('[data-testid=group-join-submit]');
    await waitForText(page, '[data-testid=group-join-error]', '邀请码错误，请重新尝试！');
    expect(await settledViolations(page, '[data-testid=group-join-dialog]')).toEqual([]);
    await shot(page, 'wrong-code-zh');
    await retype(page, '#group-join-code', PRIVATE_CODE);
    await page.click('[data-testid=group-join-submit]');
    await waitForToast(page, '申请已提交');
    await page.waitForSelector('[data-testid=group-applying]');
    await page.browserContext().close();

    // the same dialog in English on a phone
    const zhang = groupsOf(await clientOf('gzhang'));
    expect(await zhang.getGroupAuth(gids.secret)).toBe(GroupRole.APPLICANT);
    const phone = await open(`/group/${gids.secret}?l=en-US`, 'gwang', PHONE);
    await phone.tap('[data-testid=group-join]');
    await phone.waitForSelector('[data-testid=group-join-dialog]');
    await phone.type('#group-join-code', 'ZZZZZZ');
    await phone.tap('[data-testid=group-join-submit]');
    await waitForText(phone, '[data-testid=group-join-error]', 'Wrong invitation code');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'wrong-code-en-phone');
    await phone.browserContext().close();
  });

  it('lets a group admin approve the application and post an announcement', async () => {
    const page = await open(`/group/${gids.guard}/member?l=en-US`, 'gli');
    await page.waitForSelector('[data-testid=group-application-row][data-username=gzhang]');
    expect(await textOf(page, '[data-testid=group-application-reason]')).toBe('我想和大家一起练习算法。');
    // a group admin has no settings (the group roots' tab)
    expect(await page.$('[data-testid=group-tab-setting]')).toBeNull();
    await page.click('[data-testid=group-approve-gzhang]');
    await waitForToast(page, 'Application approved.');
    await page.waitForSelector('[data-testid=group-member-row][data-username=gzhang]');
    await page.waitForSelector('[data-testid=group-application-empty]');
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'members-en');

    await page.click('[data-testid=group-tab-announcement]');
    await page.waitForSelector('[data-testid=group-announcement-create]');
    await page.click('[data-testid=group-announcement-create]');
    await page.waitForSelector('[data-testid=group-announcement-dialog]');
    await page.click('[data-testid=group-announcement-save]');
    await page.waitForSelector('#group-announcement-title-error');
    await page.type('#group-announcement-title', 'Weekly practice');
    await page.type('#group-announcement-content', 'Every **Saturday** at 14:00: problems $1$ to $3$.');
    await page.click('[data-testid=group-announcement-save]');
    await waitForToast(page, 'Announcement saved.');
    await waitForText(page, '[data-testid=group-announcements]', 'Weekly practice');
    await shot(page, 'announcements-en');

    // a training and a contest of the group, made in their tabs
    await page.click('[data-testid=group-tab-training]');
    await page.waitForSelector('[data-testid=group-training-create]');
    await page.click('[data-testid=group-training-create]');
    await page.waitForSelector('[data-testid=group-training-dialog]');
    await page.type('#gt-title', 'Warm-up drills');
    await page.type('#gt-description', 'Three easy ones.');
    await page.click('[data-testid=gt-save]');
    await waitForToast(page, 'Training created.');
    await page.waitForSelector('[data-testid=group-training-row]');
    expect(await textOf(page, '[data-testid=group-training-table]')).toContain('Warm-up drills');
    await shot(page, 'trainings-en');
    await page.click('[data-testid=group-tab-contest]');
    await page.waitForSelector('[data-testid=group-contest-create]');
    await page.click('[data-testid=group-contest-create]');
    await page.waitForSelector('[data-testid=group-contest-dialog]');
    await page.type('#gc-title', 'Saturday sprint');
    await page.click('[data-testid=gc-save]');
    await waitForToast(page, 'Contest created.');
    await waitForText(page, '[data-testid=group-contest-list]', 'Saturday sprint');
    await shot(page, 'contests-en');
    await page.browserContext().close();

    // the new member reads it on the group's introduction
    const zhang = await open(`/group/${gids.guard}?l=zh-CN`, 'gzhang');
    await waitForText(zhang, '[data-testid=group-announcements]', 'Weekly practice');
    await zhang.click('[data-testid=group-announcement-title]');
    await zhang.waitForSelector('[data-testid=group-announcements] .katex');
    expect(await locked(zhang, 'problem')).toBe(false);
    await shot(zhang, 'intro-member-zh');
    await zhang.browserContext().close();
  });

  it('lets a member solve a group problem and find it in the group status; admins see real names', async () => {
    const page = await open(`/group/${gids.open}/problem?l=zh-CN`, 'gzhang');
    await page.waitForSelector(`[data-testid=group-problem-link-${problemId}]`);
    await page.click(`[data-testid=group-problem-link-${problemId}]`);
    await page.waitForSelector('[data-testid=group-problem-back]');
    expect(new URL(page.url()).pathname).toBe(`/group/${gids.open}/problem/${problemId}`);
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/submit-problem-judge') && r.method() === 'POST',
    );
    await page.click('[data-testid=submit]');
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ pid: problemId, gid: gids.open });
    await page.waitForFunction(
      (ac) => document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(ac),
      { timeout: 90_000 },
      JudgeStatus.ACCEPTED,
    );
    await shot(page, 'problem-zh');
    await page.click('[data-testid=group-problem-back]');
    await page.waitForSelector(`[data-testid=problem-mark-${problemId}][data-mark=accepted]`);
    await page.click('[data-testid=group-tab-status]');
    await page.waitForSelector('[data-testid=submission-row]');
    expect(await page.$('[data-testid=column-realname]')).toBeNull();
    await shot(page, 'status-member-zh');
    await page.browserContext().close();

    const admin = await open(`/group/${gids.open}/status?l=en-US`, 'gli');
    await admin.waitForSelector('[data-testid=submission-row]');
    expect(await textOf(admin, '[data-testid=column-realname]')).toBe('Real name');
    expect(await textOf(admin, '[data-testid=row-realname]')).toBe('张三');
    await shot(admin, 'status-admin-en');
    await admin.click('[data-testid=group-tab-rank]');
    await admin.waitForSelector('[data-testid=rank-row][data-username=gzhang]');
    await shot(admin, 'rank-en');
    await admin.browserContext().close();

    const phone = await open(`/group/${gids.open}/status?l=zh-CN`, 'gli', PHONE);
    await phone.waitForSelector('[data-testid=submission-row]');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'status-admin-zh-phone');
    await phone.browserContext().close();
  }, 150_000);

  it('takes the group away from a removed member', async () => {
    const admin = await open(`/group/${gids.open}/member?l=zh-CN`, 'gli');
    await admin.waitForSelector('[data-testid=group-member-row][data-username=gwang]');
    await admin.click('[data-testid=group-member-remove-gwang]');
    await admin.waitForSelector('[data-testid=group-member-remove-confirm]');
    await admin.click('[data-testid=confirm-ok]');
    await waitForToast(admin, '成员已移除。');
    await admin.waitForSelector('[data-testid=group-member-row][data-username=gwang]', { hidden: true });
    await admin.browserContext().close();

    const wang = await open(`/group/${gids.open}/problem?l=zh-CN`, 'gwang');
    await wang.waitForSelector('[data-testid=group-locked]');
    expect(await locked(wang, 'problem')).toBe(true);
    await wang.waitForSelector('[data-testid=group-join]');
    await shot(wang, 'removed-zh');
    await wang.browserContext().close();
    const refused = await failure(groupsOf(await clientOf('gwang')).getGroupProblemList({ gid: gids.open }));
    expect(refused.status).toBe(403);
  });

  it('lets root create a group with the form and ban a group in the console', async () => {
    const maker = await open('/group?l=zh-CN', 'root');
    await maker.click('[data-testid=group-create]');
    await maker.waitForSelector('[data-testid=group-create-dialog]');
    // the server's rules, shown by the form before anything is sent
    await maker.click('[data-testid=group-create-save]');
    await waitForText(maker, '#group-create-name-error', '团队名称');
    await maker.type('#group-create-name', 'Night Owls 夜猫子');
    await maker.type('#group-create-shortName', 'owls');
    await maker.type('#group-create-brief', 'We code at night.');
    await maker.type('#group-create-description', 'Late practice, **every** night.');
    await maker.click('[data-testid=group-create-save]');
    await waitForText(maker, '#group-create-shortName-error', '团队简称');
    await retype(maker, '#group-create-shortName', 'owls24');
    expect(await settledViolations(maker, '[data-testid=group-create-dialog]')).toEqual([]);
    await shot(maker, 'create-zh');
    await maker.click('[data-testid=group-create-save]');
    await waitForToast(maker, '团队创建成功。');
    await waitForText(maker, '[data-testid=group-name]', 'Night Owls 夜猫子');
    // its owner changes it in the settings, with the same form
    await maker.click('[data-testid=group-tab-setting]');
    await maker.waitForSelector('[data-testid=group-settings]');
    expect(await maker.$eval('#group-edit-shortName', (i) => (i as HTMLInputElement).value)).toBe('owls24');
    await retype(maker, '#group-edit-brief', 'We code late at night.');
    await maker.click('[data-testid=group-edit-save]');
    await waitForToast(maker, '保存成功。');
    await waitForText(maker, '[data-testid=group-header]', 'We code late at night.');
    await maker.waitForSelector('[data-testid=group-disband]');
    // dark mode: the same page reads as well
    await maker.click('[data-testid=theme-toggle]');
    await maker.waitForSelector('html.dark');
    expect(await settledViolations(maker)).toEqual([]);
    await shot(maker, 'settings-zh-dark');
    await maker.browserContext().close();

    const page = await open('/admin/group?l=en-US', 'root');
    await page.waitForSelector(`[data-testid=admin-group-row-${gids.secret}]`);
    await page.click(`[data-testid=admin-group-ban-${gids.secret}]`);
    await waitForToast(page, 'Group banned');
    await page.waitForSelector(`[data-testid=admin-group-ban-${gids.secret}][data-state=checked]`);
    expect(await settledViolations(page)).toEqual([]);
    await shot(page, 'console-en');
    await page.browserContext().close();

    // gone for everyone else
    const zhang = await open(`/group/${gids.secret}?l=zh-CN`, 'gzhang');
    await zhang.waitForSelector('[data-testid=group-missing]');
    await zhang.browserContext().close();
    const list = await groupsOf(testClient(server.url)).getGroupList({});
    expect(list.records.map((g) => g.id)).not.toContain(gids.secret);

    const phone = await open('/admin/group?l=zh-CN', 'root', PHONE);
    await phone.waitForSelector(`[data-testid=admin-group-row-${gids.open}]`);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'console-zh-phone');
    await phone.browserContext().close();
  });
});
