import { readFileSync } from 'node:fs';
import { register as globalRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_NAMES } from '../../server/services/ops/metrics';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/** Prometheus metrics at GET /metrics (docs/operations.md, Metrics). */
const TOKEN = 'ops-metrics-token-0123456789abcdef';

function scrape(server: TestServer, authorization: string | null = `Bearer ${TOKEN}`) {
  return fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {});
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1] as string] = l[2] as string;
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function samples(server: TestServer): Promise<Sample[]> {
  const res = await scrape(server);
  expect(res.status).toBe(200);
  return parse(await res.text());
}

describe.each(DATABASES)('metrics on $name', ({ name, databaseUrl }) => {
  let judging: TestServer;
  let queued: TestServer;
  let off: TestServer;
  let root: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    judging = await startTestServer({ databaseUrl, judgeWorkers: 1, env: { METRICS_TOKEN: TOKEN } });
    queued = await startTestServer({ databaseUrl, judgeWorkers: 0, env: { METRICS_TOKEN: TOKEN } });
    off = await startTestServer({ databaseUrl, judgeWorkers: 0, demo: false });
    root = testClient(judging.url);
    await root.login('root', judging.rootPassword);
    // several servers, started one after the other: more than the default hook time on a busy machine
  }, 180_000);
  afterAll(async () => {
    await judging?.destroy();
    await queued?.destroy();
    await off?.destroy();
  });

  it('without METRICS_TOKEN: 404, token or not', async () => {
    expect((await scrape(off, null)).status).toBe(404);
    expect((await scrape(off)).status).toBe(404);
  });

  it('with METRICS_TOKEN: 401 without the bearer token, with a wrong one, or with a login token', async () => {
    const none = await scrape(judging, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.text()).toBe('');
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
      root.token as string,
      `Bearer ${root.token}`,
    ]) {
      expect((await scrape(judging, authorization)).status, authorization).toBe(401);
    }
    const ok = await scrape(judging);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('names every metric of the dashboard, and Node’s process metrics', async () => {
    const text = await (await scrape(judging)).text();
    for (const metric of Object.values(METRIC_NAMES)) expect(text).toContain(`# TYPE ${metric} `);
    for (const metric of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`# TYPE ${metric} `);
  });

  it('the Grafana dashboard (docs/grafana-dashboard.json) queries only metrics the server exports', async () => {
    const exported = new Set<string>();
    for (const m of (await (await scrape(judging)).text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      const [, metric, type] = m as unknown as [string, string, string];
      exported.add(metric);
      if (type === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(metric + suffix);
    }
    const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const used = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets ?? [])
        for (const m of target.expr.matchAll(/\b((?:verdict|process|nodejs)_[a-z0-9_]+)/g))
          used.add(m[1] as string);
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((metric) => !exported.has(metric))).toEqual([]);
    // every metric of the server has its panel
    for (const metric of Object.values(METRIC_NAMES))
      expect(
        [...used].some((u) => u.startsWith(metric)),
        metric,
      ).toBe(true);
  });

  it('a judged submission moves the verdict, compile and run metrics', async () => {
    const before = await samples(judging);
    const sub = await root.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    expect((await waitForVerdict(root, sub.submitId)).status).toBe(JudgeStatus.ACCEPTED);
    const cases = await judging.server.ctx.db.kysely
      .selectFrom('judge_case')
      .select('id')
      .where('submit_id', '=', sub.submitId)
      .execute();
    expect(cases.length).toBeGreaterThanOrEqual(5);
    const after = await samples(judging);
    const moved = (metric: string, labels: Record<string, string>) =>
      value(after, metric, labels) - value(before, metric, labels);
    expect(moved(METRIC_NAMES.verdicts, { status: 'ac', language: 'C++' })).toBe(1);
    expect(moved(`${METRIC_NAMES.compileSeconds}_count`, { language: 'C++' })).toBe(1);
    expect(moved(`${METRIC_NAMES.compileSeconds}_sum`, { language: 'C++' })).toBeGreaterThan(0);
    expect(moved(`${METRIC_NAMES.runSeconds}_count`, { language: 'C++' })).toBe(cases.length);
    expect(
      moved(METRIC_NAMES.httpRequests, {
        method: 'POST',
        route: '/api/submit-problem-judge',
        status_code: '200',
      }),
    ).toBe(1);
    // the in-process pool has claimed work: it is a judge online
    expect(value(after, METRIC_NAMES.judgesOnline, { kind: 'local' })).toBeGreaterThanOrEqual(1);
  });

  it('labels requests by route pattern, never by the URL a client sent', async () => {
    await fetch(`${judging.url}/api/get-problem-detail?problemId=1000&marker=q-7f3a`);
    await fetch(`${judging.url}/api/no-such-call/x-91bd`);
    await fetch(`${judging.url}/api/public/img/not-there-c44e.png`);
    const text = await (await scrape(judging)).text();
    for (const raw of ['q-7f3a', 'x-91bd', 'c44e', '?']) {
      expect(
        text.split('\n').filter((l) => l.startsWith('verdict_http') && l.includes(raw)),
        raw,
      ).toEqual([]);
    }
    const after = parse(text);
    expect(
      value(after, METRIC_NAMES.httpRequests, {
        method: 'GET',
        route: '/api/get-problem-detail',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(after, METRIC_NAMES.httpRequests, { method: 'GET', route: '(unmatched)', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(after, METRIC_NAMES.httpRequests, { route: '/api/public/img/:name' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(after, `${METRIC_NAMES.httpDuration}_count`, { method: 'GET', route: '/api/get-problem-detail' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts contest board reads found in the cache', async () => {
    const contest = await judging.server.ctx.db.kysely
      .selectFrom('contest')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await samples(judging);
    await root.api.getContestRank({ cid: contest.id });
    await root.api.getContestRank({ cid: contest.id });
    const after = await samples(judging);
    const lookups = (result: string) =>
      value(after, METRIC_NAMES.boardCache, { result }) - value(before, METRIC_NAMES.boardCache, { result });
    expect(lookups('hit') + lookups('miss')).toBe(2);
    // the second read finds the board the first one built (or found)
    expect(lookups('hit')).toBeGreaterThanOrEqual(1);
  });

  it('shows the queue: its length and how long the oldest submission waits', async () => {
    const client = testClient(queued.url);
    await client.login('root', queued.rootPassword);
    const empty = await samples(queued);
    expect(value(empty, METRIC_NAMES.queueLength, { kind: 'submission' })).toBe(0);
    expect(value(empty, METRIC_NAMES.queueOldest)).toBe(0);
    expect(value(empty, METRIC_NAMES.judgesOnline)).toBe(0);
    const first = await client.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C });
    await client.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C });
    // the first one has waited ten minutes already
    await queued.server.ctx.db.kysely
      .updateTable('judge')
      .set({ gmt_modified: new Date(Date.now() - 600_000).toISOString() })
      .where('submit_id', '=', first.submitId)
      .execute();
    const waiting = await samples(queued);
    expect(value(waiting, METRIC_NAMES.queueLength, { kind: 'submission' })).toBe(2);
    expect(value(waiting, METRIC_NAMES.queueLength, { kind: 'test_run' })).toBe(0);
    const oldest = value(waiting, METRIC_NAMES.queueOldest);
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(3600);
  });

  it('keeps a registry per server: another server’s traffic and the global registry are apart', async () => {
    const a = judging.server.metrics;
    const b = queued.server.metrics;
    expect(a && b && a.registry !== b.registry).toBe(true);
    const before = value(await samples(queued), METRIC_NAMES.httpRequests, { route: '/api/healthz' });
    for (let i = 0; i < 3; i++) await fetch(`${judging.url}/api/healthz`);
    expect(value(await samples(queued), METRIC_NAMES.httpRequests, { route: '/api/healthz' })).toBe(before);
    const global = await globalRegistry.metrics();
    for (const metric of Object.values(METRIC_NAMES)) expect(global).not.toContain(metric);
  });
});
