/**
 * The API's figures: with 1,000,000 submissions and 5,000 problems (SQLite, the embedded
 * default; PostgreSQL with DATABASE_URL), requests per second and p99 latency at 64 connections of the submission list (15 rows,
 * with and without filters) and the problem detail, against a bare Fastify route answering a body
 * of the same size, measured in the same run. Each server runs in its own process; autocannon
 * runs here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_ROOT_PASSWORD, benchSchema, SEED, seedBenchData } from './api-seed';
import type { Report } from './stats';

const CONNECTIONS = 64;
const POSTGRES = !!process.env.DATABASE_URL;
const DATA_DIR =
  process.env.BENCH_DATA_DIR ?? join(tmpdir(), POSTGRES ? 'verdict-bench-api-pg' : 'verdict-bench-api');

function startServer(mode: 'verdict' | 'bare', port: number, bodyFile = ''): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/api-server.ts', mode, String(port), bodyFile],
    {
      env: {
        ...process.env,
        DATA_DIR,
        JUDGE_WORKERS: '0',
        DEMO: '1',
        ...(POSTGRES ? { DATABASE_SCHEMA: benchSchema() } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited (${code}): ${err}`)));
  });
}

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, paths: string[], seconds: number, token?: string): Promise<Run> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(token ? { headers: { Authorization: token } } : {}),
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] ?? '/' }) }],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const row = (name: string, run: Run, bare: Run): [string, string] => [
  name,
  `${run.rps.toFixed(0)} req/s (${((run.rps / bare.rps) * 100).toFixed(0)}% of bare), p99 ${run.p99} ms${run.errors ? `, ${run.errors} errors` : ''}`,
];

export async function apiThroughput(seconds = 10): Promise<Report> {
  const seedStart = Date.now();
  await seedBenchData(DATA_DIR);
  const seeded = ((Date.now() - seedStart) / 1000).toFixed(0);

  const verdict = await startServer('verdict', 18_181);
  const base = 'http://127.0.0.1:18181';
  const list = '/api/get-submission-list?currentPage=1&limit=15';
  const filtered = [
    `${list}&status=0`,
    `${list}&status=-1`,
    `${list}&problemID=P17`,
    `${list}&username=u42`,
    `${list}&problemID=P4242&status=0`,
    '/api/get-submission-list?currentPage=5&limit=15',
  ];
  const details = Array.from(
    { length: 50 },
    (_, i) => `/api/get-problem-detail?problemId=P${((i * 97) % SEED.problems) + 1}`,
  );

  // the bare route answers what the unfiltered list answers, byte for byte
  const body = await (await fetch(`${base}${list}`)).text();
  const bodyFile = join(tmpdir(), 'verdict-bench-body.json');
  writeFileSync(bodyFile, body);
  const bare = await startServer('bare', 18_182, bodyFile);

  try {
    await load(base, [list], 2); // warm-up
    const bareRun = await load('http://127.0.0.1:18182', ['/bare'], seconds);
    const listRun = await load(base, [list], seconds);
    // the author filter is for admin roles: the filtered run is root's
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
    });
    const token = login.headers.get('authorization') ?? '';
    const filteredRun = await load(base, filtered, seconds, token);
    const detailRun = await load(base, details, seconds);
    return {
      title: `API at ${CONNECTIONS} connections, ${seconds} s each; ${SEED.submissions.toLocaleString('en')} submissions, ${SEED.problems} problems, ${POSTGRES ? `PostgreSQL (schema ${benchSchema()})` : 'SQLite'} (seeded in ${seeded} s)`,
      rows: [
        [
          'bare Fastify route',
          `${bareRun.rps.toFixed(0)} req/s, p99 ${bareRun.p99} ms (${body.length} bytes)`,
        ],
        row('submission list, no filter', listRun, bareRun),
        row('submission list, filters', filteredRun, bareRun),
        row('problem detail', detailRun, bareRun),
      ],
    };
  } finally {
    verdict.kill();
    bare.kill();
  }
}
