import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeZip } from '../fixtures/packages/zip';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { CONSOLE_ZONE, savedFile, typeDateTime } from './console';
import {
  activateEditor,
  chooseOption,
  DESKTOP,
  loginThroughDialog,
  retype,
  textOf,
  waitForToast,
} from './pages';

/**
 * A site run from the browser alone, from an empty data folder: root makes a problem with
 * Markdown, maths, a test data zip and a special judge that compiles, a contest with it, and 20
 * team accounts it downloads; a team logs in with a downloaded password, solves the problem in
 * the contest and is on the board. The test makes no API call of its own.
 */
const HOUR = 3_600_000;
const TEAMS = Array.from({ length: 20 }, (_, i) => `Team ${String.fromCharCode(65 + i)}`);
/** A checker in the testlib protocol (input, output, answer; exit 0 accepts): answers within 1e-6. */
const CHECKER = [
  '#include <cmath>',
  '#include <cstdio>',
  'int main(int argc, char **argv) {',
  '  if (argc < 4) return 3;',
  '  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");',
  '  double a, b;',
  '  if (!out || !ans || fscanf(out, "%lf", &a) != 1 || fscanf(ans, "%lf", &b) != 1) return 1;',
  '  return std::fabs(a - b) <= 1e-6 ? 0 : 1;',
  '}',
].join('\n');

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let work: string;
let cid = 0;
let team = { username: '', password: '' };

beforeAll(async () => {
  requireWebBuild();
  work = mkdtempSync(join(tmpdir(), 'verdict-journey-'));
  writeFileSync(
    join(work, 'halves.zip'),
    makeZip([
      { name: '1.in', data: '1 2\n' },
      { name: '1.out', data: '1.5\n' },
      { name: '2.in', data: '7 8\n' },
      { name: '2.out', data: '7.5\n' },
    ]),
  );
  mkdirSync(join(work, 'downloads'));
  server = await startTestServer({ demo: false });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function open(path: string): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.emulateTimezone(CONSOLE_ZONE);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

describe('a contest run from the browser alone', () => {
  it('root makes a problem with a special judge, a contest with it, and 20 team accounts', async () => {
    const page = await open('/admin/problem/create?l=en');
    await loginThroughDialog(page, 'root', server.rootPassword);
    await page.waitForSelector('[data-testid=problem-editor]');
    await page.type('#problem-problemId', 'HALF');
    await page.type('#problem-title', 'Halfway');
    await page.type('#problem-description', 'Print the **midpoint** $\\frac{a+b}{2}$ of two integers.');
    await page.click('[data-testid=problem-description-preview]');
    await page.waitForSelector('[data-testid=problem-editor] .katex');
    await page.type('#example-0-input', '1 2');
    await page.type('#example-0-output', '1.5');

    await chooseOption(page, '#problem-judgeMode', '[data-testid=problem-judgeMode-spj]');
    await chooseOption(page, '#problem-spjLanguage', '[data-testid="problem-spjLanguage-C++"]');
    await page.type('#problem-spjCode', CHECKER);
    await page.click('[data-testid=checker-compile]');
    await waitForToast(page, 'The checker compiles.');

    const zip = (await page.$('[data-testid=testdata-zip]')) as ElementHandle<HTMLInputElement> | null;
    await zip?.uploadFile(join(work, 'halves.zip'));
    await waitForToast(page, 'The zip holds 2 test cases.');
    await page.click('[data-testid=problem-save]');
    await waitForToast(page, 'The problem has been saved.');
    await page.waitForSelector('[data-testid=admin-problem-table] [data-problem-id=HALF]');

    // the contest, running now for two hours, with the problem as A
    await page.click('[data-testid=admin-menu-contest]');
    await page.waitForSelector('[data-testid=admin-contest-create]');
    await page.click('[data-testid=admin-contest-create]');
    await page.waitForSelector('[data-testid=contest-editor]');
    const start = new Date(Math.floor((Date.now() - 60_000) / 60_000) * 60_000);
    await page.type('#contest-title', 'Journey Cup');
    await typeDateTime(page, '#contest-startTime', start);
    await typeDateTime(page, '#contest-endTime', new Date(start.getTime() + 2 * HOUR));
    await page.click('[data-testid=contest-save]');
    await waitForToast(page, 'Contest created.');
    await page.waitForSelector('[data-testid=contest-problems-admin]');
    cid = Number(/\/admin\/contest\/(\d+)\/problem/.exec(page.url())?.[1]);
    expect(cid).toBeGreaterThan(0);
    await page.click('[data-testid=contest-problem-add-from-list]');
    await page.waitForSelector('[data-testid=contest-candidates]');
    await page.type('[data-testid=contest-candidate-search]', 'HALF');
    await page.keyboard.press('Enter');
    const add = await page.waitForSelector('[data-testid=contest-candidates] [data-testid$=-add]');
    await add?.click();
    await waitForToast(page, 'Problem added to the contest as A.');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=contest-add-problem-dialog]', { hidden: true });
    await page.waitForSelector('[data-testid=contest-problem-list] [data-display-id=A]');

    // 20 team accounts with their names, shown once and downloaded
    await page.click('[data-testid=admin-menu-user]');
    await page.waitForSelector('[data-testid=admin-user-generate-link]');
    await page.click('[data-testid=admin-user-generate-link]');
    await page.waitForSelector('[data-testid=generate-form]');
    await page.type('#generate-prefix', 'team');
    await retype(page, '#generate-number_to', '20');
    await retype(page, '#generate-password_length', '10');
    await page.type('#generate-realnames', TEAMS.join('\n'));
    await page.click('[data-testid=generate-submit]');
    await page.waitForSelector('[data-testid=generated-table]', { timeout: 60_000 });
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: join(work, 'downloads'),
      browserContextId: page.browserContext().id,
    });
    await page.click('[data-testid=generated-download-csv]');
    const csv = readFileSync(await savedFile(join(work, 'downloads'), '.csv'), 'utf8').replace(/^\uFEFF/, '');
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r[2])).toEqual(TEAMS);
    team = { username: rows[6]?.[0] ?? '', password: rows[6]?.[1] ?? '' };
    expect(team.username).toBe('team7');
    await page.browserContext().close();
  }, 240_000);

  it('a generated team logs in, solves the problem in the contest, and is on the board', async () => {
    const page = await open(`/contest/${cid}/problem/A?l=en`);
    await loginThroughDialog(page, team.username, team.password);
    await page.waitForSelector('[data-testid=problem-title]');
    expect(await textOf(page, '[data-testid=problem-title]')).toBe('Halfway (A)');
    await page.waitForSelector('[data-section=description] .katex');

    await page.click('[data-testid=language-select]');
    await page.click('[data-testid="language-option-Python3"]');
    await activateEditor(page);
    await page.click('[data-testid=editor] .cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    // prints the midpoint as 7.5000001: only the special judge's tolerance accepts it
    await page.keyboard.type('a, b = map(int, input().split())\nprint((a + b) / 2 + 1e-7)\n');
    await page.waitForSelector('[data-testid=submit]:not([disabled])');
    await page.click('[data-testid=submit]');
    await page.waitForFunction(
      (ac) => document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status') === String(ac),
      { timeout: 90_000 },
      JudgeStatus.ACCEPTED,
    );

    await page.goto(`${server.url}/contest/${cid}/rank?l=en`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-testid=board-row][data-username=${team.username}]`);
    // the first to solve it: first blood
    const kind = await page.$eval(
      `[data-testid=board-row][data-pinned=false][data-username=${team.username}] [data-testid=board-cell-A]`,
      (el) => el.getAttribute('data-kind'),
    );
    expect(kind).toBe('firstBlood');
    await page.browserContext().close();
  }, 180_000);
});
