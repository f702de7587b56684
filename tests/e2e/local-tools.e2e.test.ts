import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExamples } from '../../shared/api/examples';
import { type CompanionTask, LOCAL_TOOL_PORTS } from '../../shared/competitive-companion';
import { testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch } from './chromium';
import { DESKTOP, openAs, PHONE, pageWidth, photograph, textOf, type Viewport } from './pages';

/**
 * "Send to local tools" from the problem page: a listener of our own on one of Competitive Companion's
 * ports (as CP Editor or CPH would listen) receives the problem's JSON from the browser, the page says how
 * many listened; with nobody listening it says so. A port something else on this machine already holds is
 * left out: the browser's requests to it are refused as if nobody listened there. Screenshots in
 * /tmp/shots-clar (English and Chinese, desktop and 375 px wide).
 */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
const SHOTS = '/tmp/shots-clar';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
/** our listener, on the first of the ports nothing else holds */
let tool: Server | null = null;
let toolPort = 0;
/** ports held by something else on this machine */
const foreign: number[] = [];
const received: Received[] = [];
let cid = 0;
let siteName = '';

/** Listens on `port` on every local address (localhost may resolve to ::1 or 127.0.0.1); null when it is taken. */
function listen(port: number): Promise<Server | null> {
  return new Promise((done) => {
    const http = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('OK');
      });
    });
    http.once('error', () => done(null));
    http.listen({ port, host: '::' }, () => done(http));
  });
}

const closeTool = () =>
  new Promise<void>((done) => {
    if (!tool) return done();
    tool.close(() => done());
    tool.closeAllConnections();
    tool = null;
  });

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` before the e2e tests`);
  }
  mkdirSync(SHOTS, { recursive: true });
  for (const port of LOCAL_TOOL_PORTS) {
    if (tool) {
      // only tells whether something else holds it: closed again at once
      const probe = await listen(port);
      if (probe) await new Promise<void>((done) => probe.close(() => done()));
      else foreign.push(port);
      continue;
    }
    tool = await listen(port);
    if (tool) toolPort = port;
    else foreign.push(port);
  }
  if (!tool) throw new Error(`every port of ${LOCAL_TOOL_PORTS.join(', ')} is taken on this machine`);
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  const root = testClient(server.url);
  await root.login('root', server.rootPassword);
  siteName = (await root.api.getWebsiteConfig()).shortName;
  const problems = await server.server.ctx.db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id'])
    .where('problem_id', 'in', ['1000'])
    .execute();
  const hour = 3_600_000;
  const contest = await root.api.adminAddContest({
    title: 'Local Tools Cup',
    description: '',
    type: 0,
    auth: 0,
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + hour).toISOString(),
  });
  cid = contest.id;
  await root.api.adminAddContestProblemFromPublic({ cid, pid: problems[0]?.id ?? 0, displayId: 'A' });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await closeTool();
  await server?.destroy();
});

/**
 * A page in a fresh context, logged in as root. Requests to ports something else holds are refused
 * as a closed port refuses them, so only our listener can answer.
 */
async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const root = { username: 'root', password: server.rootPassword };
  return openAs(browser, server.url, path, root, viewport, async (page) => {
    if (foreign.length === 0) return;
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      const url = new URL(request.url());
      if (url.hostname === 'localhost' && foreign.includes(Number(url.port))) {
        void request.abort('connectionrefused');
      } else {
        void request.continue();
      }
    });
  });
}

async function shot(page: Page, name: string) {
  await photograph(page, name, { settleMs: 300 });
}

/** Clicks the button and waits for the page to say what happened. */
async function send(page: Page, outcome: 'sent' | 'none'): Promise<string> {
  await page.waitForSelector('[data-testid=local-tools-send]:not([disabled])');
  await page.click('[data-testid=local-tools-send]');
  await page.waitForSelector(`[data-testid=local-tools-status][data-outcome=${outcome}]`, {
    timeout: 15_000,
  });
  return textOf(page, '[data-testid=local-tools-status]');
}

async function waitForTasks(count: number): Promise<CompanionTask[]> {
  const deadline = Date.now() + 10_000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(received).toHaveLength(count);
  return received.map((r) => JSON.parse(r.body) as CompanionTask);
}

describe('Send to local tools', () => {
  it('posts the problem in Competitive Companion’s format to a listening tool and says one listened (en)', async () => {
    const page = await open('/problem/1000?l=en');
    const status = await send(page, 'sent');
    expect(status).toBe(`Sent to 1 local tool (of ${LOCAL_TOOL_PORTS.length} ports tried).`);
    const [task] = await waitForTasks(1);
    const request = received[0];
    expect([request?.method, request?.url]).toEqual(['POST', '/']);
    // a simple request: text/plain, so no preflight the tool would have to answer
    expect(request?.headers['content-type']).toMatch(/^text\/plain/);
    const detail = await testClient(server.url).api.getProblemDetail('1000');
    const samples = parseExamples(detail.problem.examples);
    expect(samples.length).toBeGreaterThan(0);
    expect(task).toEqual({
      name: `1000. ${detail.problem.title}`,
      group: siteName,
      url: `${server.url}/problem/1000`,
      interactive: false,
      memoryLimit: detail.problem.memoryLimit,
      timeLimit: detail.problem.timeLimit,
      tests: samples.map((s) => ({
        input: s.input.endsWith('\n') ? s.input : `${s.input}\n`,
        output: s.output.endsWith('\n') ? s.output : `${s.output}\n`,
      })),
      testType: 'single',
      input: { type: 'stdin' },
      output: { type: 'stdout' },
      languages: { java: { mainClass: 'Main', taskClass: 'ABProblem' } },
      batch: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: 1 },
    });
    await shot(page, `local-tools-sent-en-port-${toolPort}`);
    await page.browserContext().close();
  });

  it('groups a contest problem under the site and the contest (zh-CN, 375 px)', async () => {
    received.length = 0;
    const page = await open(`/contest/${cid}/problem/A?l=zh-CN`, PHONE);
    const status = await send(page, 'sent');
    expect(status).toBe(`已发送到 1 个本地工具（共尝试 ${LOCAL_TOOL_PORTS.length} 个端口）。`);
    const [task] = await waitForTasks(1);
    expect(task).toMatchObject({
      name: expect.stringMatching(/^A\. /),
      group: `${siteName} — Local Tools Cup`,
      url: `${server.url}/contest/${cid}/problem/A`,
    });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'local-tools-sent-zh-375');
    await page.browserContext().close();
  });

  it('says clearly that no tool listens when none does (en and zh-CN, desktop and 375 px)', async () => {
    await closeTool();
    received.length = 0;
    const ports = LOCAL_TOOL_PORTS.join(', ');
    const en = await open('/problem/1000?l=en');
    expect(await send(en, 'none')).toBe(
      `No local tool is listening on ports ${ports}. Start CP Editor, CPH or another Competitive Companion receiver, then try again.`,
    );
    await shot(en, 'local-tools-none-en');
    await en.browserContext().close();
    const zh = await open('/problem/1000?l=zh-CN', PHONE);
    expect(await send(zh, 'none')).toBe(
      `端口 ${ports} 上没有本地工具在监听。请先启动 CP Editor、CPH 或其他 Competitive Companion 接收工具，然后重试。`,
    );
    expect(await pageWidth(zh)).toBeLessThanOrEqual(PHONE.width);
    await shot(zh, 'local-tools-none-zh-375');
    await zh.browserContext().close();
    expect(received).toEqual([]);
  });
});
