/**
 * `npx tsx scripts/bench/home-rank.ts`: the rank and home page calls of a site with 1,000,000
 * submissions (the API benchmark's data: 5,000 problems, 2,000 users; its newest 50,000 moved into
 * the last seven days) and 50,000 more accounts without submissions, served by the real server (SQLite, no judge workers). Prints, from one run:
 * how long filling the rank records from the submissions takes (what migration 024 does on an
 * existing site), then each call's server time (Fastify's elapsed time: routing, handler,
 * serialization) cold (its cache dropped before every request) and warm.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rebuildRankStats } from '../../server/services/ranks/stats';
import { BENCH_ROOT_PASSWORD, seedBenchData } from './api-seed';
import { median, percentile } from './stats';

const EXTRA_USERS = 50_000;
const WEEK_SUBMISSIONS = 50_000;
const COLD = 15;
const WARM = 300;
const dataDir = '/tmp/verdict-bench-home';

await seedBenchData(dataDir);
const marker = join(dataDir, 'bench-home-users');
if (!existsSync(marker)) {
  const db = new SQLite(join(dataDir, 'verdict.db'));
  const user = db.prepare("SELECT * FROM user_info WHERE username = 'root'").get() as Record<string, unknown>;
  const cols = Object.keys(user);
  const insert = db.prepare(
    `INSERT INTO user_info (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
  );
  db.transaction(() => {
    for (let i = 1; i <= EXTRA_USERS; i++) {
      insert.run({ ...user, uuid: randomUUID().replaceAll('-', ''), username: `quiet${i}`, email: null });
    }
  })();
  db.exec('ANALYZE');
  db.close();
  writeFileSync(marker, new Date().toISOString());
}

// the site is busy: its newest 50,000 submissions fall in the last seven days (the chart and the
// week's leaders then count that many)
const weekMarker = join(dataDir, 'bench-home-week');
if (!existsSync(weekMarker)) {
  const db = new SQLite(join(dataDir, 'verdict.db'));
  const newest = db
    .prepare('SELECT submit_id FROM judge ORDER BY submit_id DESC LIMIT ?')
    .all(WEEK_SUBMISSIONS) as {
    submit_id: number;
  }[];
  const move = db.prepare('UPDATE judge SET submit_time = ?, gmt_modified = ? WHERE submit_id = ?');
  const from = Date.now() - 7 * 86_400_000;
  db.transaction(() => {
    newest.forEach((r, i) => {
      const at = new Date(from + ((7 * 86_400_000) / newest.length) * (newest.length - i)).toISOString();
      move.run(at, at, r.submit_id);
    });
  })();
  db.exec('ANALYZE');
  db.close();
  writeFileSync(weekMarker, new Date().toISOString());
}

const server = await buildServer(
  {
    ...loadConfig({ DATA_DIR: dataDir, ROOT_PASSWORD: BENCH_ROOT_PASSWORD }),
    judgeWorkers: 0,
    port: 0,
    host: '127.0.0.1',
  },
  { languages: [], logger: false },
);
const { db, caches } = server.ctx;
const started = performance.now();
await rebuildRankStats(db);
const rebuildMs = performance.now() - started;

const elapsed = new Map<string, number>();
server.app.addHook('onResponse', async (request, reply) => {
  elapsed.set(request.url, reply.elapsedTime);
});
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const drop = () => {
  caches.ranks.pages.clear();
  caches.ranks.leaders.clear();
  caches.home.contests.clear();
  caches.home.problems.clear();
  caches.home.statistics.clear();
};

const CALLS = [
  '/api/get-rank-list?type=0&currentPage=1&limit=30',
  '/api/get-rank-list?type=1&currentPage=1&limit=30',
  '/api/get-rank-list?type=0&currentPage=1000&limit=50',
  '/api/get-rank-list?type=0&currentPage=1&limit=30&searchUser=u19',
  '/api/get-recent-contest',
  '/api/get-recent-seven-ac-rank',
  '/api/get-recent-updated-problem',
  '/api/get-last-week-submission-statistics',
  '/api/get-random-problem',
  '/api/home-carousel',
  '/api/get-common-announcement?currentPage=1&limit=5',
];

async function time(url: string, cold: boolean, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (cold) drop();
    const res = await fetch(`${base}${url}`);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    await res.arrayBuffer();
    out.push(elapsed.get(url) ?? Number.NaN);
  }
  return out;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`rank records filled from 1,000,000 submissions in ${ms(rebuildMs)}`);
console.log('call | cold median | cold p95 | warm median | warm p95');
for (const url of CALLS) {
  await time(url, false, 3);
  const cold = await time(url, true, COLD);
  const warm = await time(url, false, WARM);
  console.log(
    `${url} | ${ms(median(cold))} | ${ms(percentile(cold, 0.95))} | ${ms(median(warm))} | ${ms(percentile(warm, 0.95))}`,
  );
}
await server.close();
