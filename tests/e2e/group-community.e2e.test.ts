import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { GroupAuth, GroupRole } from '../../shared/constants/groups';
import { failure, type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { axeViolations } from './axe';
import { launch } from './chromium';
import {
  chooseOption,
  DESKTOP,
  PHONE,
  photograph,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/**
 * A group's discussion area in the browser (docs/architecture.md, Groups and members): a member posts
 * a discussion inside the group, another member answers it in its comments, someone outside the group
 * finds the area locked (its address too), and a group admin deletes the discussion from the group's
 * list. Both languages, a phone included; screenshots in /tmp/shots-gd.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-gd';
/** the built app to serve: dist/web, or E2E_WEB_DIR (a build of one's own, safe from parallel rebuilds) */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const PASSWORD = 'talk12345';
const USERS = ['gtalice', 'gtbob', 'gtadmin', 'gtout'] as const;
type Who = (typeof USERS)[number];
const TITLE = '前缀和的一个小技巧';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let gid = 0;
let did = 0;

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  const db = server.server.ctx.db;
  for (const who of USERS) await createUser(db, { username: who, password: PASSWORD });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  // a new site keeps HOJ's thresholds (10 accepted problems); these users have none
  await root.api.adminUpdateSwitches({
    defaultCreateDiscussionACInitValue: 0,
    defaultCreateCommentACInitValue: 0,
  });
  gid = (
    await root.api.addGroup({
      name: 'Talk Club 讨论组',
      shortName: 'talkers',
      brief: 'We talk about problems',
      description: 'Ask and answer.',
      auth: GroupAuth.PUBLIC,
      visible: true,
    })
  ).id;
  for (const who of ['gtalice', 'gtbob', 'gtadmin'] as const)
    await (await clientOf(who)).api.addGroupMember({ gid });
  const admin = await db.kysely
    .selectFrom('user_info')
    .select('uuid')
    .where('username', '=', 'gtadmin')
    .executeTakeFirstOrThrow();
  await root.api.updateGroupMember({ gid, uid: admin.uuid, auth: GroupRole.ADMIN });
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

async function clientOf(who: Who): Promise<TestClient> {
  const client = testClient(server.url);
  await client.login(who, PASSWORD);
  return client;
}

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const { token, userInfo } = await testClient(server.url).api.login({ username: who, password: PASSWORD });
  await page.goto(`${server.url}/404-blank`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (t, u) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
    },
    token,
    JSON.stringify(userInfo),
  );
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

async function shot(page: Page, name: string) {
  await photograph(page, name, { fullPage: true, settleMs: 400 });
}

async function settledViolations(page: Page, context?: string): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 400));
  return axeViolations(page, context);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a group’s discussions in the web app', () => {
  it('a member posts a discussion inside the group (zh-CN)', async () => {
    const alice = await open(`/group/${gid}/discussion?l=zh-CN`, 'gtalice');
    await alice.waitForSelector('[data-testid=group-tab-discussion][aria-current=page]');
    await alice.waitForSelector('[data-testid=discussion-empty]');
    await alice.click('[data-testid=group-discussion-post]');
    await alice.waitForSelector('[data-testid=discussion-editor]');
    await alice.type('[data-testid=discussion-title-input]', TITLE);
    await alice.type('[data-testid=discussion-description-input]', '区间和可以 O(1) 求出');
    const chat = (await root.api.getDiscussionCategories())[0]?.id ?? 0;
    await chooseOption(
      alice,
      '[data-testid=discussion-category-select]',
      `[data-testid=discussion-category-${chat}]`,
    );
    await alice.type(
      '[data-testid=discussion-content-input]',
      '令 $s_i$ 为前缀和，则区间和为 $s_r - s_{l-1}$。',
    );
    await alice.click('[data-testid=discussion-submit]');
    await waitForToast(alice, '发布成功');
    await alice.waitForSelector('[data-testid=discussion-content] .katex');
    await waitForText(alice, '[data-testid=discussion-heading]', TITLE);
    // the post opens inside the group
    const match = new RegExp(`^/group/${gid}/discussion-detail/(\\d+)$`).exec(new URL(alice.url()).pathname);
    did = Number(match?.[1] ?? 0);
    expect(did).toBeGreaterThan(0);
    // the Discussion tab stays lit on a post's page
    expect(
      await alice.$eval('[data-testid=group-tab-discussion]', (a) => a.classList.contains('border-primary')),
    ).toBe(true);
    expect(await settledViolations(alice, '[data-testid=discussion-detail]')).toEqual([]);
    await shot(alice, 'discussion-posted-zh');
    await alice.browserContext().close();
    // the site's own discussion list never shows it
    expect((await testClient(server.url).api.getDiscussionList({})).records.map((d) => d.id)).not.toContain(
      did,
    );
  });

  it('another member answers it in its comments (en-US)', async () => {
    const bob = await open(`/group/${gid}/discussion?l=en-US`, 'gtbob');
    await bob.waitForSelector(`[data-testid=discussion-${did}]`);
    await bob.click(`[data-testid=discussion-${did}] [data-testid=discussion-title]`);
    await waitForText(bob, '[data-testid=discussion-heading]', TITLE);
    expect(new URL(bob.url()).pathname).toBe(`/group/${gid}/discussion-detail/${did}`);
    // not theirs: no edit
    expect(await bob.$('[data-testid=discussion-edit]')).toBeNull();
    await bob.type('[data-testid=comment-form-input]', 'Nice! It works for **2D** sums too.');
    await bob.click('[data-testid=comment-form-submit]');
    await waitForToast(bob, 'Comment posted');
    await bob.waitForSelector('[data-testid=comment-list] [data-testid=comment-content] strong');
    expect(await textOf(bob, '[data-testid=comment-list] [data-testid=comment-author]')).toBe('gtbob');
    await shot(bob, 'discussion-comment-en');
    await bob.browserContext().close();

    // the author reads the answer on a phone
    const phone = await open(`/group/${gid}/discussion-detail/${did}?l=zh-CN`, 'gtalice', PHONE);
    await phone.waitForSelector('[data-testid=comment-list] [data-testid=comment-content] strong');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'discussion-detail-zh-phone');
    await phone.browserContext().close();
  });

  it('locks the group’s discussions for someone outside it, their addresses too', async () => {
    for (const path of [
      `/group/${gid}/discussion?l=en-US`,
      `/group/${gid}/discussion-detail/${did}?l=en-US`,
    ]) {
      const page = await open(path, 'gtout');
      await page.waitForSelector('[data-testid=group-locked]');
      expect(await page.$('[data-testid=discussion-heading]')).toBeNull();
      expect(await page.$(`[data-testid=discussion-${did}]`)).toBeNull();
      expect(
        await page.$eval('[data-testid=group-tab-discussion]', (el) => el.getAttribute('aria-disabled')),
      ).toBe('true');
      if (path.includes('detail')) await shot(page, 'discussion-locked-en');
      await page.browserContext().close();
    }
    // and the server refuses the calls themselves
    const outsider = await clientOf('gtout');
    expect((await failure(outsider.api.getDiscussionDetail(did))).status).toBe(403);
    expect((await failure(outsider.api.getGroupDiscussionList({ gid }))).status).toBe(403);
  });

  it('lets a group admin delete it from the group’s list (en-US, phone)', async () => {
    // the post itself offers the group's admin Edit and Delete too, though it is alice's
    const post = await open(`/group/${gid}/discussion-detail/${did}?l=en-US`, 'gtadmin');
    await post.waitForSelector('[data-testid=discussion-delete]');
    expect(await post.$('[data-testid=discussion-edit]')).not.toBeNull();
    await post.browserContext().close();

    const admin = await open(`/group/${gid}/discussion?l=en-US`, 'gtadmin', PHONE);
    await admin.waitForSelector(`[data-testid=discussion-${did}]`);
    await admin.click(`[data-testid=discussion-${did}] [data-testid=discussion-menu]`);
    await admin.waitForSelector('[data-testid=discussion-menu-delete]');
    await admin.click('[data-testid=discussion-menu-delete]');
    await admin.waitForSelector('[data-testid=discussion-delete-dialog]');
    await shot(admin, 'discussion-delete-en-phone');
    await admin.click('[data-testid=confirm-ok]');
    await waitForToast(admin, 'Delete successfully');
    await admin.waitForSelector('[data-testid=discussion-empty]');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await admin.browserContext().close();
    // gone for its author too
    const alice = await clientOf('gtalice');
    expect((await alice.api.getGroupDiscussionList({ gid })).total).toBe(0);
    expect((await failure(alice.api.getDiscussionDetail(did))).status).toBe(404);
  });
});
