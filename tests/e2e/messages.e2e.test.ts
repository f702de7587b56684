import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { photograph } from './pages';

/**
 * The message centre against a real server: root sends a notice to one user from /admin/notice,
 * the user sees the count on the bell, reads it in the message centre (the count goes to zero)
 * and deletes it; in Chinese on a desktop and in English on a phone.
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 812, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 800 };
type Viewport = typeof PHONE | typeof DESKTOP;
type Texts = { messages: Record<string, string & Record<string, string>> };
const locale = (lang: string): Texts => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'));

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;
const uids: Record<string, string> = {};

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  base = server.url;
  for (const name of ['mia', 'leo'])
    uids[name] = await createUser(server.server.ctx.db, { username: name, password: `${name}pass1` });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh browser context (its own login), recording the unread checks it makes. */
async function open(path: string, viewport: Viewport) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const unreadChecks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/msg/unread')) unreadChecks.push(r.url());
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return { page, unreadChecks };
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

async function shot(page: Page, name: string) {
  await photograph(page, `messages-${name}`, { settleMs: 400 });
}

async function waitForToast(page: Page, message: string) {
  await page.waitForFunction(
    (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
    { timeout: 10_000 },
    message,
  );
}

async function login(page: Page, username: string, password: string) {
  await page.click('[data-testid=login-button]');
  await page.waitForSelector('#login-username');
  await page.type('#login-username', username);
  await page.type('#login-password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await page.waitForSelector('[data-testid=login-dialog]', { hidden: true });
}

async function confirm(page: Page) {
  await page.waitForSelector('[data-testid=confirm-ok]');
  await page.click('[data-testid=confirm-ok]');
  await page.waitForSelector('[data-testid=confirm-dialog]', { hidden: true });
}

/** What the bell shows: the unread total, or '' without a badge. */
const bellTotal = (page: Page) =>
  page.$eval(
    '[data-testid=unread-bell]',
    (el) => el.querySelector('[data-testid=unread-total]')?.textContent ?? '',
  );

/** Root sends a Single notice from the admin screen; returns its id. */
async function sendNotice(lang: string, viewport: Viewport, to: string, title: string, content: string) {
  const m = locale(lang).messages;
  const { page } = await open(`/admin/notice?l=${lang}`, viewport);
  await login(page, 'root', server.rootPassword);
  await page.waitForSelector('[data-testid=notice-table]');
  await page.click('[data-testid=notice-create]');
  await page.waitForSelector('[data-testid=notice-dialog]');
  await page.type('#notice-title', title);
  await page.type('#notice-content', content);
  await page.click('[data-testid=notice-type-Single]');
  // the shared schema refuses a Single notice without its recipient, in the page's language
  await page.click('[data-testid=notice-save]');
  await page.waitForSelector('[data-testid=notice-recipient-error]');
  expect(await text(page, '[data-testid=notice-recipient-error]')).toBe(m.recipientRequired);
  await page.type('#notice-recipient', 'nobody-at-all');
  await page.click('[data-testid=notice-save]');
  await page.waitForFunction(
    (msg) => document.querySelector('[data-testid=notice-recipient-error]')?.textContent === msg,
    {},
    m.recipientNotFound,
  );
  await page.click('#notice-recipient', { count: 3 });
  await page.type('#notice-recipient', to);
  await page.click('[data-testid=notice-preview]');
  await page.waitForSelector('[data-testid=notice-dialog] strong');
  await shot(page, `admin-dialog-${lang}-${viewport.width}`);
  await page.click('[data-testid=notice-save]');
  await waitForToast(page, m.noticeSent);
  await page.waitForSelector('[data-testid=notice-dialog]', { hidden: true });
  const rowText = await text(page, '[data-testid=notice-table] tbody tr');
  expect(rowText).toContain(title);
  await shot(page, `admin-${lang}-${viewport.width}`);
  const id = await page.$eval('[data-testid=notice-table] tbody tr', (el) =>
    Number(el.getAttribute('data-testid')?.replace('notice-row-', '')),
  );
  await page.browserContext().close();
  return id;
}

describe('message centre', () => {
  it('zh-CN, desktop: a notice from root shows on the bell, is read in the message centre and deleted', async () => {
    const m = locale('zh-CN').messages;
    // a visitor sees no bell and nothing asks for unread counts
    const visitor = await open('/?l=zh-CN', DESKTOP);
    expect(await visitor.page.$('[data-testid=unread-bell]')).toBeNull();
    expect(visitor.unreadChecks).toEqual([]);
    const { page, unreadChecks } = visitor;
    await login(page, 'mia', 'miapass1');
    await page.waitForSelector('[data-testid=unread-bell]');
    expect(await bellTotal(page)).toBe('');
    expect(unreadChecks.length).toBeGreaterThan(0);

    await sendNotice(
      'zh-CN',
      DESKTOP,
      'mia',
      '期末考试安排',
      '考试在 **周五** 举行。\n\n<img src=x onerror="window.__pwned=1">',
    );

    // the tab comes back into view: the counts are read again at once
    // (headless tabs never hide: the page is told it was hidden, then shown again)
    await page.evaluate(() => {
      const show = (state: string) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      };
      show('hidden');
      show('visible');
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid=unread-total]')?.textContent === '1',
    );
    expect(await page.$eval('[data-testid=unread-bell]', (el) => el.getAttribute('aria-label'))).toBe(
      '消息：1 条未读',
    );
    await shot(page, 'bell-zh');

    await page.click('[data-testid=unread-bell]');
    await page.waitForSelector('[data-testid=message-list][data-type=sys] [data-testid=notice-title]');
    expect(new URL(page.url()).pathname).toBe('/message/sys');
    expect(await text(page, 'h1')).toBe(m.title);
    expect(await text(page, '[data-testid=notice-title]')).toContain('期末考试安排');
    expect(await page.$('[data-testid=message-new]')).not.toBeNull();
    // Markdown rendered (its renderer loads on demand: the home page no longer fetches it), raw HTML dropped
    await page.waitForSelector('[data-testid=message-list] strong');
    expect(await text(page, '[data-testid=message-list] strong')).toBe('周五');
    expect(await page.$('[data-testid=message-list] img')).toBeNull();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // reading it took the count to zero: bell and side list
    await page.waitForFunction(() => !document.querySelector('[data-testid=unread-total]'));
    expect(await page.$('[data-testid=message-count-sys]')).toBeNull();
    await shot(page, 'centre-zh');

    const entry = await page.$eval('[data-testid=message-list] li', (el) => el.getAttribute('data-testid'));
    await page.click(`[data-testid=${entry?.replace('message-', 'message-delete-')}]`);
    await page.waitForSelector('[data-testid=confirm-dialog]');
    expect(await text(page, '[data-testid=confirm-dialog]')).toContain(m.deleteConfirm);
    await confirm(page);
    await waitForToast(page, m.deleted);
    await page.waitForSelector('[data-testid=message-empty]');
    expect(await text(page, '[data-testid=message-empty]')).toBe(m.empty);
    await shot(page, 'empty-zh');
    await page.browserContext().close();
  });

  it('en-US, phone: the first kind with unread opens, reminders link to their source, clear all asks first', async () => {
    const m = locale('en-US').messages;
    const now = new Date().toISOString();
    await server.server.ctx.db.kysely
      .insertInto('msg_remind')
      .values({
        action: 'Discuss',
        source_id: 3,
        source_type: 'Discussion',
        source_content: 'Nice solution, but what about n = 0?',
        quote_id: null,
        quote_type: null,
        url: '/problem/1000',
        recipient_id: uids.leo as string,
        sender_id: uids.mia as string,
        state: 0,
        gmt_create: now,
        gmt_modified: now,
      })
      .execute();
    const noticeId = await sendNotice(
      'en-US',
      PHONE,
      'leo',
      'Your account',
      'Welcome, **leo**! Read the [rules](/problem).',
    );
    expect(noticeId).toBeGreaterThan(0);

    const { page } = await open('/?l=en-US', PHONE);
    await login(page, 'leo', 'leopass1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=unread-total]')?.textContent === '2',
    );
    expect(await page.$eval('[data-testid=unread-bell]', (el) => el.getAttribute('aria-label'))).toBe(
      'Messages: 2 unread',
    );
    await shot(page, 'bell-en-phone');

    await page.click('[data-testid=unread-bell]');
    await page.waitForSelector('[data-testid=message-list][data-type=comment] li');
    expect(new URL(page.url()).pathname).toBe('/message/comment');
    const entry = await text(page, '[data-testid=message-list] li');
    expect(entry).toContain('mia');
    expect(entry).toContain(m.actions.Discuss);
    expect(entry).toContain('Nice solution, but what about n = 0?');
    expect(await page.$eval('[data-testid=message-link]', (a) => a.getAttribute('href'))).toBe(
      '/problem/1000',
    );
    // the comment is read; the notice still waits
    await page.waitForFunction(
      () => document.querySelector('[data-testid=unread-total]')?.textContent === '1',
    );
    expect(await text(page, '[data-testid=message-count-sys]')).toBe('1');
    // the page fits the phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'comment-en-phone');

    await page.click('[data-testid=message-type-sys]');
    await page.waitForSelector('[data-testid=message-list][data-type=sys] [data-testid=notice-title]');
    expect(await text(page, '[data-testid=notice-title]')).toContain('Your account');
    await page.waitForFunction(() => !document.querySelector('[data-testid=unread-total]'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'sys-en-phone');

    // clear all: asks first; cancelling keeps them
    await page.click('[data-testid=message-clean]');
    await page.waitForSelector('[data-testid=confirm-dialog]');
    expect(await text(page, '[data-testid=confirm-dialog]')).toContain(
      'Delete all messages in “System notices”?',
    );
    await shot(page, 'clean-confirm-en-phone');
    await page.click('[data-testid=confirm-cancel]');
    await page.waitForSelector('[data-testid=confirm-dialog]', { hidden: true });
    expect(await page.$('[data-testid=notice-title]')).not.toBeNull();
    await page.click('[data-testid=message-clean]');
    await confirm(page);
    await waitForToast(page, m.cleanedAll);
    await page.waitForSelector('[data-testid=message-empty]');
    // gone on the server too
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${base}/api/msg/sys`, { headers: { Authorization: token ?? '' } });
    expect(((await res.json()) as { data: { total: number } }).data.total).toBe(0);
    await page.browserContext().close();
  });

  it('sends visitors of the message centre to the login', async () => {
    const { page, unreadChecks } = await open('/message/sys?l=en-US', DESKTOP);
    await page.waitForSelector('[data-testid=messages-login-required]');
    expect(unreadChecks).toEqual([]);
    await page.browserContext().close();
  });
});
