import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import { createUser } from '../../server/services/auth/users';
import { testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { activateEditor, chooseOption, photograph } from './pages';

/**
 * The problem list and the statement side of the problem page in Chromium, against a
 * real server with a judge: filters kept in the URL, own marks after real submissions, the
 * tabs (description, My Submission, Explain, Problem Annex), the result pie, copy buttons and
 * the machine-readable block, in Chinese and English, on a desktop and on a phone.
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 812, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 800 };
type Viewport = typeof PHONE | typeof DESKTOP;
const CPP =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);return 0;}';
const ANNEX = {
  'sum.h': 'long long sum(long long a, long long b);\n',
  'notes.txt': 'Read sum.in, write sum.out.\n',
};

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;
const tagId: Record<string, number> = {};

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  base = server.url;
  const { db: database, files } = server.server.ctx;
  const db = database.kysely;
  await createUser(database, { username: 'alice', password: 'alice123' });
  // submissions one after another: no interval (a site setting root may change)
  const root = testClient(server.url);
  await root.login('root', server.rootPassword);
  await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });

  // an OI problem with File IO, annex files, tags in classifications and two solutions
  await insertProblem(database, files, {
    problemId: 'T1',
    title: 'Sum in Files',
    type: 1,
    timeLimit: 2000,
    memoryLimit: 64,
    difficulty: 4,
    description: 'Print $a+b$.',
    input: 'Two integers.',
    output: 'Their sum.',
    hint: '',
    source: 'Verdict e2e',
    examples: [
      { input: '1 2', output: '3' },
      { input: '5 7', output: '12' },
    ],
    cases: [{ input: '1 2\n', output: '3\n', score: 100 }],
    tags: ['Graph', 'NOIP 2024'],
  });
  await db
    .updateTable('problem')
    .set({
      is_file_io: 1,
      io_read_file_name: 'sum.in',
      io_write_file_name: 'sum.out',
      user_extra_file: JSON.stringify(ANNEX),
    })
    .where('problem_id', '=', 'T1')
    .execute();
  const now = new Date().toISOString();
  for (const [name, type] of [
    ['Graph theory', 1],
    ['Contests', 2],
  ] as const) {
    const c = await db
      .insertInto('tag_classification')
      .values({ name, type, oj: 'ME', rank: 0, gmt_create: now, gmt_modified: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tag')
      .set({ tcid: c.id })
      .where('name', '=', type === 1 ? 'Graph' : 'NOIP 2024')
      .execute();
  }
  for (const t of await db.selectFrom('tag').select(['id', 'name']).execute()) tagId[t.name] = t.id;
  for (const [i, title] of ['Prefix sums', 'Two pointers'].entries()) {
    await db
      .insertInto('discussion')
      .values({
        category_id: null,
        title,
        description: `A solution with ${title.toLowerCase()}.`,
        content: `## ${title}\n\nAdd $a$ and $b$.`,
        pid: 'T1',
        uid: 'nobody',
        author: 'alice',
        avatar: null,
        role: 'user',
        view_num: 7,
        like_num: 2,
        comment_num: 1,
        top_priority: i === 1 ? 1 : 0,
        status: 0,
        gid: null,
        gmt_create: now,
        gmt_modified: now,
      })
      .execute();
  }
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
const query = (page: Page) => new URL(page.url()).searchParams;
async function shot(page: Page, name: string) {
  await photograph(page, `problem-${name}`, { settleMs: 400 });
}

async function waitForToast(page: Page, message: string) {
  await page.waitForFunction(
    (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
    { timeout: 10_000 },
    message,
  );
}

async function waitForRows(page: Page, ids: string[]) {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid=problem-row]')].map((r) =>
          r.getAttribute('data-problem-id'),
        ),
      ) === want,
    { timeout: 10_000 },
    JSON.stringify(ids),
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

async function openTab(page: Page, tab: string) {
  await page.click(`[data-testid=problem-tab-${tab}]`);
  await page.waitForSelector(`[data-testid=problem-tab-${tab}][data-state=active]`);
  // the tabs after the description are chunks of their own (the first-load budget)
  await page.waitForSelector('[data-testid=problem-tab-loading]', { hidden: true });
}

describe('problem list', () => {
  it('keeps keyword, level and tag filters in the URL (English)', async () => {
    const page = await open('/problem?l=en-US');
    await waitForRows(page, ['T1', '1000', '1001', '1002', '1003']);
    expect(await text(page, 'h1')).toBe('Problem List');
    expect(await page.$('[data-testid^=problem-mark-]')).toBeNull();

    // level
    await chooseOption(page, '[data-testid=difficulty-filter]', '[data-testid=difficulty-option-4]');
    await waitForRows(page, ['T1']);
    expect(query(page).get('difficulty')).toBe('4');
    expect(await text(page, '[data-testid=difficulty-filter]')).toBe('Hard');

    // tags, grouped by kind and classification
    await chooseOption(page, '[data-testid=difficulty-filter]', '[data-testid=difficulty-option-all]');
    await waitForRows(page, ['T1', '1000', '1001', '1002', '1003']);
    await page.click('[data-testid=tag-filter]');
    await page.waitForSelector('[data-testid=tag-section-1]');
    expect(await text(page, '[data-testid=tag-section-1]')).toContain('Algorithm');
    expect(await text(page, '[data-testid=tag-section-1]')).toContain('Graph theory');
    expect(await text(page, '[data-testid=tag-section-2]')).toContain('NOIP 2024');
    expect(await text(page, '[data-testid=tag-section-0]')).toContain('Beginner');
    await shot(page, 'list-tags-en');
    await page.click(`[data-testid=tag-option-${tagId.Beginner}]`);
    await waitForRows(page, ['1000', '1001']);
    await page.click(`[data-testid=tag-option-${tagId.OI}]`);
    await waitForRows(page, ['1001']);
    expect(query(page).getAll('tagId').map(Number).sort()).toEqual([tagId.Beginner, tagId.OI].sort());
    await page.keyboard.press('Escape');
    expect(await text(page, '[data-testid=tag-filter]')).toBe('Tags (2)');

    // keyword, and everything survives a reload from the URL
    await page.click(`[data-testid=chosen-tag-${tagId.OI}]`);
    await waitForRows(page, ['1000', '1001']);
    await page.type('[data-testid=problem-search]', 'a+b');
    await page.keyboard.press('Enter');
    await waitForRows(page, ['1000']);
    expect(query(page).get('keyword')).toBe('a+b');
    expect(query(page).getAll('tagId')).toEqual([String(tagId.Beginner)]);
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForRows(page, ['1000']);
    expect(await page.$eval('[data-testid=problem-search]', (el) => (el as HTMLInputElement).value)).toBe(
      'a+b',
    );
    expect(await text(page, `[data-testid=chosen-tag-${tagId.Beginner}]`)).toBe('Beginner');
    await page.click('[data-testid=reset-filters]');
    await waitForRows(page, ['T1', '1000', '1001', '1002', '1003']);
    for (const key of ['keyword', 'difficulty', 'tagId', 'currentPage'])
      expect(query(page).has(key)).toBe(false);
    await page.browserContext().close();
  });

  it('reads the filters from a shared link, in Chinese, on a phone', async () => {
    const page = await open(`/problem?l=zh-cn&difficulty=4&tagId=${tagId.Graph}`, PHONE);
    await waitForRows(page, ['T1']);
    expect(await text(page, 'h1')).toBe('题目列表');
    expect(await text(page, '[data-testid=difficulty-filter]')).toBe('困难');
    expect(await text(page, '[data-testid=tag-filter]')).toBe('标签（1）');
    await shot(page, 'list-zh-phone');
    await page.browserContext().close();
  });

  it('marks accepted and tried problems after real submissions, and lists them in My Submission', async () => {
    // tried: a wrong answer on 1001, sent by the API client as alice
    const alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    const wrong = await alice.api.submitProblemJudge({
      pid: '1001',
      language: 'C++',
      code: '#include <cstdio>\nint main(){puts("0");}\n',
    });
    expect((await waitForVerdict(alice, wrong.submitId)).status).not.toBe(0);

    // accepted: A+B with the problem page's editor and Submit button
    const page = await open('/problem/1000?l=en-US');
    await login(page, 'alice', 'alice123');
    await page.click('[data-testid=language-select]');
    await page.click('[data-testid="language-option-C++"]');
    await activateEditor(page);
    await page.click('[data-testid=editor] .cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(CPP);
    await page.click('[data-testid=submit]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=status-tag]')?.textContent === 'Accepted',
      { timeout: 90_000 },
    );

    await openTab(page, 'mySubmission');
    await page.waitForSelector('[data-testid=my-submission-row]');
    expect(await text(page, '[data-testid=my-submission-status]')).toBe('Accepted');
    const href = await page.$eval('[data-testid=my-submission-link]', (a) => a.getAttribute('href'));
    expect(href).toMatch(/^\/submission-detail\/\d+$/);
    expect(await text(page, '[data-testid=my-submission-link]')).toBe('C++');
    // OI only: no score column on an ACM problem
    expect(await page.$$eval('[data-testid=my-submissions] th', (ths) => ths.length)).toBe(5);
    await shot(page, 'my-submission-en');

    await page.goto(`${base}/problem?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=problem-mark-1000][data-mark=accepted]');
    const marks = await page.$$eval('[data-testid^=problem-mark-]', (els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute('data-testid'), e.getAttribute('data-mark')])),
    );
    expect(marks).toEqual({
      'problem-mark-T1': 'none',
      'problem-mark-1000': 'accepted',
      'problem-mark-1001': 'tried',
      'problem-mark-1002': 'none',
      'problem-mark-1003': 'none',
    });
    // the AC rate column counts the judged submissions
    expect(await text(page, '[data-testid=problem-ac-rate-1000]')).toBe('100.00%');
    await shot(page, 'list-marks-en');

    await page.click(`[data-testid=problem-link-1000]`);
    await page.waitForSelector('[data-testid=result-pie]');
    expect(await page.$eval('[data-testid=result-pie]', (el) => el.getAttribute('data-total'))).toBe('1');
    expect(await page.$$eval('[data-testid=result-pie] path[data-slice]', (p) => p.length)).toBe(1);
    await page.browserContext().close();
  });
});

describe('problem page', () => {
  it('loads the result pie as its own chunk after the statement, and reports the first-load JavaScript', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    const scripts: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await page.goto(`${base}/problem/1000?l=en-US`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=result-pie] svg');
    const pie = scripts.filter((p) => /\/assets\/result-pie-[\w-]+\.js$/.test(p));
    expect(pie).toHaveLength(1);
    // d3-shape (its pie layout's padAngle) lives in the pie's chunk only, not in the route's
    const route = scripts.find((p) => p.includes('problem-detail-route-')) ?? '';
    const source = (p: string) => readFileSync(resolve(`dist/web${p}`), 'utf8');
    expect(source(pie[0] ?? '')).toContain('padAngle');
    expect(route).not.toBe('');
    expect(source(route)).not.toContain('padAngle');
    const gz = (p: string) => gzipSync(readFileSync(resolve(`dist/web${p}`))).length;
    const total = scripts.reduce((sum, p) => sum + gz(p), 0);
    const lazy = scripts.filter((p) => /code-editor|result-pie/.test(p)).reduce((sum, p) => sum + gz(p), 0);
    console.info(
      `problem page first load: ${(total / 1024).toFixed(1)} KB gzipped JS in ${scripts.length} files, ` +
        `of which ${(lazy / 1024).toFixed(1)} KB in the lazy editor and pie chunks`,
    );
    await context.close();
  });

  it('shows everything of the statement, toggles tags, copies samples and lazy-loads the pie (English)', async () => {
    const page = await open('/problem/T1?l=en-US');
    await page.browserContext().overridePermissions(base, ['clipboard-read', 'clipboard-sanitized-write']);
    await page.waitForSelector('[data-testid=problem-title]');
    expect(await text(page, '[data-testid=problem-title]')).toBe('Sum in Files (T1)');
    expect(await text(page, '[data-testid=judge-mode-tag]')).toBe('Standard Judge');
    expect(await text(page, '[data-testid=file-io-tag]')).toBe('File IO: sum.in / sum.out');
    expect(await text(page, '[data-testid=remove-end-blank-tag]')).toBe('Trailing blanks ignored');
    expect(await text(page, '[data-testid=time-limit]')).toBe('2000ms');
    expect(await text(page, '[data-testid=memory-limit]')).toBe('64MB');
    const languages = await page.evaluate(async () => {
      const res = await fetch('/api/get-problem-detail?problemId=T1');
      return ((await res.json()) as { data: { languages: string[] } }).data.languages;
    });
    // C and C++ keep the limits; every other language (C# included) gets HOJ's 2x
    const scripted = languages.filter((l) => !/^C(\+\+( \d+)?)?$/.test(l));
    expect(scripted.length).toBeGreaterThan(0);
    expect(await text(page, '[data-testid=limits-other]')).toBe(
      `Other languages (${scripted.join(', ')}): 4000ms / 128MB (2×)`,
    );
    expect(await page.$eval('[data-testid=problem-level]', (e) => e.textContent)).toBe('LevelHard');
    expect(await page.$eval('[data-testid=oi-score]', (e) => e.textContent)).toBe('OI Score100');
    expect(await text(page, '[data-section=description]')).toContain('Print');
    expect(await page.$('[data-section=description] .katex')).not.toBeNull();
    expect(await text(page, '[data-section=source]')).toContain('Verdict e2e');

    // toggle-able tags, remembered in localStorage
    const tagNames = () =>
      page.$$eval('[data-testid=problem-tags] li', (els) => els.map((e) => e.textContent));
    expect(await tagNames()).toEqual(['Graph', 'NOIP 2024']);
    await page.click('[data-testid=toggle-tags]');
    expect(await page.$('[data-testid=problem-tags]')).toBeNull();
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=toggle-tags]');
    expect(await page.$('[data-testid=problem-tags]')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('problemTagsVisible'))).toBe('false');
    await page.click('[data-testid=toggle-tags]');
    await page.waitForSelector('[data-testid=problem-tags]');

    // copy buttons on every sample block
    for (const id of ['sample-input-2', 'sample-output-2']) {
      await page.click(`[data-testid=copy-${id}]`);
      await waitForToast(page, 'Copied successfully');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await text(page, `[data-testid=${id}]`),
      );
    }

    // the pie: its own chunk, drawn with no submissions yet
    await page.waitForSelector('[data-testid=result-pie] svg');
    expect(await page.$eval('[data-testid=result-pie]', (el) => el.getAttribute('data-total'))).toBe('0');
    expect(await text(page, '[data-testid=ac-rate]')).toBe('AC rate 0.00%');
    await shot(page, 'detail-en');
    await page.$eval('[data-section=statistics]', (el) => el.scrollIntoView());
    await shot(page, 'detail-pie-en');
    await page.browserContext().close();
  });

  it('gives tools a JSON block with name, limits and samples, and data attributes on the samples', async () => {
    for (const lang of ['en-US', 'zh-cn']) {
      const page = await open(`/problem/T1?l=${lang}`);
      await page.waitForSelector('#problem-meta');
      const meta = await page.$eval('#problem-meta', (el) => JSON.parse(el.textContent ?? ''));
      expect(meta).toEqual({
        name: 'Sum in Files',
        group: 'Verdict Online Judge',
        url: `${base}/problem/T1`,
        problemId: 'T1',
        interactive: false,
        timeLimit: 2000,
        memoryLimit: 64,
        tests: [
          { input: '1 2', output: '3' },
          { input: '5 7', output: '12' },
        ],
        testType: 'single',
        input: { type: 'file', fileName: 'sum.in' },
        output: { type: 'file', fileName: 'sum.out' },
        languages: { java: { mainClass: 'Main', taskClass: 'Main' } },
      });
      const samples = await page.$$eval('[data-sample]', (els) =>
        els.map((e) => [e.getAttribute('data-sample'), e.getAttribute('data-sample-index'), e.textContent]),
      );
      expect(samples).toEqual([
        ['input', '1', '1 2'],
        ['output', '1', '3'],
        ['input', '2', '5 7'],
        ['output', '2', '12'],
      ]);
      expect(await page.$eval('[data-time-limit-ms]', (e) => e.getAttribute('data-time-limit-ms'))).toBe(
        '2000',
      );
      expect(await page.$eval('[data-memory-limit-mb]', (e) => e.getAttribute('data-memory-limit-mb'))).toBe(
        '64',
      );
      await page.browserContext().close();
    }
    const page = await open('/problem/1000?l=en-US');
    await page.waitForSelector('#problem-meta');
    const meta = await page.$eval('#problem-meta', (el) => JSON.parse(el.textContent ?? ''));
    expect(meta).toMatchObject({
      name: 'A+B Problem',
      timeLimit: 1000,
      memoryLimit: 256,
      input: { type: 'stdin' },
      output: { type: 'stdout' },
      tests: [{ input: '1 2', output: '3' }],
    });
    await page.browserContext().close();
  });

  it('has the My Submission, Explain and Problem Annex tabs (Chinese)', async () => {
    const page = await open('/problem/T1?l=zh-cn');
    await page.waitForSelector('[data-testid=problem-tab-description][data-state=active]');
    const tabs = await page.$$eval('[role=tab]', (els) =>
      els.map((e) => (e as HTMLElement).innerText.trim()),
    );
    expect(tabs).toEqual(['题目描述', '我的提交', '题解', '题目附件']);
    expect(await text(page, '[data-testid=limits-other]')).toMatch(/^其他语言（.+）：4000ms \/ 128MB（2×）$/);

    // visitors are asked to log in
    await openTab(page, 'mySubmission');
    expect(await text(page, '[data-testid=my-submissions-login]')).toContain('登录后即可查看');

    // solutions of this problem, pinned first, expanded in place with KaTeX
    await openTab(page, 'explain');
    await page.waitForSelector('[data-testid=explain-item]');
    expect(await page.$$eval('[data-testid=explain-title]', (els) => els.map((e) => e.textContent))).toEqual([
      'Two pointers',
      'Prefix sums',
    ]);
    await page.click('[data-testid=explain-toggle]');
    await page.waitForSelector('[data-testid=explain-content] .katex');
    expect(await text(page, '[data-testid=explain-content] h2')).toBe('Two pointers');
    await shot(page, 'explain-zh');

    // annex: view in a dialog, download through the server
    await openTab(page, 'annex');
    await page.waitForSelector('[data-testid=annex-row]');
    expect(
      await page.$$eval('[data-testid=annex-row] td:first-child', (els) => els.map((e) => e.textContent)),
    ).toEqual(['sum.h', 'notes.txt']);
    await page.click('[data-testid="annex-view-sum.h"]');
    await page.waitForSelector('[data-testid=annex-content]');
    expect(await page.$eval('[data-testid=annex-content]', (e) => e.textContent)).toBe(ANNEX['sum.h']);
    await shot(page, 'annex-viewer-zh');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=annex-viewer]', { hidden: true });
    const downloads: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/file/download-problem-annex'))
        downloads.push(r.headers()['content-disposition'] ?? '');
    });
    await page.click('[data-testid="annex-download-notes.txt"]');
    await waitForToast(page, '下载成功');
    expect(downloads).toEqual([`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`]);
    await page.browserContext().close();
  });

  it('has no Problem Annex tab without files, and fits a phone (Chinese)', async () => {
    const page = await open('/problem/1000?l=zh-cn', PHONE);
    await page.waitForSelector('[data-testid=problem-title]');
    expect(await page.$('[data-testid=problem-tab-annex]')).toBeNull();
    expect(await text(page, '[data-testid=problem-tab-description]')).toBe('题目描述');
    await page.waitForSelector('[data-testid=result-pie] svg');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'detail-zh-phone');
    await page.$eval('[data-section=samples]', (el) => el.scrollIntoView());
    await shot(page, 'detail-samples-zh-phone');
    await page.browserContext().close();
  });
});
