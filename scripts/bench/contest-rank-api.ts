/**
 * `npm run bench:rank-api`: a contest board served by the real server (SQLite, no judge workers) with
 * 5,000 participants, 13 problems and 100,000 submissions. Prints, from one run: the first request (the
 * board built from the database), requests served from the cached board, and requests right after one
 * submission changed (the board applies that change only). Sequential requests over HTTP on localhost,
 * so the figures include Fastify and the client.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/seeds/demo';
import { createApiClient } from '../../shared/api/client';
import { createEndpoints } from '../../shared/api/endpoints';
import { median, percentile } from './stats';

const PARTICIPANTS = 5000;
const PROBLEMS = 13;
const SUBMISSIONS = 100_000;
const CACHED_REQUESTS = 2000;
const UPDATES = 300;
const ROOT_PASSWORD = 'bench-root-123';

const dataDir = '/tmp/verdict-bench-rank';
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = await buildServer(
  { ...loadConfig({ DATA_DIR: dataDir, ROOT_PASSWORD }), judgeWorkers: 0, port: 0, host: '127.0.0.1' },
  { languages: [], logger: false },
);
await seedDemo(server.ctx.db, server.ctx.files);
/** server-side time of each rank request (Fastify's elapsed time: routing, handler, serialization) */
const serverMs: number[] = [];
server.app.addHook('onResponse', async (request, reply) => {
  if (request.url === '/api/get-contest-rank') serverMs.push(reply.elapsedTime);
});
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
let token: string | null = null;
const api = createEndpoints(
  createApiClient({ baseUrl, getToken: () => token, onTokenRefresh: (t) => (token = t) }),
);
token = (await api.login({ username: 'root', password: ROOT_PASSWORD })).token;

// seed with a second connection (WAL): problems, participants, the contest's submissions
const sqlite = new SQLite(join(dataDir, 'verdict.db'));
sqlite.pragma('journal_mode = WAL');
const template = sqlite.prepare("SELECT * FROM problem WHERE problem_id = '1000'").get() as Record<
  string,
  unknown
>;
const { id: _id, ...problem } = template;
const cols = Object.keys(problem);
const insertProblem = sqlite.prepare(
  `INSERT INTO problem (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
);
const user = sqlite.prepare("SELECT * FROM user_info WHERE username = 'root'").get() as Record<
  string,
  unknown
>;
const userCols = Object.keys(user);
const insertUser = sqlite.prepare(
  `INSERT INTO user_info (${userCols.join(', ')}) VALUES (${userCols.map((c) => `@${c}`).join(', ')})`,
);
const pids: number[] = [];
const uids: string[] = [];
sqlite.transaction(() => {
  for (let i = 1; i <= PROBLEMS; i++) {
    pids.push(
      Number(insertProblem.run({ ...problem, problem_id: `R${i}`, title: `Rank ${i}` }).lastInsertRowid),
    );
  }
  for (let i = 1; i <= PARTICIPANTS; i++) {
    const uid = randomUUID().replaceAll('-', '');
    uids.push(uid);
    insertUser.run({
      ...user,
      uuid: uid,
      username: `t${i}`,
      email: `t${i}@bench.example`,
      school: `School ${i % 300}`,
    });
  }
})();

const now = Date.now();
const start = now - 4 * 3_600_000;
const contest = await api.adminAddContest({
  title: 'Rank benchmark',
  description: '',
  type: 0,
  auth: 0,
  startTime: new Date(start).toISOString(),
  endTime: new Date(now + 3_600_000).toISOString(),
  sealRank: true,
  sealRankTime: new Date(now - 30 * 60_000).toISOString(),
  awardType: 1,
  awardConfigList: [
    { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 10 },
    { priority: 2, name: 'Silver', background: '#e6e6e6', color: '#000', num: 20 },
    { priority: 3, name: 'Bronze', background: '#c37e51', color: '#fff', num: 30 },
  ],
});
const labels = 'ABCDEFGHIJKLM'.split('');
for (let i = 0; i < PROBLEMS; i++) {
  await api.adminAddContestProblemFromPublic({
    cid: contest.id,
    pid: pids[i] as number,
    displayId: labels[i] as string,
  });
}
const cpids = sqlite
  .prepare('SELECT id, pid, display_id FROM contest_problem WHERE cid = ? ORDER BY display_id')
  .all(contest.id) as { id: number; pid: number; display_id: string }[];

let seed = 7;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const STATUSES = [0, 0, -1, -1, -1, 1, -2, 3, 2];
const insertJudge = sqlite.prepare(`INSERT INTO judge
  (pid, display_pid, uid, username, submit_time, status, share, time, memory, length, code, language,
   cid, cpid, is_manual, attempt, gmt_modified, priority)
  VALUES (?, ?, ?, ?, ?, ?, 0, 15, 1024, 60, 'x', 'C++', ?, ?, 0, 1, ?, 0)`);
const ids: number[] = [];
sqlite.transaction(() => {
  for (let i = 0; i < SUBMISSIONS; i++) {
    const u = Math.floor(rand() * PARTICIPANTS);
    const cp = cpids[Math.floor(rand() * PROBLEMS)] as (typeof cpids)[number];
    const at = new Date(start + Math.floor(rand() * (now - start - 60_000))).toISOString();
    const status = STATUSES[Math.floor(rand() * STATUSES.length)] as number;
    const r = insertJudge.run(cp.pid, cp.display_id, uids[u], `t${u + 1}`, at, status, contest.id, cp.id, at);
    ids.push(Number(r.lastInsertRowid));
  }
})();
sqlite.exec('ANALYZE');

const rank = (forceRefresh = false) =>
  api.getContestRank({ cid: contest.id, forceRefresh, currentPage: 1, limit: 30 });
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

const cold = await timed(() => rank());
const coldLive = await timed(() => rank(true));
const cached: number[] = [];
serverMs.length = 0;
for (let i = 0; i < CACHED_REQUESTS; i++) cached.push(await timed(() => rank()));
const cachedServer = [...serverMs];
const update = sqlite.prepare('UPDATE judge SET status = ?, gmt_modified = ? WHERE submit_id = ?');
const incremental: number[] = [];
serverMs.length = 0;
for (let i = 0; i < UPDATES; i++) {
  const id = ids[Math.floor(rand() * ids.length)] as number;
  update.run(rand() < 0.5 ? 0 : -1, new Date().toISOString(), id);
  incremental.push(await timed(() => rank(true)));
}
const incrementalServer = [...serverMs];
const page = await rank(true);
await server.close();
sqlite.close();

const ms = (v: number) => `${v.toFixed(1)} ms`;
process.stdout.write(
  [
    `Contest board over HTTP — ${new Date().toISOString()} — ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `${PARTICIPANTS} participants × ${PROBLEMS} problems × ${SUBMISSIONS} submissions (SQLite); ${page.total} rows`,
    `first request, frozen board built from the database: ${ms(cold)}`,
    `first request of the live board (second variant, same loaded submissions): ${ms(coldLive)}`,
    `cached board, ${CACHED_REQUESTS} requests: p50 ${ms(median(cached))}, p99 ${ms(percentile(cached, 0.99))} (in the server: p50 ${ms(median(cachedServer))}, p99 ${ms(percentile(cachedServer, 0.99))})`,
    `after one changed submission (forced sync), ${UPDATES} requests: p50 ${ms(median(incremental))}, p99 ${ms(percentile(incremental, 0.99))} (in the server: p50 ${ms(median(incrementalServer))}, p99 ${ms(percentile(incrementalServer, 0.99))})`,
    '',
  ].join('\n'),
);
process.exit(0);
