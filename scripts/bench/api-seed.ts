/**
 * Seeds a SQLite DATA_DIR (or, with DATABASE_URL, a PostgreSQL schema: api-seed-postgres.ts) with 5,000 problems, 2,000 users and 1,000,000 submissions for the API
 * benchmark (rows copied from the demo data with varied ids, statuses, times). Kept between runs.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/seeds/demo';
import { seedBenchPostgres } from './api-seed-postgres';

export const SEED = { problems: 5000, users: 2000, submissions: 1_000_000 } as const;
const MARKER = 'bench-seeded-v2';
/** root's password in the benchmark's data (the filtered list runs as root: author search is admin-only) */
export const BENCH_ROOT_PASSWORD = 'bench-root-123';

/** Statuses with a plausible mix: mostly AC and WA, some TLE/CE/RE/MLE. */
const STATUSES = [0, 0, 0, 0, -1, -1, -1, 1, -2, 3, 2, 4];

/** The PostgreSQL schema the benchmark seeds when DATABASE_URL is set (DATABASE_SCHEMA overrides). */
export const benchSchema = () => process.env.DATABASE_SCHEMA || 'bench_api';

export async function seedBenchData(dataDir: string): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await seedBenchPostgres(dataDir, databaseUrl, benchSchema(), SEED, BENCH_ROOT_PASSWORD, STATUSES);
    return;
  }
  if (existsSync(join(dataDir, MARKER))) return;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await buildServer(
    {
      ...loadConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '0', ROOT_PASSWORD: BENCH_ROOT_PASSWORD }),
      judgeWorkers: 0,
    },
    { languages: [], logger: false },
  );
  await seedDemo(server.ctx.db, server.ctx.files);
  await server.close();

  const db = new SQLite(join(dataDir, 'verdict.db'));
  db.pragma('journal_mode = WAL');
  const template = db.prepare("SELECT * FROM problem WHERE problem_id = '1000'").get() as Record<
    string,
    unknown
  >;
  const { id: _id, ...problem } = template;
  const cols = Object.keys(problem);
  const insertProblem = db.prepare(
    `INSERT INTO problem (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
  );
  const user = db.prepare("SELECT * FROM user_info WHERE username = 'root'").get() as Record<string, unknown>;
  const userCols = Object.keys(user);
  const insertUser = db.prepare(
    `INSERT INTO user_info (${userCols.join(', ')}) VALUES (${userCols.map((c) => `@${c}`).join(', ')})`,
  );
  const insertRole = db.prepare('INSERT INTO user_role (uid, role_id) VALUES (?, 1002)');

  const pids: number[] = [];
  const users: { uid: string; username: string }[] = [];
  db.transaction(() => {
    for (let i = 1; i <= SEED.problems; i++) {
      const r = insertProblem.run({
        ...problem,
        problem_id: `P${i}`,
        title: `Problem ${i}`,
        difficulty: i % 7,
      });
      pids.push(Number(r.lastInsertRowid));
    }
    for (let i = 1; i <= SEED.users; i++) {
      const uid = randomUUID().replaceAll('-', '');
      users.push({ uid, username: `u${i}` });
      insertUser.run({ ...user, uuid: uid, username: `u${i}`, email: `u${i}@bench.example` });
      insertRole.run(uid);
    }
  })();

  const insertJudge = db.prepare(`INSERT INTO judge
    (pid, display_pid, uid, username, submit_time, status, share, error_message, time, memory, score,
     length, code, language, cid, cpid, gid, judger, ip, oi_rank_score, is_manual, attempt, gmt_modified, priority)
    VALUES (?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, NULL, 120, ?, 'C++', 0, 0, NULL, 'bench', '127.0.0.1', NULL, 0, 1, ?, 1)`);
  const code = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b;}\n';
  const start = Date.parse('2025-11-01T00:00:00Z');
  const step = (365 * 86_400_000) / SEED.submissions;
  // mulberry32: a small seeded generator whose low bits are as random as the high ones (an LCG's
  // are not: `x % 5000` never hit some problems)
  let seed = 12345;
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const batch = 50_000;
  for (let done = 0; done < SEED.submissions; done += batch) {
    db.transaction(() => {
      for (let i = done; i < done + batch; i++) {
        const p = rand(pids.length);
        const u = users[rand(users.length)] ?? users[0];
        const time = new Date(start + i * step).toISOString();
        insertJudge.run(
          pids[p],
          `P${p + 1}`,
          u?.uid,
          u?.username,
          time,
          STATUSES[rand(STATUSES.length)],
          rand(1000),
          1024 + rand(60_000),
          code,
          time,
        );
      }
    })();
  }
  db.exec('ANALYZE');
  db.close();
  writeFileSync(join(dataDir, MARKER), new Date().toISOString());
}
