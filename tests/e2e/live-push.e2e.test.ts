import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, HTTPRequest, KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudge, startRemoteJudge } from '../../judge/remote/daemon';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { activateEditor, DESKTOP, openAs, PHONE, photograph, type Viewport } from './pages';

/**
 * Verdicts pushed over the live stream, with polling as the fallback (docs/architecture.md, Live
 * push), and a waiting submission's place in the queue, in Chromium against a server whose judge
 * starts when the test says so: with the stream the verdict appears without one status poll; with
 * the stream blocked the same screen gets there by polling.
 */
const SHOTS = '/tmp/shots-live';
const TOKEN = 'live-push-e2e-judge-token';
const PASSWORD = 'secret123';
const POLL_PATH = '/api/check-submissions-status';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let judge: RemoteJudge | null = null;
const cacheDir = mkdtempSync(join(tmpdir(), 'verdict-live-e2e-cache-'));

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  // no judge until a test starts one: submissions wait in the queue meanwhile
  server = await startTestServer({ judgeWorkers: 0, env: { JUDGE_TOKEN: TOKEN } });
  const root = testClient(server.url);
  await root.login('root', server.rootPassword);
  await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
  for (const name of ['alice', 'bob'])
    await createUser(server.server.ctx.db, { username: name, password: PASSWORD });
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await judge?.stop();
  await closeBrowser?.();
  await server?.destroy();
  rmSync(cacheDir, { recursive: true, force: true });
});

async function startJudge(): Promise<void> {
  judge ??= await startRemoteJudge({
    server: server.url,
    token: TOKEN,
    cacheDir,
    workers: 1,
    name: 'live-e2e-judge',
    claimWaitMs: 1000,
  });
}

async function stopJudge(): Promise<void> {
  await judge?.stop();
  judge = null;
}

async function client(who: string) {
  const c = testClient(server.url);
  await c.login(who, PASSWORD);
  return c;
}

/**
 * A page logged in as `who`, every request it makes recorded (puppeteer's request interception);
 * `block` aborts those whose address contains it.
 */
async function open(path: string, who: string, viewport: Viewport = DESKTOP, block?: string) {
  const requests: string[] = [];
  const page = await openAs(
    browser,
    server.url,
    path,
    { username: who, password: PASSWORD },
    viewport,
    async (p) => {
      await p.setRequestInterception(true);
      p.on('request', (request: HTTPRequest) => {
        requests.push(new URL(request.url()).pathname);
        if (block && request.url().includes(block)) void request.abort();
        else void request.continue();
      });
    },
  );
  return { page, requests };
}

const liveState = (page: Page) => page.evaluate(() => document.documentElement.dataset.live ?? '');

async function waitForLive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.live === 'on', { timeout: 30_000 });
}

async function waitForText(page: Page, selector: string, text: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (s, t) => [...document.querySelectorAll(s)].some((el) => (el as HTMLElement).innerText.includes(t)),
    { timeout },
    selector,
    text,
  );
}

async function rowStatus(page: Page, submitId: number, status: number, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (id, s) => {
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent === String(id));
      const row = link?.closest('tr');
      return row?.querySelector('[data-testid=row-status]')?.getAttribute('data-status') === String(s);
    },
    { timeout },
    submitId,
    status,
  );
}

async function shot(page: Page, name: string): Promise<void> {
  await photograph(page, name, { settleMs: 300 });
}

async function withCtrl(page: Page, key: KeyInput): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press(key);
  await page.keyboard.up('Control');
}

describe('live push in the browser', () => {
  it('shows the place in the queue, moves it up and shows the verdict without polling, while the stream is healthy', async () => {
    const bob = await client('bob');
    const alice = await client('alice');
    const ahead = await bob.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    const mine = await alice.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });

    const { page, requests } = await open('/status?onlyMine=true&l=en', 'alice');
    await waitForText(page, '[data-testid=queue-place]', '2nd in queue, waiting for a judge');
    await waitForLive(page);
    const healthyFrom = requests.length;
    await shot(page, 'queue-place-list-en');

    const phone = await open('/status?onlyMine=true&l=zh-CN', 'alice', PHONE);
    await waitForText(phone.page, '[data-testid=queue-place]', '排队第 2 位，等待评测机');
    await shot(phone.page, 'queue-place-list-zh-375');
    const detail = await open(`/submission-detail/${mine.submitId}?l=en`, 'alice');
    await waitForText(detail.page, '[data-testid=queue-place]', '2nd in queue');
    await waitForLive(detail.page);
    const detailFrom = detail.requests.length;
    await shot(detail.page, 'queue-place-detail-en');

    // bob's is cancelled: alice moves up, told by the stream
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    await root.api.adminCancelJudge(ahead.submitId);
    await waitForText(page, '[data-testid=queue-place]', '1st in queue', 30_000);
    await waitForText(detail.page, '[data-testid=queue-place]', '1st in queue', 30_000);
    await shot(page, 'queue-place-moved-en');
    await startJudge();
    await rowStatus(page, mine.submitId, JudgeStatus.ACCEPTED);
    await detail.page.waitForFunction(
      (s) => document.querySelector('[data-testid=detail-status]')?.getAttribute('data-status') === String(s),
      { timeout: 60_000 },
      JudgeStatus.ACCEPTED,
    );
    expect(await liveState(page)).toBe('on');
    // not one status poll while the stream was healthy: the list's and the detail's verdicts were pushed
    expect(requests.slice(healthyFrom).filter((p) => p === POLL_PATH)).toEqual([]);
    expect(
      detail.requests.slice(detailFrom).filter((p) => p === '/api/get-submission-detail').length,
    ).toBeLessThanOrEqual(2);
    await shot(page, 'verdict-pushed-en');
    for (const p of [page, phone.page, detail.page]) await p.browserContext().close();
  }, 240_000);

  it('gets to the same verdict by polling when the stream is blocked', async () => {
    await stopJudge();
    const alice = await client('alice');
    const mine = await alice.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    const { page, requests } = await open('/status?onlyMine=true&l=en', 'alice', DESKTOP, '/api/events');
    // the judge just stopped still counts as online for a while: the wait is guessed or not
    await waitForText(page, '[data-testid=queue-place]', '1st in queue');
    await startJudge();
    await rowStatus(page, mine.submitId, JudgeStatus.ACCEPTED);
    // the stream was tried and refused: the page polled the status as it always did
    expect(requests.filter((p) => p === '/api/events').length).toBeGreaterThanOrEqual(1);
    expect(requests.filter((p) => p === POLL_PATH).length).toBeGreaterThanOrEqual(1);
    expect(await liveState(page)).not.toBe('on');
    await page.browserContext().close();
  }, 240_000);

  it('shows the place beside the status on the problem page after a submit, in both languages and on a phone', async () => {
    await stopJudge();
    for (const [lang, expected, name] of [
      ['zh-CN', '排队第 1 位', 'problem-status-zh'],
      ['en', '1st in queue', 'problem-status-en'],
    ] as const) {
      const { page, requests } = await open(`/problem/1000?l=${lang}`, 'alice');
      await page.waitForSelector('[data-testid=submit]:not([disabled])');
      await page.click('[data-testid=language-select]');
      await page.waitForSelector('[data-testid="language-option-C++"]');
      await page.click('[data-testid="language-option-C++"]');
      await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
      await activateEditor(page);
      await page.click('[data-testid=editor] .cm-content');
      await withCtrl(page, 'a');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('int main(){}');
      await withCtrl(page, 'Enter');
      await waitForText(page, '[data-testid=queue-place]', expected);
      await waitForLive(page);
      const healthyFrom = requests.length;
      await shot(page, name);
      // on a phone: the same submission in the problem page's My Submissions tab
      const phone = await open(`/problem/1000?l=${lang}`, 'alice', PHONE);
      await phone.page.click('[data-testid=problem-tab-mySubmission]');
      await waitForText(phone.page, '[data-testid=queue-place]', expected);
      await shot(phone.page, `${name}-375`);
      await phone.page.browserContext().close();
      await startJudge();
      await page.waitForFunction(
        () => {
          const s = document.querySelector('[data-testid=status-tag]')?.getAttribute('data-status');
          return s !== null && s !== undefined && !['5', '6', '7'].includes(s);
        },
        { timeout: 120_000 },
      );
      expect(requests.slice(healthyFrom).filter((p) => p === POLL_PATH)).toEqual([]);
      await stopJudge();
      await page.browserContext().close();
    }
  }, 300_000);
});
