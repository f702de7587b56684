/**
 * How soon a verdict is on screen after the judge finishes (docs/benchmarks.md, Live push):
 *
 *   npm run build:web && npx tsx scripts/bench/live-verdict.ts [submissions per mode=8]
 *
 * A real server with one in-process judge; Chromium shows the user's own submission list
 * (/status?onlyMine=true), reloaded after each submission (made through the API, one at a time; an A+B
 * that sleeps 0.3 s a case, so judging outlasts the page's load). For each, the time from
 * the server's "judged" event to the verdict in the page's row. Pushed: the live stream healthy.
 * Polled: /api/events aborted by request interception, so the page polls every 2 s as before push.
 */
import type { Page } from 'puppeteer-core';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { CHROMIUM_ARGS, launch, requireWebBuild } from '../../tests/e2e/chromium';
import { testClient } from '../../tests/helpers/api';
import { startTestServer } from '../../tests/helpers/server';
import { median, percentile, printReport } from './stats';

const N = Number(process.argv[2] ?? 8);
/** A+B that sleeps a little on each case: judging lasts a few seconds, so the page is settled (and its stream open) before the verdict */
const SLOW_SUM = 'import time\ntime.sleep(0.3)\na, b = map(int, input().split())\nprint(a + b)\n';

requireWebBuild();
const server = await startTestServer();
const { browser, close } = await launch({ args: CHROMIUM_ARGS });
const judgedAt = new Map<number, number>();
server.server.ctx.queue.events.on('judged', (e) => judgedAt.set(e.submitId, Date.now()));

async function pageFor(block: boolean): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.setRequestInterception(true);
  page.on('request', (r) => void (block && r.url().includes('/api/events') ? r.abort() : r.continue()));
  const { token, userInfo } = await testClient(server.url).api.login({
    username: 'root',
    password: server.rootPassword,
  });
  await page.goto(`${server.url}/404-blank`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (t, u) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
    },
    token,
    JSON.stringify(userInfo),
  );
  await page.goto(`${server.url}/status?onlyMine=true&l=en`, { waitUntil: 'networkidle0' });
  return page;
}

async function measure(block: boolean): Promise<{ ms: number[]; live: string }> {
  const page = await pageFor(block);
  const root = testClient(server.url);
  await root.login('root', server.rootPassword);
  const ms: number[] = [];
  let live = '';
  for (let i = 0; i < N; i++) {
    const sub = await root.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: SLOW_SUM });
    await page.reload({ waitUntil: 'networkidle0' }).catch(() => undefined);
    await page.waitForFunction(
      (id, s) => {
        const link = [...document.querySelectorAll('a')].find((a) => a.textContent === String(id));
        return (
          link?.closest('tr')?.querySelector('[data-testid=row-status]')?.getAttribute('data-status') ===
          String(s)
        );
      },
      { timeout: 120_000, polling: 'mutation' },
      sub.submitId,
      JudgeStatus.ACCEPTED,
    );
    const shown = Date.now();
    live = await page.evaluate(() => document.documentElement.dataset.live ?? '');
    const judged = judgedAt.get(sub.submitId);
    if (judged !== undefined) ms.push(Math.max(0, shown - judged));
  }
  await page.browserContext().close();
  return { ms, live };
}

try {
  const pushed = await measure(false);
  const polled = await measure(true);
  printReport({
    title: `Verdict on screen after the judge finished (${N} submissions each)`,
    rows: [
      [
        'pushed (stream healthy) p50',
        `${median(pushed.ms).toFixed(0)} ms (max ${Math.max(...pushed.ms)} ms; page state ${pushed.live})`,
      ],
      [
        'polled (stream blocked) p50',
        `${median(polled.ms).toFixed(0)} ms (max ${Math.max(...polled.ms)} ms; page state ${polled.live})`,
      ],
      ['pushed p90 / polled p90', `${percentile(pushed.ms, 0.9)} / ${percentile(polled.ms, 0.9)} ms`],
    ],
  });
} finally {
  await close();
  await server.destroy();
}
