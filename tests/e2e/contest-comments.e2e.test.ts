import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch } from './chromium';
import {
  DESKTOP,
  openAs,
  PHONE,
  photograph,
  SHOTS,
  textOf,
  type Viewport,
  waitForText,
  waitForToast,
} from './pages';

/**
 * The contest Comment tab: a participant posts, another likes and replies, the
 * author sees the reminders in the unread count, replies collapse to 3 and expand, the contest's
 * admin deletes a comment. Chinese by default, a phone screenshot.
 * E2E_WEB_DIR may name another built web app (a preview build); dist/web otherwise.
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let owner: TestClient;
let bobApi: TestClient;
let ended: AdminContestVO;
let running: AdminContestVO;

const PASSWORDS = { cowner: 'owner1234', calice: 'alice1234', cbob: 'bob12345' } as const;
type Who = keyof typeof PASSWORDS;

const db = () => server.server.ctx.db.kysely;

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  await createUser(server.server.ctx.db, {
    username: 'cowner',
    password: PASSWORDS.cowner,
    roleId: Role.ADMIN,
  });
  await createUser(server.server.ctx.db, { username: 'calice', password: PASSWORDS.calice });
  await createUser(server.server.ctx.db, { username: 'cbob', password: PASSWORDS.cbob });
  await db()
    .updateTable('user_info')
    .set({ title_name: 'Gold', title_color: '#f59e0b' })
    .where('username', '=', 'calice')
    .execute();
  owner = testClient(server.url);
  await owner.login('cowner', PASSWORDS.cowner);
  bobApi = testClient(server.url);
  await bobApi.login('cbob', PASSWORDS.cbob);
  const hour = 3_600_000;
  const base = { description: 'Talk here.', type: 0, auth: 0 } as const;
  ended = await owner.api.adminAddContest({
    ...base,
    title: 'Comment Cup',
    startTime: new Date(Date.now() - 3 * hour).toISOString(),
    endTime: new Date(Date.now() - hour).toISOString(),
  });
  running = await owner.api.adminAddContest({
    ...base,
    title: 'Running Cup',
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 3 * hour).toISOString(),
  });
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
  await photograph(page, `comments-${name}`, { fullPage: true, settleMs: 400 });
}

const count = (page: Page, selector: string) => page.$$eval(selector, (els) => els.length);

describe('contest comments in the web app', () => {
  let commentId = 0;

  it('a participant posts a comment after the empty one is refused (en)', async () => {
    const alice = await open(`/contest/${ended.id}/comment?l=en`, 'calice');
    await alice.waitForSelector('[data-testid=contest-tab-comment]');
    await alice.waitForSelector('[data-testid=comments-empty]');
    await alice.click('[data-testid=comment-form-submit]');
    await waitForText(alice, '[data-testid=comment-form-error]', 'Content cannot be empty');
    await alice.type('[data-testid=comment-form-input]', 'Is **n** at most 10^9?');
    expect(await textOf(alice, '[data-testid=comment-form-count]')).toBe('22 / 10000');
    await alice.click('[data-testid=comment-form-submit]');
    await waitForToast(alice, 'Comment posted');
    await alice.waitForSelector('[data-testid^=comment-] [data-testid=comment-content] strong');
    commentId = (await owner.api.getComments({ cid: ended.id })).commentList.records[0]?.id ?? 0;
    expect(commentId).toBeGreaterThan(0);
    const item = `[data-testid=comment-${commentId}]`;
    expect(await textOf(alice, `${item} [data-testid=comment-author]`)).toBe('calice');
    expect(await textOf(alice, `${item} [data-testid=comment-title]`)).toBe('Gold');
    // the box is emptied after sending
    expect(
      await alice.$eval('[data-testid=comment-form-input]', (el) => (el as HTMLTextAreaElement).value),
    ).toBe('');
    await alice.browserContext().close();
  });

  it('another participant likes and replies; replies collapse to 3 and expand to all', async () => {
    // three earlier replies by bob through the API
    for (const n of [1, 2, 3]) {
      await bobApi.api.addReply({ reply: { commentId, content: `earlier reply ${n}` } });
    }
    const bob = await open(`/contest/${ended.id}/comment?l=en`, 'cbob');
    const item = `[data-testid=comment-${commentId}]`;
    await bob.waitForSelector(item);
    expect(await count(bob, `${item} [data-testid=comment-replies] > li`)).toBe(3);
    expect(await bob.$(`${item} [data-testid=comment-toggle-replies]`)).toBeNull();
    await bob.click(`${item} [data-testid=comment-like]`);
    await waitForText(bob, `${item} [data-testid=comment-like-count]`, '1');
    await bob.waitForSelector(`${item} [data-testid=comment-like][aria-pressed=true]`);

    await bob.click(`${item} [data-testid=comment-reply]`);
    await bob.waitForSelector(`${item} [data-testid=reply-form]`);
    expect(await textOf(bob, `${item} [data-testid=reply-form-quote]`)).toBe('Replying to calice');
    await bob.type(`${item} [data-testid=reply-form-input]`, 'Yes, read the *constraints*.');
    await bob.click(`${item} [data-testid=reply-form-submit]`);
    await waitForToast(bob, 'Reply posted');
    await bob.waitForSelector(`${item} [data-testid=reply-form]`, { hidden: true });

    // 4 replies: the newest 3 are shown, then all on demand, then collapsed again
    const replies = `${item} [data-testid=comment-replies] > li`;
    await bob.waitForFunction((s) => document.querySelectorAll(s).length === 3, {}, replies);
    expect(await textOf(bob, `${item} [data-testid=comment-replies]`)).toContain(
      'Yes, read the constraints.',
    );
    expect(await textOf(bob, `${item} [data-testid=comment-toggle-replies]`)).toBe('Show all 4 replies');
    await shot(bob, 'desktop-en');
    await bob.click(`${item} [data-testid=comment-toggle-replies]`);
    await bob.waitForFunction((s) => document.querySelectorAll(s).length === 4, {}, replies);
    expect(await textOf(bob, `${item} [data-testid=comment-replies]`)).toContain('earlier reply 1');
    await waitForText(bob, `${item} [data-testid=comment-toggle-replies]`, 'Collapse replies');
    await bob.click(`${item} [data-testid=comment-toggle-replies]`);
    await bob.waitForFunction((s) => document.querySelectorAll(s).length === 3, {}, replies);
    // bob may not delete alice's comment
    expect(await bob.$(`${item} [data-testid=comment-delete]`)).toBeNull();
    await bob.browserContext().close();
  });

  it('the author sees the reminders in the unread count; Chinese and phone screens', async () => {
    const api = testClient(server.url);
    await api.login('calice', PASSWORDS.calice);
    const counts = await api.api.getUnreadCounts();
    expect(counts.reply).toBe(4);
    expect(counts.like).toBe(1);
    const total = counts.comment + counts.reply + counts.like + counts.sys + counts.mine;
    const item = `[data-testid=comment-${commentId}]`;

    const desk = await open(`/contest/${ended.id}/comment`, 'calice');
    await desk.waitForSelector(item);
    await waitForText(desk, '[data-testid=unread-total]', String(total));
    await waitForText(desk, '[data-testid=comments-card]', '评论');
    expect(await textOf(desk, `${item} [data-testid=comment-toggle-replies]`)).toBe('查看全部 4 条回复');
    expect(await textOf(desk, '[data-testid=comment-form-submit]')).toBe('发表评论');
    await shot(desk, 'desktop-zh');
    await desk.browserContext().close();

    const phone = await open(`/contest/${ended.id}/comment`, 'calice', PHONE);
    await phone.waitForSelector(item);
    // nothing wider than the phone
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'phone-zh');
    await phone.browserContext().close();
  });

  it('shows the running-contest rule to participants', async () => {
    await owner.api.addComment({ cid: running.id, content: 'Clarification: A is *easy*.' });
    await bobApi.api.addComment({ cid: running.id, content: 'Hidden from alice' });
    const alice = await open(`/contest/${running.id}/comment?l=en`, 'calice');
    await alice.waitForSelector('[data-testid=comments-running-notice]');
    await alice.waitForSelector('[data-testid=comment-list]');
    const text = await textOf(alice, '[data-testid=comment-list]');
    expect(text).toContain('Clarification: A is easy.');
    expect(text).not.toContain('Hidden from alice');
    // no reply button on the organiser's comment while the contest runs
    expect(await alice.$('[data-testid=comment-reply]')).toBeNull();
    await shot(alice, 'running-en');
    await alice.browserContext().close();
  });

  it("the contest's admin deletes a comment", async () => {
    const desk = await open(`/contest/${ended.id}/comment?l=en`, 'cowner');
    const item = `[data-testid=comment-${commentId}]`;
    await desk.waitForSelector(`${item} [data-testid=comment-delete]`);
    await desk.click(`${item} [data-testid=comment-delete]`);
    await desk.waitForSelector('[data-testid=comment-delete-dialog]');
    await desk.click('[data-testid=comment-delete-dialog] [data-testid=confirm-ok]');
    await waitForToast(desk, 'Comment deleted');
    await desk.waitForSelector(item, { hidden: true });
    await desk.waitForSelector('[data-testid=comments-empty]');
    expect((await owner.api.getComments({ cid: ended.id })).commentList.total).toBe(0);
    await desk.browserContext().close();
  });
});
