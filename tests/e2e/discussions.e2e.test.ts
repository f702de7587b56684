import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
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
 * Discussions in the web app (docs/architecture.md, Discussions): a user posts a discussion in
 * Chinese with Markdown maths, another likes it and comments in English, the author sees both in
 * the message centre, root pins it from the console, and the list and the detail fit a phone.
 * Screenshots in /tmp/shots-e/ (E2E_SHOTS). E2E_WEB_DIR may name another built web app.
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-e';
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let root: TestClient;
let did = 0;

const PASSWORDS = { dzhang: 'zhang1234', damy: 'amy123456', droot: '' } as const;
type Who = keyof typeof PASSWORDS;
const TITLE = '前缀和的一个小技巧';

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  await createUser(server.server.ctx.db, { username: 'dzhang', password: PASSWORDS.dzhang });
  await createUser(server.server.ctx.db, { username: 'damy', password: PASSWORDS.damy });
  root = testClient(server.url);
  await root.login('root', server.rootPassword);
  // a new site keeps HOJ's thresholds (10 accepted problems); these users have none
  await root.api.adminUpdateSwitches({
    defaultCreateDiscussionACInitValue: 0,
    defaultCreateCommentACInitValue: 0,
  });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context, logged in as `who` (token and user info as the app keeps them). */
async function open(path: string, who: Who | null, viewport: Viewport = DESKTOP): Promise<Page> {
  const credentials = who && {
    username: who === 'droot' ? 'root' : who,
    password: who === 'droot' ? server.rootPassword : PASSWORDS[who],
  };
  return openAs(browser, server.url, path, credentials, viewport);
}

async function shot(page: Page, name: string, fullPage = true) {
  await photograph(page, `discussion-${name}`, { fullPage, settleMs: 400 });
}

/** The problem page's Explain tab (a click before the page settles may be lost: tried again). */
async function openExplain(page: Page) {
  await page.waitForSelector('[data-testid=problem-tab-explain]');
  for (let attempt = 0; ; attempt++) {
    await page.click('[data-testid=problem-tab-explain]');
    try {
      await page.waitForSelector('[data-testid=problem-tab-explain][data-state=active]', { timeout: 2000 });
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('discussions in the web app', () => {
  it('a user posts a discussion in Chinese with Markdown maths', async () => {
    const zhang = await open('/discussion', 'dzhang');
    await zhang.waitForSelector('[data-testid=nav-discussion][aria-current=page]');
    await waitForText(zhang, '[data-testid=discussion-post]', '发布讨论');
    await zhang.click('[data-testid=discussion-post]');
    await zhang.waitForSelector('[data-testid=discussion-editor]');
    // an empty form is refused with the server's own words
    await zhang.click('[data-testid=discussion-submit]');
    await waitForText(zhang, '[data-testid=discussion-editor]', '标题不能为空。');
    // the form moves the focus to the first wrong field once more a moment later (react-hook-form):
    // typing before that would lose the focus to the next wrong field
    await new Promise((r) => setTimeout(r, 300));
    await zhang.type('[data-testid=discussion-title-input]', TITLE);
    await zhang.type('[data-testid=discussion-description-input]', '用前缀和在 O(1) 时间内求区间和');
    const categories = await root.api.getDiscussionCategories();
    const solutions = categories.find((c) => c.name.includes('题解'))?.id ?? 0;
    await chooseOption(
      zhang,
      '[data-testid=discussion-category-select]',
      `[data-testid=discussion-category-${solutions}]`,
    );
    await zhang.type(
      '[data-testid=discussion-content-input]',
      '## 思路\n\n令 $s_i = \\sum_{j \\le i} a_j$，则区间和为\n\n$$\ns_r - s_{l-1}\n$$\n',
    );
    await zhang.click('[data-testid=discussion-content-preview]');
    await zhang.waitForSelector('[data-testid=discussion-editor] .katex');
    await shot(zhang, 'editor-zh');
    await zhang.click('[data-testid=discussion-submit]');
    await waitForToast(zhang, '发布成功');
    await zhang.waitForSelector('[data-testid=discussion-detail]');
    await waitForText(zhang, '[data-testid=discussion-heading]', TITLE);
    await zhang.waitForSelector('[data-testid=discussion-content] .katex-display');
    expect(await textOf(zhang, '[data-testid=discussion-content] h2')).toBe('思路');
    did = Number(/discussion-detail\/(\d+)/.exec(zhang.url())?.[1] ?? 0);
    expect(did).toBeGreaterThan(0);
    // a post's page is still the Discussion section of the top navigation
    expect(await zhang.$eval('[data-testid=nav-discussion]', (a) => a.classList.contains('bg-accent'))).toBe(
      true,
    );
    // the author edits their own, and reports nothing of their own
    expect(await zhang.$('[data-testid=discussion-edit]')).not.toBeNull();
    expect(await zhang.$('[data-testid=discussion-report]')).toBeNull();
    await shot(zhang, 'detail-zh');
    await zhang.browserContext().close();
  });

  it('another user likes it and comments in English; they may not edit it', async () => {
    const amy = await open(`/discussion-detail/${did}?l=en`, 'damy');
    await waitForText(amy, '[data-testid=discussion-heading]', TITLE);
    expect(await amy.$('[data-testid=discussion-edit]')).toBeNull();
    await amy.click('[data-testid=discussion-like]');
    await waitForToast(amy, 'Like Successfully');
    await amy.waitForSelector('[data-testid=discussion-like][aria-pressed=true]');
    await waitForText(amy, '[data-testid=discussion-likes]', '1');

    await amy.type('[data-testid=comment-form-input]', 'Nice trick! Does it work for **2D** sums too?');
    await amy.click('[data-testid=comment-form-submit]');
    await waitForToast(amy, 'Comment posted');
    await amy.waitForSelector('[data-testid=comment-list] [data-testid=comment-content] strong');
    expect(await textOf(amy, '[data-testid=comment-list] [data-testid=comment-author]')).toBe('damy');

    // the report dialog refuses an empty report, then sends one
    await amy.click('[data-testid=discussion-report]');
    await amy.waitForSelector('[data-testid=report-dialog]');
    await amy.click('[data-testid=report-submit]');
    await waitForText(amy, '[data-testid=report-error]', 'Choose a label or write a reason.');
    await amy.click('[data-testid=report-tag-spam]');
    await amy.click('[data-testid=report-submit]');
    await waitForToast(amy, 'Report sent');
    await shot(amy, 'detail-en');
    await amy.browserContext().close();
  });

  it('the author sees the like and the comment in the message centre', async () => {
    const zhang = await open('/message/like', 'dzhang');
    await waitForText(zhang, 'main', '赞了你的帖子');
    await waitForText(zhang, 'main', TITLE);
    await zhang.goto(`${server.url}/message/comment`, { waitUntil: 'networkidle0' });
    await waitForText(zhang, 'main', '评论了你的帖子');
    await waitForText(zhang, 'main', 'Nice trick!');
    await zhang.click('[data-testid=message-link]');
    await zhang.waitForSelector('[data-testid=discussion-detail]');
    expect(zhang.url()).toContain(`/discussion-detail/${did}`);
    await zhang.browserContext().close();
  });

  it('root pins it from the console and the list shows it first', async () => {
    const admin = await open('/admin/discussion?l=en', 'droot');
    await admin.waitForSelector(`[data-testid=admin-discussion-${did}]`);
    await admin.click(`[data-testid=admin-discussion-top-${did}]`);
    await waitForToast(admin, 'Update Successfully');
    await admin.waitForSelector(`[data-testid=admin-discussion-top-${did}][aria-checked=true]`);
    await admin.waitForSelector('[data-testid=admin-discussion-reports] [data-testid^=admin-report-]');
    await shot(admin, 'admin-en');
    await admin.browserContext().close();

    const anon = await open('/discussion?l=en', null);
    await anon.waitForSelector('[data-testid=discussion-list]');
    const first = await anon.$eval('[data-testid=discussion-list] > li', (li) => li.innerHTML);
    expect(first).toContain(`discussion-${did}`);
    await anon.waitForSelector(`[data-testid=discussion-${did}] [data-testid=discussion-pinned]`);
    await shot(anon, 'list-en');
    await anon.browserContext().close();
  });

  it('the list and the detail fit a phone', async () => {
    const list = await open('/discussion', 'damy', PHONE);
    await list.waitForSelector(`[data-testid=discussion-${did}]`);
    expect(await overflow(list)).toBeLessThanOrEqual(0);
    await shot(list, 'list-phone-zh');
    await list.click(`[data-testid=discussion-${did}] [data-testid=discussion-title]`);
    await list.waitForSelector('[data-testid=discussion-content] .katex-display');
    await list.waitForSelector('[data-testid=comment-list]');
    expect(await overflow(list)).toBeLessThanOrEqual(0);
    await shot(list, 'detail-phone-zh');

    // the editor fills the phone's screen
    await list.goto(`${server.url}/discussion`, { waitUntil: 'networkidle0' });
    await list.click('[data-testid=discussion-post]');
    await list.waitForSelector('[data-testid=discussion-editor]');
    expect(await overflow(list)).toBeLessThanOrEqual(0);
    await shot(list, 'editor-phone-zh');
    await list.keyboard.press('Escape');
    await list.waitForSelector('[data-testid=discussion-editor]', { hidden: true });
    await list.browserContext().close();
  });

  it('the problem page’s Explain tab links a solution to its page and offers to post one', async () => {
    const solution = await root.api.addDiscussion({
      title: '[1000] Read two numbers',
      description: 'A+B',
      content: 'Print $a+b$.',
      categoryId: (await root.api.getDiscussionCategories())[1]?.id ?? 0,
      pid: '1000',
    });
    const page = await open('/problem/1000?l=en', 'damy');
    await openExplain(page);
    await page.waitForSelector('[data-testid=explain-item]', { visible: true });
    // the problem page lays itself out by the window's height: a full-page shot would redraw it
    await shot(page, 'explain-en', false);
    await page.click('[data-testid=explain-open]');
    await page.waitForSelector('[data-testid=discussion-detail]');
    expect(page.url()).toContain(`/discussion-detail/${solution.id}`);
    await page.goBack({ waitUntil: 'networkidle0' });
    await openExplain(page);
    await page.click('[data-testid=explain-post]');
    await page.waitForSelector('[data-testid=discussion-editor]');
    await waitForText(page, '[data-testid=discussion-editor]', 'About problem 1000');
    await page.browserContext().close();
  });
});
