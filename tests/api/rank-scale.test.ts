import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { rebuildRankStats } from '../../server/services/ranks/stats';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { HOME_LIMITS, RANK_LIMITS } from '../../shared/constants/ranks';
import { type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The ranks and the week's leaders over a few thousand submissions of many users (the speed at a
 * million is measured by scripts/bench/home-rank.ts, not asserted): every page of both ranks, and the
 * leaders, equal what the submissions themselves say, whether the records were filled at once (as
 * migration 024 does) or kept one verdict at a time.
 */
const USERS = 120;
const SUBMISSIONS = 3000;
const DAY = 86_400_000;

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
}

interface Row {
  uid: string;
  username: string;
  pid: number;
  status: number;
  oi: number | null;
  cid: number;
  at: string;
}

describe.each(DATABASES)('ranks at scale on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let anon: TestClient;
  const rows: Row[] = [];
  const users: { uid: string; username: string; active: boolean }[] = [];
  let openPids: number[] = [];

  const db = () => server.server.ctx.db;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    anon = testClient(server.url);
    const problems = await db().kysely.selectFrom('problem').select(['id', 'problem_id']).execute();
    openPids = problems.map((p) => p.id);
    for (let i = 0; i < USERS; i++) {
      const username = `sc_u${String(i).padStart(3, '0')}`;
      users.push({
        uid: await createUser(db(), { username, password: 'secret123' }),
        username,
        active: i % 17 !== 5,
      });
    }
    await db()
      .kysely.updateTable('user_info')
      .set({ status: 1 })
      .where(
        'uuid',
        'in',
        users.filter((u) => !u.active).map((u) => u.uid),
      )
      .execute();
    const rand = generator(42);
    const statuses = [0, 0, 0, -1, -1, 1, 8, 2];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const u = users[rand(users.length)] ?? users[0];
      const status = statuses[rand(statuses.length)] ?? 0;
      rows.push({
        uid: u?.uid ?? '',
        username: u?.username ?? '',
        pid: openPids[rand(openPids.length)] ?? 0,
        status,
        oi: rand(3) === 0 ? null : rand(101),
        cid: rand(10) === 0 ? 1 : 0,
        at: new Date(Date.now() - rand(20) * DAY - rand(DAY)).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db()
        .kysely.insertInto('judge')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            pid: r.pid,
            display_pid: 'x',
            uid: r.uid,
            username: r.username,
            submit_time: r.at,
            status: r.status,
            share: 0,
            length: 1,
            code: 'x',
            language: 'C',
            cid: r.cid,
            cpid: 0,
            is_manual: 0,
            attempt: 1,
            oi_rank_score: r.oi,
            score: r.oi,
            gmt_modified: r.at,
          })),
        )
        .execute();
    }
  }, 180_000);

  afterAll(async () => {
    await server?.destroy();
  });

  /** What the submissions say: per active user, outside contests. */
  function expected() {
    const mine = rows.filter((r) => r.cid === 0);
    return [...users, { uid: '', username: 'root', active: true }]
      .filter((u) => u.active)
      .map((u) => {
        const own = mine.filter((r) => r.uid === u.uid);
        const solved = new Set(own.filter((r) => r.status === JudgeStatus.ACCEPTED).map((r) => r.pid));
        const best = new Map<number, number>();
        for (const r of own) if (r.oi !== null) best.set(r.pid, Math.max(best.get(r.pid) ?? 0, r.oi));
        return {
          username: u.username,
          ac: solved.size,
          total: own.length,
          score: [...best.values()].reduce((a, b) => a + b, 0),
        };
      });
  }

  async function everyPage(type: 'acm' | 'oi') {
    const out: { username: string; ac: number; total: number; score?: number }[] = [];
    for (let page = 1; ; page++) {
      const query = { currentPage: page, limit: RANK_LIMITS.maxPageSize };
      const got = type === 'acm' ? await anon.api.getAcmRank(query) : await anon.api.getOiRank(query);
      out.push(...got.records);
      if (page >= got.pages) return out;
    }
  }

  async function check() {
    server.server.ctx.caches.ranks.pages.clear();
    const want = expected();
    const acm = await everyPage('acm');
    expect(acm.map((r) => [r.username, r.ac, r.total]).sort()).toEqual(
      want.map((r) => [r.username, r.ac, r.total]).sort(),
    );
    // in rank order: more solved first, then fewer submissions
    for (let i = 1; i < acm.length; i++) {
      const [a, b] = [acm[i - 1], acm[i]];
      if (!a || !b) continue;
      expect(a.ac > b.ac || (a.ac === b.ac && a.total <= b.total)).toBe(true);
    }
    const oi = await everyPage('oi');
    expect(oi.map((r) => [r.username, r.score, r.ac]).sort()).toEqual(
      want.map((r) => [r.username, r.score, r.ac]).sort(),
    );
    for (let i = 1; i < oi.length; i++) {
      const [a, b] = [oi[i - 1], oi[i]];
      if (!a || !b) continue;
      expect((a.score ?? 0) > (b.score ?? 0) || (a.score === b.score && a.ac >= b.ac)).toBe(true);
    }
  }

  it('fills the records from the submissions at once and ranks every user as they say', async () => {
    await rebuildRankStats(db());
    await check();
  });

  it('keeps the same records one verdict at a time', async () => {
    await db().kysely.deleteFrom('user_problem_stat').execute();
    await db().kysely.deleteFrom('user_rank_stat').execute();
    const keeper = server.server.ctx.caches.ranks.keeper;
    for (const r of rows) if (r.cid === 0) keeper.submissionChanged(r.uid, r.pid);
    await keeper.idle();
    await check();
  });

  it('names the week’s leaders as the submissions say', async () => {
    server.server.ctx.caches.ranks.leaders.clear();
    const now = new Date();
    const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - HOME_LIMITS.weekLeaderDays);
    const firstAc = new Map<string, string>();
    for (const r of rows) {
      if (r.cid !== 0 || r.status !== JudgeStatus.ACCEPTED) continue;
      const key = `${r.uid}|${r.pid}`;
      if (!firstAc.has(key) || r.at < (firstAc.get(key) ?? '')) firstAc.set(key, r.at);
    }
    const counts = new Map<string, number>();
    for (const [key, at] of firstAc) {
      const uid = key.split('|')[0] ?? '';
      if (at >= since.toISOString() && users.find((u) => u.uid === uid)?.active)
        counts.set(uid, (counts.get(uid) ?? 0) + 1);
    }
    const leaders = await anon.api.getWeekLeaders();
    const top = [...counts.values()].sort((a, b) => b - a).slice(0, HOME_LIMITS.weekLeaders);
    expect(leaders.map((l) => l.ac)).toEqual(top);
    for (const l of leaders) expect(counts.get(l.uid)).toBe(l.ac);
  });
});
