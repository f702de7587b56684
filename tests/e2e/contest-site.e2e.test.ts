import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { DESKTOP, openAs, PHONE, photograph, SHOTS, textOf, type Viewport, waitForToast } from './pages';

/**
 * A contest site entered by its short name: the landing page,
 * the login screen and its modes, the login guard, the contest shell under /SHORT/ID, the full-screen
 * problem with its footer, logout back to /SHORT, unknown names, both languages and a phone.
 */
const SHORT = 'spring26';
const PASSWORD = 'player123';
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let admin: TestClient;
let contest: AdminContestVO;
const titles: Record<string, string> = {};
/** background image requests seen (the image is missing on purpose: a failure must be harmless) */
const imageRequests: string[] = [];

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ judgeWorkers: 0 });
  await createUser(server.server.ctx.db, {
    username: 'siteadmin',
    password: 'admin1234',
    roleId: Role.ADMIN,
  });
  await createUser(server.server.ctx.db, { username: 'player', password: PASSWORD });
  admin = testClient(server.url);
  await admin.login('siteadmin', 'admin1234');
  const hour = 3_600_000;
  contest = await admin.api.adminAddContest({
    title: 'Spring Open 2026',
    description: 'Five hours, two problems.',
    type: 0,
    auth: 0,
    visible: true,
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 4 * hour).toISOString(),
    shortName: SHORT,
    subheading: 'The campus programming contest',
    sponsor: 'ACME Computing',
    organizer: 'School of Informatics',
    backgroundImage: '/api/public/img/no-such-background.png',
  });
  const db = server.server.ctx.db.kysely;
  const problems = await db.selectFrom('problem').select(['id', 'problem_id']).orderBy('id').execute();
  const pidA = problems.find((p) => p.problem_id === '1000')?.id ?? 0;
  const pidB = problems.find((p) => p.problem_id === '1001')?.id ?? 0;
  await admin.api.adminAddContestProblemFromPublic({ cid: contest.id, pid: pidA, displayId: 'A' });
  await admin.api.adminAddContestProblemFromPublic({ cid: contest.id, pid: pidB, displayId: 'B' });
  const list = await admin.api.adminListContestProblems({ cid: contest.id });
  for (const p of Object.values(list.contestProblemMap)) titles[p.displayId] = p.displayTitle;
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** A page in a fresh context (no login), logged in as `who` when given (token and user as the app keeps them). */
async function open(path: string, who: 'player' | null = null, viewport: Viewport = DESKTOP): Promise<Page> {
  return openAs(browser, server.url, path, who && { username: who, password: PASSWORD }, viewport, (page) => {
    page.on('request', (r) => {
      if (r.url().includes('no-such-background')) imageRequests.push(r.url());
    });
  });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
async function waitForPath(page: Page, path: string) {
  await page.waitForFunction((p) => location.pathname.replace(/\/$/, '') === p, { timeout: 10_000 }, path);
}
async function shot(page: Page, name: string) {
  await photograph(page, `site-${name}`, { settleMs: 400 });
}
const exists = async (page: Page, selector: string) => (await page.$(selector)) !== null;

describe('contest site by short name', () => {
  it('shows the landing page to a visitor; the missing background image is harmless; join goes to login', async () => {
    const page = await open(`/${SHORT}?l=en`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.waitForSelector('[data-testid=site-title]');
    expect(await textOf(page, '[data-testid=site-title]')).toBe('Spring Open 2026');
    expect(await textOf(page, '[data-testid=site-subheading]')).toBe('The campus programming contest');
    expect(await textOf(page, '[data-testid=site-sponsor]')).toContain('ACME Computing');
    expect(await textOf(page, '[data-testid=site-organizer]')).toContain('School of Informatics');
    expect(await exists(page, '[data-testid=site-coOrganizer]')).toBe(false);
    expect(await textOf(page, '[data-testid=site-status]')).toBe('Running');
    expect(await textOf(page, '[data-testid=site-time]')).toMatch(/2026|20\d\d/);
    expect(await textOf(page, '[data-testid=site-header-title]')).toBe('Spring Open 2026');
    // no main-site navigation on a contest site
    expect(await exists(page, '[data-testid=nav-problem]')).toBe(false);
    expect(imageRequests.length).toBeGreaterThan(0);
    expect(await textOf(page, '[data-testid=site-join]')).toBe('Join contest');
    await shot(page, 'home-en');

    await page.click('[data-testid=site-join]');
    await waitForPath(page, `/${SHORT}/login`);
    await page.waitForSelector('[data-testid=site-login-card][data-mode=login] [data-testid=login-form]');
    expect(await textOf(page, '[data-testid=site-login-contest]')).toBe('Spring Open 2026');
    await shot(page, 'login-en');
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('sends /SHORT/ID without a token to the login screen with the message, clearing the stored user', async () => {
    const page = await open(`/${SHORT}?l=en`);
    // a user left behind without a token
    await page.evaluate(() =>
      localStorage.setItem('userInfo', JSON.stringify({ uid: 'x', username: 'ghost' })),
    );
    await page.goto(`${server.url}/${SHORT}/${contest.id}/problems`, { waitUntil: 'networkidle0' });
    await waitForPath(page, `/${SHORT}/login`);
    await waitForToast(page, 'Please login first!');
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userInfo')]),
    ).toEqual([null, null]);
    // the full-screen problem needs a login too; the public parts do not
    await page.goto(`${server.url}/${SHORT}/${contest.id}/problem/A/full-screen`, {
      waitUntil: 'networkidle0',
    });
    await waitForPath(page, `/${SHORT}/login`);
    await page.goto(`${server.url}/${SHORT}`, { waitUntil: 'networkidle0' });
    expect(pathOf(page)).toBe(`/${SHORT}`);
    await page.browserContext().close();
  });

  it('logs in on the login screen, lands in the contest shell under the short name, then logs out to /SHORT', async () => {
    const page = await open(`/${SHORT}/login?l=en`);
    await page.waitForSelector('#login-username');
    await page.type('#login-username', 'player');
    await page.type('#login-password', PASSWORD);
    await page.click('[data-testid=login-submit]');
    await waitForPath(page, `/${SHORT}/${contest.id}`);
    await page.waitForSelector('[data-testid=contest-header]');
    expect(await textOf(page, '[data-testid=contest-title]')).toBe('Spring Open 2026');
    // the shell's links stay under the short name
    const problemsHref = await page.$eval('[data-testid=contest-tab-problems]', (a) =>
      a.getAttribute('href'),
    );
    expect(problemsHref).toBe(`/${SHORT}/${contest.id}/problems`);
    await page.waitForSelector('[data-testid=site-user-menu]');
    await shot(page, 'shell-en');

    await page.click('[data-testid=contest-tab-problems]');
    await waitForPath(page, `/${SHORT}/${contest.id}/problems`);
    await page.waitForSelector('[data-testid=contest-problem-row]');

    // the header's contest menu: own submissions, with the countdown beside it
    expect((await textOf(page, '[data-testid=site-contest-nav]')).replace(/\s+/g, ' ')).toMatch(
      /^Contest Home Problem List My Submissions Rank Announcements \d\d:\d\d:\d\d$/,
    );
    // the welcome toast sits over the header's middle for its 4 s
    await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), { timeout: 10_000 });
    await page.click('[data-testid=site-nav-mine]');
    await page.waitForSelector('[data-testid=contest-submissions]');
    expect(new URL(page.url()).search).toBe('?onlyMine=true');

    // the landing page now goes straight into the contest
    await page.click('[data-testid=site-home-link]');
    await page.waitForSelector('[data-testid=site-join]');
    expect(await textOf(page, '[data-testid=site-join]')).toBe('Enter contest');
    expect(await page.$eval('[data-testid=site-join]', (a) => a.getAttribute('href'))).toBe(
      `/${SHORT}/${contest.id}`,
    );

    await page.goto(`${server.url}/${SHORT}/${contest.id}`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid=site-user-menu]');
    await page.waitForSelector('[data-testid=site-logout]', { visible: true });
    await page.click('[data-testid=site-logout]');
    await waitForPath(page, `/${SHORT}`);
    await page.waitForSelector('[data-testid=site-login-button]');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.browserContext().close();
  });

  it('opens a problem full screen and switches problems through the footer', async () => {
    const page = await open(`/${SHORT}/${contest.id}/problem/A/full-screen?l=en`, 'player');
    await page.waitForSelector('[data-testid=full-screen] [data-testid=problem-title]');
    expect(await textOf(page, '[data-testid=problem-title]')).toContain(titles.A);
    expect(await exists(page, '[data-testid=site-header]')).toBe(false);
    expect(await exists(page, '[data-testid=code-panel]')).toBe(true);
    expect(await exists(page, '[data-testid=contest-submit-closed]')).toBe(false);
    await page.waitForSelector('[data-testid=fs-problem-B]');
    expect(await page.$eval('[data-testid=fs-problem-A]', (a) => a.getAttribute('aria-current'))).toBe(
      'page',
    );
    await shot(page, 'full-screen-en');

    await page.click('[data-testid=fs-problem-B]');
    await waitForPath(page, `/${SHORT}/${contest.id}/problem/B/full-screen`);
    await page.waitForFunction(
      (title) => document.querySelector('[data-testid=problem-title]')?.textContent?.includes(title),
      { timeout: 10_000 },
      titles.B,
    );
    expect(await page.$eval('[data-testid=fs-problem-B]', (a) => a.getAttribute('aria-current'))).toBe(
      'page',
    );

    await page.click('[data-testid=fs-back-contest]');
    await waitForPath(page, `/${SHORT}/${contest.id}`);
    await page.waitForSelector('[data-testid=contest-header]');

    // the login screen, reached while logged in, offers the way in instead of the form
    await page.goto(`${server.url}/${SHORT}/login`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=site-already-in]');
    expect(await page.$eval('[data-testid=site-enter]', (a) => a.getAttribute('href'))).toBe(
      `/${SHORT}/${contest.id}`,
    );
    await page.click('[data-testid=site-switch-account]');
    await page.waitForSelector('[data-testid=login-form]');
    expect(pathOf(page)).toBe(`/${SHORT}/login`);
    await page.browserContext().close();
  });

  it('shows the register link only while the site allows registering; modes switch and reset', async () => {
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    await root.api.adminSetWebConfig({ register: true });
    const page = await open(`/${SHORT}/login?l=en`);
    await page.waitForSelector('[data-testid=to-register]');
    await page.type('#login-username', 'half-typed');
    await page.click('[data-testid=to-register]');
    await page.waitForSelector(
      '[data-testid=site-login-card][data-mode=register] [data-testid=register-form]',
    );
    await shot(page, 'register-en');
    await page.click('[data-testid=to-login]');
    await page.waitForSelector('#login-username');
    // switching modes reset the login form
    expect(await page.$eval('#login-username', (el) => (el as HTMLInputElement).value)).toBe('');
    await page.click('[data-testid=to-reset]');
    await page.waitForSelector('[data-testid=site-login-card][data-mode=resetPwd] [data-testid=reset-form]');
    // entering ResetPwd loads a captcha
    await page.waitForSelector('[data-testid=reset-captcha-img] img');
    await shot(page, 'reset-en');
    await page.browserContext().close();

    await root.api.adminSetWebConfig({ register: false });
    try {
      const closed = await open(`/${SHORT}/login?l=en`);
      await closed.waitForSelector('[data-testid=to-reset]');
      expect(await exists(closed, '[data-testid=to-register]')).toBe(false);
      await closed.browserContext().close();
    } finally {
      await root.api.adminSetWebConfig({ register: true });
    }
  });

  it('shows the 404 page for an unknown short name and for another contest id under a short name', async () => {
    const page = await open('/nosuch-26?l=en');
    await page.waitForSelector('[data-testid=not-found]');
    expect(await exists(page, '[data-testid=site-header]')).toBe(false);
    await shot(page, 'unknown-en');
    await page.browserContext().close();
    const other = await open(`/${SHORT}/${contest.id + 999}?l=en`, 'player');
    await other.waitForSelector('[data-testid=not-found]');
    await other.browserContext().close();
  });

  it('speaks Chinese by default', async () => {
    const page = await open(`/${SHORT}`);
    await page.waitForSelector('[data-testid=site-join]');
    expect(await textOf(page, '[data-testid=site-join]')).toBe('参加比赛');
    expect(await textOf(page, '[data-testid=site-status]')).toBe('进行中');
    await shot(page, 'home-zh');
    await page.goto(`${server.url}/${SHORT}/${contest.id}`, { waitUntil: 'networkidle0' });
    await waitForPath(page, `/${SHORT}/login`);
    await waitForToast(page, '请先登录！');
    await shot(page, 'login-zh');
    // the language toggle switches in place
    await page.click('[data-testid=site-language]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=login-submit]')?.textContent === 'Login',
    );
    await page.browserContext().close();
  });

  it('keeps the landing page readable over a bright background image, in light and dark themes', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.setRequestInterception(true);
    // a pale sky: the worst case for white text
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#fef9c3"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><circle cx="1200" cy="260" r="140" fill="#fde68a"/><rect y="640" width="1600" height="260" fill="#bbf7d0"/></svg>';
    page.on('request', (r) => {
      if (r.url().includes('no-such-background'))
        void r.respond({ status: 200, contentType: 'image/svg+xml', body: svg });
      else void r.continue();
    });
    await page.goto(`${server.url}/${SHORT}?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=site-background]');
    await shot(page, 'home-image-light');
    await page.click('[data-testid=site-theme]');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await shot(page, 'home-image-dark');
    await page.goto(`${server.url}/${SHORT}/login`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=login-form]');
    await shot(page, 'login-image-dark');
    await context.close();
  });

  it('fits a phone: landing, login, shell and full screen', async () => {
    const page = await open(`/${SHORT}?l=en`, null, PHONE);
    await page.waitForSelector('[data-testid=site-join]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'home-phone');
    await page.goto(`${server.url}/${SHORT}/login`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=login-form]');
    await shot(page, 'login-phone');
    await page.browserContext().close();

    const zh = await open(`/${SHORT}`, null, PHONE);
    await zh.waitForSelector('[data-testid=site-join]');
    await shot(zh, 'home-phone-zh');
    await zh.browserContext().close();

    const inside = await open(`/${SHORT}/${contest.id}?l=en`, 'player', PHONE);
    await inside.waitForSelector('[data-testid=contest-header]');
    await shot(inside, 'shell-phone');
    await inside.goto(`${server.url}/${SHORT}/${contest.id}/problem/A/full-screen`, {
      waitUntil: 'networkidle0',
    });
    await inside.waitForSelector('[data-testid=problem-title]');
    await inside.waitForSelector('[data-testid=fs-problem-B]');
    await shot(inside, 'full-screen-phone');
    await inside.browserContext().close();
  });
});
