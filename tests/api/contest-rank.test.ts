import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AcmRankRow, ContestRankRow, OiRankRow } from '../../shared/api/contest-rank-types';
import { isInProgress, JudgeStatus } from '../../shared/constants/judge-status';
import type { ContestForm } from '../../shared/schemas/contests';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { quiesce, startWorkers } from './judge-helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'contests');

/**
 * Contest boards through the API: HOJ's ACM and OI rules with seal, stars, first blood,
 * awards, pinning and search (the engine itself is proven row by row in tests/unit/contest-ranking-*),
 * that a board follows new verdicts without being rebuilt, the public board's gate, and the board of
 * an imported event feed. Verdicts are written into the rows directly (no judge workers).
 */
describe.each(DATABASES)('contest boards on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let anon: TestClient;
  const users: Record<string, TestClient> = {};
  const uid: Record<string, string> = {};
  let pidA: number;
  let pidB: number;

  const db = () => server.server.ctx.db.kysely;

  async function contest(overrides: Partial<ContestForm>, from: number, length: number) {
    return createContest(root, [pidA, pidB], { title: 'Board Cup', from, length, overrides });
  }

  /** A judged contest submission `offset` ms from now (what the judge would have written). */
  async function judged(
    who: string,
    cid: number,
    display: 'A' | 'B',
    status: number,
    offset: number,
    score?: number,
  ) {
    const cp = await db()
      .selectFrom('contest_problem')
      .select(['id', 'pid'])
      .where('cid', '=', cid)
      .where('display_id', '=', display)
      .executeTakeFirstOrThrow();
    const row = await db()
      .insertInto('judge')
      .values({
        pid: cp.pid,
        display_pid: display,
        uid: uid[who] as string,
        username: who,
        submit_time: at(offset),
        status,
        share: 0,
        time: 20 + Math.abs(offset % 7),
        memory: 1000,
        score: score ?? null,
        length: 10,
        code: 'x',
        language: 'C++',
        cid,
        cpid: cp.id,
        is_manual: 0,
        attempt: 1,
        gmt_modified: new Date().toISOString(),
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return row.submit_id;
  }

  const acm = (rows: ContestRankRow[]) => rows as AcmRankRow[];
  const summary = (rows: ContestRankRow[]) => acm(rows).map((r) => [r.username, r.rank, r.ac, r.totalTime]);

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    anon = testClient(server.url);
    for (const u of ['rbob', 'rcarol', 'rdave', 'rstar', 'rerin']) {
      uid[u] = await createUser(server.server.ctx.db, { username: u, password: 'secret123' });
      const c = testClient(server.url);
      await c.login(u, 'secret123');
      users[u] = c;
    }
    uid.root = (
      await db()
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', 'root')
        .executeTakeFirstOrThrow()
    ).uuid;
    await db()
      .updateTable('user_info')
      .set({ school: 'North School' })
      .where('username', '=', 'rdave')
      .execute();
    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('ranks an ACM board with penalty, first blood and star users, frozen for participants after the seal', async () => {
    // started 2 h ago, sealed 1 h ago; times below are minutes after the start
    const cid = await contest(
      { sealRank: true, sealRankTime: at(-HOUR), starAccount: ['rstar'] },
      -2 * HOUR,
      4 * HOUR,
    );
    const t = (minutes: number) => -2 * HOUR + minutes * MIN;
    await judged('rstar', cid, 'A', JudgeStatus.ACCEPTED, t(2));
    await judged('rbob', cid, 'A', JudgeStatus.ACCEPTED, t(5));
    await judged('rcarol', cid, 'B', JudgeStatus.WRONG_ANSWER, t(8));
    await judged('rcarol', cid, 'B', JudgeStatus.ACCEPTED, t(10));
    await judged('rcarol', cid, 'A', JudgeStatus.ACCEPTED, t(90));
    await judged('rdave', cid, 'A', JudgeStatus.COMPILE_ERROR, t(20));
    await judged('root', cid, 'A', JudgeStatus.ACCEPTED, t(1));

    // the contest's admin asking for live data: carol's after-seal accept counts
    const live = await root.api.getContestRank({ cid, forceRefresh: true });
    expect(summary(live.records)).toEqual([
      ['rcarol', 1, 2, 10 * 60 + 20 * 60 + 90 * 60],
      // a star row keeps its place in the order but takes no rank number
      ['rstar', -1, 1, 2 * 60],
      ['rbob', 2, 1, 5 * 60],
      ['rdave', 3, 0, 0],
    ]);
    const star = acm(live.records).find((r) => r.username === 'rstar');
    expect(star?.submissionInfo.A).toMatchObject({ isAC: true, isFirstAC: true, ACTime: 120 });
    expect(acm(live.records)[0]?.submissionInfo.B).toMatchObject({ isFirstAC: true, errorNum: 1 });
    expect(acm(live.records).find((r) => r.username === 'rdave')?.submissionInfo).toEqual({});
    expect(acm(live.records)[0]?.total).toBe(3);

    // a participant sees the frozen board (their own row pinned on top and counted in total, as HOJ)
    const frozen = await users.rbob?.api.getContestRank({ cid });
    expect(frozen?.total).toBe(5);
    expect(summary(frozen?.records ?? [])).toEqual([
      ['rbob', 1, 1, 300],
      ['rstar', -1, 1, 120],
      ['rbob', 1, 1, 300],
      ['rcarol', 2, 1, 30 * 60],
      ['rdave', 3, 0, 0],
    ]);
    const carolFrozen = acm(frozen?.records ?? []).find((r) => r.username === 'rcarol');
    expect(carolFrozen?.submissionInfo.A).toMatchObject({ isAC: false, tryNum: 1, isFrozen: true });
    // the admin without force update sees the frozen board too
    expect(summary((await root.api.getContestRank({ cid })).records)[1]).toEqual(['rbob', 1, 1, 300]);

    // star rows dropped on request, search by name or school, concerned rows pinned after one's own
    const noStars = await users.rcarol?.api.getContestRank({
      cid,
      removeStar: true,
      concernedList: [uid.rdave ?? ''],
    });
    expect(summary(noStars?.records ?? []).map((r) => r[0])).toEqual([
      'rcarol',
      'rdave',
      'rbob',
      'rcarol',
      'rdave',
    ]);
    const school = await root.api.getContestRank({ cid, keyword: 'north' });
    expect(summary(school.records).map((r) => r[0])).toEqual(['rdave']);
    const paged = await root.api.getContestRank({ cid, forceRefresh: true, limit: 2, currentPage: 2 });
    expect([paged.total, summary(paged.records).map((r) => r[0])]).toEqual([4, ['rbob', 'rdave']]);
  });

  it('follows new verdicts and submissions without a rebuild', async () => {
    const cid = await contest({}, -HOUR, 2 * HOUR);
    await judged('rbob', cid, 'A', JudgeStatus.ACCEPTED, -50 * MIN);
    const before = await root.api.getContestRank({ cid });
    expect(summary(before.records)).toEqual([['rbob', 1, 1, 10 * 60]]);

    // a submission through the API shows at once as a pending try
    const sub = await users.rcarol?.api.submitProblemJudge({
      cid,
      pid: 'B',
      language: 'C++',
      code: 'int main(){}',
    });
    const pending = await root.api.getContestRank({ cid });
    const carol = acm(pending.records).find((r) => r.username === 'rcarol');
    expect(carol?.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 1 });

    // its verdict, written as another replica's judge would, shows within a second or so
    await db()
      .updateTable('judge')
      .set({
        status: JudgeStatus.ACCEPTED,
        submit_time: at(-40 * MIN),
        gmt_modified: new Date().toISOString(),
      })
      .where('submit_id', '=', sub?.submitId ?? 0)
      .execute();
    const deadline = Date.now() + 5000;
    let rows: ContestRankRow[] = [];
    while (Date.now() < deadline) {
      rows = (await root.api.getContestRank({ cid })).records;
      if (acm(rows).find((r) => r.username === 'rcarol')?.ac === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(summary(rows)).toEqual([
      ['rbob', 1, 1, 600],
      ['rcarol', 2, 1, 20 * 60],
    ]);
    // a rejudge back to pending, seen at once by a force update
    await db()
      .updateTable('judge')
      .set({ status: JudgeStatus.PENDING, gmt_modified: new Date().toISOString() })
      .where('uid', '=', uid.rbob ?? '')
      .where('cid', '=', cid)
      .execute();
    const forced = await root.api.getContestRank({ cid, forceRefresh: true });
    expect(summary(forced.records)[0]).toEqual(['rcarol', 1, 1, 1200]);
    // a change of the contest (a star user) rebuilds it
    const form = await root.api.adminGetContest(cid);
    await root.api.adminUpdateContest({ ...form, starAccount: ['rcarol'] } as never);
    const starred = await root.api.getContestRank({ cid });
    expect(summary(starred.records)[0]).toEqual(['rcarol', -1, 1, 1200]);
  });

  it('ranks an OI board by the recent or the highest score, hidden after the seal', async () => {
    const recent = await contest({ type: 1, sealRank: true, sealRankTime: at(-HOUR) }, -2 * HOUR, 4 * HOUR);
    await judged('rbob', recent, 'A', JudgeStatus.PARTIAL_ACCEPTED, -110 * MIN, 60);
    await judged('rbob', recent, 'A', JudgeStatus.WRONG_ANSWER, -100 * MIN, 20);
    await judged('rcarol', recent, 'A', JudgeStatus.ACCEPTED, -90 * MIN, 100);
    await judged('rcarol', recent, 'B', JudgeStatus.ACCEPTED, -30 * MIN, 100);
    const board = (await users.rdave?.api.getContestRank({ cid: recent }))?.records as OiRankRow[];
    expect(board.map((r) => [r.username, r.rank, r.totalScore, r.submissionInfo])).toEqual([
      ['rcarol', 1, 100, { A: 100 }],
      ['rbob', 2, 20, { A: 20 }],
    ]);
    expect(typeof board[0]?.timeInfo.A).toBe('number');
    const live = (await root.api.getContestRank({ cid: recent, forceRefresh: true })).records as OiRankRow[];
    expect(live[0]).toMatchObject({ username: 'rcarol', totalScore: 200 });

    const highest = await contest({ type: 1, oiRankScoreType: 'Highest' }, -2 * HOUR, 4 * HOUR);
    await judged('rbob', highest, 'A', JudgeStatus.PARTIAL_ACCEPTED, -110 * MIN, 60);
    await judged('rbob', highest, 'A', JudgeStatus.WRONG_ANSWER, -100 * MIN, 20);
    const best = (await root.api.getContestRank({ cid: highest })).records as OiRankRow[];
    expect(best[0]).toMatchObject({ username: 'rbob', totalScore: 60 });
  });

  it('counts penalty in ICPC minutes when the contest says so', async () => {
    const cid = await contest({ penaltyMode: 'icpc-minutes' }, -HOUR, 2 * HOUR);
    await judged('rbob', cid, 'A', JudgeStatus.WRONG_ANSWER, -HOUR + 5 * MIN);
    await judged('rbob', cid, 'A', JudgeStatus.ACCEPTED, -HOUR + 10 * MIN + 30_000);
    const [row] = acm((await root.api.getContestRank({ cid })).records);
    expect([row?.totalTime, row?.submissionInfo.A?.ACTime]).toEqual([(10 + 20) * 60, 600]);
    expect((await root.api.getContestInfo(cid)).penaltyMode).toBe('icpc-minutes');
  });

  it('gives awards down the ranked list', async () => {
    const cid = await contest(
      {
        awardType: 2,
        awardConfigList: [
          { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 1 },
          { priority: 2, name: 'Silver', background: '#e6e6e6', color: '#000', num: 1 },
        ],
      },
      -HOUR,
      2 * HOUR,
    );
    await judged('rbob', cid, 'A', JudgeStatus.ACCEPTED, -50 * MIN);
    await judged('rcarol', cid, 'A', JudgeStatus.ACCEPTED, -40 * MIN);
    await judged('rerin', cid, 'A', JudgeStatus.ACCEPTED, -30 * MIN);
    await judged('rdave', cid, 'A', JudgeStatus.WRONG_ANSWER, -30 * MIN);
    const rows = acm((await root.api.getContestRank({ cid })).records);
    expect(rows.map((r) => [r.username, r.isWinAward, r.awardName, r.awardBackground])).toEqual([
      ['rbob', true, 'Gold', '#e6bf25'],
      ['rcarol', true, 'Silver', '#e6e6e6'],
      ['rerin', false, null, null],
      ['rdave', false, null, null],
    ]);
  });

  it('opens the board to those who may read the contest, and the public board when the contest allows it', async () => {
    const privateCid = await contest({ auth: 1, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    const e = await failure(users.rerin?.api.getContestRank({ cid: privateCid }) ?? Promise.resolve());
    expect([e.httpStatus, e.message]).toEqual([403, 'Register for the contest with its password first.']);
    expect((await failure(anon.api.getContestRank({ cid: privateCid }))).httpStatus).toBe(401);

    const closed = await failure(anon.api.getContestOutsideScoreboard({ cid: privateCid }));
    expect([closed.httpStatus, closed.message]).toEqual([403, 'This contest has no public scoreboard.']);
    const open = await contest({ openRank: true, auth: 1, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    await judged('rbob', open, 'A', JudgeStatus.ACCEPTED, -50 * MIN);
    const outside = await anon.api.getContestOutsideScoreboard({ cid: open });
    expect(summary(outside.records)).toEqual([['rbob', 1, 1, 600]]);
    // nobody's own row is pinned on the public board
    expect((await users.rbob?.api.getContestOutsideScoreboard({ cid: open }))?.total).toBe(1);
    const info = await anon.api.getContestOutsideInfo(open);
    expect(info.contest).toMatchObject({ id: open, openRank: true });
    expect(info.contest).not.toHaveProperty('pwd');
    expect(info.problemList.map((p) => p.displayId)).toEqual(['A', 'B']);
    const later = await contest({ openRank: true }, HOUR, HOUR);
    expect((await failure(anon.api.getContestOutsideScoreboard({ cid: later }))).message).toBe(
      'The contest has not started yet.',
    );
  });

  it('replays an imported event feed: frozen for the public, final for a force update', async () => {
    const feed = readFileSync(join(FIXTURES, 'wf47', 'event-feed-frozen.ndjson'), 'utf8');
    const { cid } = await root.api.adminImportEventFeed(feed);
    const final = acm((await root.api.getContestRank({ cid, forceRefresh: true, limit: 3 })).records);
    expect(final.map((r) => [r.username, r.rank, r.ac, r.totalTime / 60])).toEqual([
      ['FFTilted', 1, 9, 995],
      ['Let It Rot', 2, 9, 1068],
      ['Yolki-palki', 3, 9, 1143],
    ]);
    const frozen = acm((await root.api.getContestRank({ cid, limit: 300 })).records);
    expect(frozen).toHaveLength(130);
    expect(frozen.some((r) => Object.values(r.submissionInfo).some((c) => c.isFrozen))).toBe(true);
  });

  it('judges a contest submission for real and its verdict reaches the board', async () => {
    await quiesce(server);
    const pool = await startWorkers(server, 'rank-pool');
    try {
      const cid = await contest({}, -HOUR, 2 * HOUR);
      const sub = await users.rerin?.api.submitProblemJudge({
        cid,
        pid: 'A',
        language: 'C++',
        code: A_PLUS_B['C++'] ?? '',
      });
      const deadline = Date.now() + 90_000;
      let status: number | undefined;
      while (Date.now() < deadline) {
        status = (await users.rerin?.api.checkContestSubmissionsStatus(cid, [sub?.submitId ?? 0]))?.[
          String(sub?.submitId)
        ]?.status;
        if (status !== undefined && !isInProgress(status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(JudgeStatus.ACCEPTED);
      const rows = acm((await users.rerin?.api.getContestRank({ cid }))?.records ?? []);
      expect(rows[0]).toMatchObject({ username: 'rerin', rank: 1, ac: 1, total: 1 });
      expect(rows[0]?.submissionInfo.A).toMatchObject({ isAC: true, isFirstAC: true, errorNum: 0 });
    } finally {
      await pool.stop();
    }
  });
});
