import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { feedToRankingInput, readEventFeed } from '../../server/services/contests/feed/read-feed';
import { computeScoreboard } from '../../server/services/contests/ranking';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'contests');
const WF47 = readFileSync(join(FIXTURES, 'wf47', 'event-feed-frozen.ndjson'), 'utf8');

/**
 * The scroll board's data: shapes, who may read it (contest admins while the board is sealed
 * for the public; anyone who may read the contest once it is not), the 400s (not ACM, no seal, not ended),
 * removeStar, and an imported World Finals feed. Verdicts are written into the judge rows directly.
 */
describe.each(DATABASES)('scroll board on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let zhRoot: TestClient;
  let anon: TestClient;
  const users: Record<string, TestClient> = {};
  const uid: Record<string, string> = {};
  let pidA: number;
  let pidB: number;

  const db = () => server.server.ctx.db.kysely;

  /** An ACM contest by `owner` (an admin client) with problems A and B; `from`/`length` in ms from now. */
  async function contest(
    owner: TestClient,
    overrides: Partial<ContestForm>,
    from = -3 * HOUR,
    length = 2 * HOUR,
  ) {
    // one reading of the clock, so the three times are exactly the lengths apart
    const now = Date.now();
    const time = (offset: number) => new Date(now + offset).toISOString();
    const c = await owner.api.adminAddContest({
      title: 'Scroll Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: time(from),
      endTime: time(from + length),
      sealRank: true,
      sealRankTime: time(from + length - HOUR),
      autoRealRank: false,
      ...overrides,
    });
    await owner.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidA, displayId: 'A' });
    await owner.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidB, displayId: 'B' });
    return c.id;
  }

  async function judged(who: string, cid: number, display: 'A' | 'B', status: number, offset: number) {
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
        time: 20,
        memory: 1000,
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

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    zhRoot = testClient(server.url, 'zh-CN');
    await zhRoot.login('root', server.rootPassword);
    anon = testClient(server.url);
    const roles: Record<string, (typeof Role)[keyof typeof Role] | undefined> = {
      sowner: Role.ADMIN,
      sother: Role.ADMIN,
      sbob: undefined,
      scarol: undefined,
      sstar: undefined,
    };
    for (const [u, roleId] of Object.entries(roles)) {
      uid[u] = await createUser(server.server.ctx.db, {
        username: u,
        password: 'secret123',
        ...(roleId ? { roleId } : {}),
      });
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
      .set({ school: 'North School', nickname: 'Bobby' })
      .where('username', '=', 'sbob')
      .execute();
    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('serves the info and every counted submission of an ended sealed ACM contest, newest first', async () => {
    const owner = users.sowner as TestClient;
    const cid = await contest(owner, { starAccount: ['sstar'], rankShowName: 'nickname' });
    await db()
      .updateTable('contest_problem')
      .set({ color: '#ff0000' })
      .where('cid', '=', cid)
      .where('display_id', '=', 'A')
      .execute();
    const start = Date.now() - 3 * HOUR;
    const s1 = await judged('sbob', cid, 'A', JudgeStatus.WRONG_ANSWER, -3 * HOUR + 10 * MIN);
    const s2 = await judged('sbob', cid, 'A', JudgeStatus.ACCEPTED, -3 * HOUR + 20 * MIN);
    const s3 = await judged('scarol', cid, 'B', JudgeStatus.COMPILE_ERROR, -3 * HOUR + 30 * MIN);
    const s4 = await judged('scarol', cid, 'B', JudgeStatus.ACCEPTED, -3 * HOUR + 70 * MIN); // frozen
    const s5 = await judged('sstar', cid, 'A', JudgeStatus.ACCEPTED, -3 * HOUR + 5 * MIN);
    const s6 = await judged('scarol', cid, 'A', JudgeStatus.PENDING, -3 * HOUR + 80 * MIN);
    // left out: cancelled, the creator's, root's, after the end
    await judged('scarol', cid, 'A', JudgeStatus.CANCELLED, -3 * HOUR + 40 * MIN);
    await judged('sowner', cid, 'A', JudgeStatus.ACCEPTED, -3 * HOUR + 40 * MIN);
    await judged('root', cid, 'A', JudgeStatus.ACCEPTED, -3 * HOUR + 40 * MIN);
    await judged('sbob', cid, 'B', JudgeStatus.ACCEPTED, -30 * MIN);

    const info = await owner.api.getScrollBoardInfo({ cid });
    expect(info).toMatchObject({
      id: cid,
      title: 'Scroll Cup',
      rankShowName: 'nickname',
      problemCount: 2,
      problems: [
        { displayId: 'A', color: '#ff0000' },
        { displayId: 'B', color: null },
      ],
      balloonColor: { A: '#ff0000' },
      starUserList: ['sstar'],
      penaltyMode: 'hoj-seconds',
      penaltyMinutes: 20,
      imported: false,
    });
    expect(Math.abs(Date.parse(info.startTime) - start)).toBeLessThan(5000);
    expect(Date.parse(info.sealRankTime) - Date.parse(info.startTime)).toBe(HOUR);
    expect(Date.parse(info.endTime) - Date.parse(info.startTime)).toBe(2 * HOUR);

    const subs = await owner.api.getScrollBoardSubmissions({ cid });
    expect(subs.map((s) => s.submitId)).toEqual([s6, s5, s4, s3, s2, s1]);
    expect(subs.map((s) => [s.username, s.displayId, s.outcome, s.verdict])).toEqual([
      ['scarol', 'A', 'pending', null],
      ['sstar', 'A', 'solved', 'AC'],
      ['scarol', 'B', 'solved', 'AC'],
      ['scarol', 'B', 'noPenalty', 'CE'],
      ['sbob', 'A', 'solved', 'AC'],
      ['sbob', 'A', 'rejected', 'WA'],
    ]);
    const bob = subs.find((s) => s.submitId === s1);
    expect(bob).toMatchObject({
      uid: uid.sbob,
      nickname: 'Bobby',
      school: 'North School',
      status: JudgeStatus.WRONG_ANSWER,
    });
    expect(Math.abs((bob?.time ?? 0) - 10 * MIN)).toBeLessThan(5000);
    expect(bob?.time).toBe(Date.parse(bob?.submitTime ?? '') - Date.parse(info.startTime));

    const noStar = await owner.api.getScrollBoardSubmissions({ cid, removeStar: true });
    expect(noStar.map((s) => s.submitId)).toEqual([s6, s4, s3, s2, s1]);
    // root administers every contest
    expect((await root.api.getScrollBoardSubmissions({ cid, removeStar: false })).length).toBe(6);
  });

  it('keeps a sealed board to contest admins; once unsealed, anyone who may read the contest', async () => {
    const owner = users.sowner as TestClient;
    const cid = await contest(owner, {});
    for (const who of [users.sother, users.sbob] as TestClient[]) {
      const e = await failure(who.api.getScrollBoardInfo({ cid }));
      expect([e.httpStatus, e.message]).toEqual([
        403,
        "The board is still sealed: only the contest's administrators may scroll it",
      ]);
      expect((await failure(who.api.getScrollBoardSubmissions({ cid }))).httpStatus).toBe(403);
    }
    expect((await failure(anon.api.getScrollBoardInfo({ cid }))).httpStatus).toBe(403);

    // unsealed automatically after the end: readers may roll it; anonymous callers must log in
    const open = await contest(owner, { autoRealRank: true });
    await judged('sbob', open, 'A', JudgeStatus.ACCEPTED, -2 * HOUR);
    expect((await (users.sbob as TestClient).api.getScrollBoardInfo({ cid: open })).id).toBe(open);
    expect((await (users.sother as TestClient).api.getScrollBoardSubmissions({ cid: open })).length).toBe(1);
    expect((await failure(anon.api.getScrollBoardInfo({ cid: open }))).httpStatus).toBe(401);

    // a private contest stays closed to those not registered, even unsealed
    const priv = await contest(owner, { autoRealRank: true, auth: 1, pwd: 'letmein' });
    expect((await failure((users.sbob as TestClient).api.getScrollBoardInfo({ cid: priv }))).httpStatus).toBe(
      403,
    );

    // a hidden contest does not exist for others
    const hidden = await contest(owner, { autoRealRank: true, visible: false });
    expect(
      (await failure((users.sbob as TestClient).api.getScrollBoardInfo({ cid: hidden }))).httpStatus,
    ).toBe(404);
    expect((await failure(owner.api.getScrollBoardInfo({ cid: 999_999 }))).httpStatus).toBe(404);
  });

  it('refuses with 400 what cannot be scrolled: OI, no seal, not ended, a bad cid', async () => {
    const owner = users.sowner as TestClient;
    const oi = await contest(owner, { type: 1 });
    const noSeal = await contest(owner, { sealRank: false, sealRankTime: undefined });
    const running = await contest(owner, { sealRankTime: at(-10 * MIN) }, -HOUR, 2 * HOUR);
    const cases: [number, string, string][] = [
      [oi, 'The scroll board is only for ACM contests', '滚榜仅适用于 ACM 比赛'],
      [
        noSeal,
        'The contest does not seal its rank: there is nothing to scroll',
        '该比赛未开启封榜，无需滚榜',
      ],
      [
        running,
        'The contest has not ended yet: the scroll board opens after the end',
        '比赛尚未结束，比赛结束后才能滚榜',
      ],
    ];
    for (const [cid, en, zh] of cases) {
      const e = await failure(owner.api.getScrollBoardInfo({ cid }));
      expect([e.httpStatus, e.status, e.message]).toEqual([400, 400, en]);
      expect((await failure(zhRoot.api.getScrollBoardSubmissions({ cid }))).message).toBe(zh);
    }
    const bad = await failure(owner.api.getScrollBoardInfo({ cid: 0 }));
    expect([bad.httpStatus, bad.message]).toEqual([400, 'The contest ID is required']);
  });

  it('plays an imported World Finals feed from the feed: teams, schools, colours, judgement types', async () => {
    const { cid } = await root.api.adminImportEventFeed(WF47);
    const feed = readEventFeed(WF47);
    const info = await root.api.getScrollBoardInfo({ cid });
    expect(info).toMatchObject({
      id: cid,
      imported: true,
      penaltyMode: 'icpc-minutes',
      penaltyMinutes: feed.penaltyMinutes,
      problemCount: feed.problems.length,
      starUserList: [],
    });
    expect(info.problems.map((p) => p.displayId)).toEqual(feed.problems.map((p) => p.label));
    expect(Date.parse(info.sealRankTime) - Date.parse(info.startTime)).toBe(feed.freezeTime);

    // the feed's board is sealed for the public after the end: only its admins
    expect((await failure((users.sbob as TestClient).api.getScrollBoardInfo({ cid }))).httpStatus).toBe(403);

    const subs = await root.api.getScrollBoardSubmissions({ cid, removeStar: true });
    const counted = feed.submissions.filter((s) => !s.afterContest);
    expect(subs.length).toBe(counted.length);
    expect(subs.every((s, i) => i === 0 || (subs[i - 1] as { time: number }).time >= s.time)).toBe(true);
    const teams = new Map(feed.teams.map((t) => [t.uid, t]));
    for (const s of subs) {
      expect(teams.get(s.uid)?.name).toBe(s.username);
      expect(s.time).toBe(Date.parse(s.submitTime) - Date.parse(info.startTime));
    }
    expect(subs.some((s) => s.school && s.school.length > 0)).toBe(true);
    // a frozen public feed: every submission after the freeze is unjudged, hence pending
    const frozen = subs.filter((s) => s.time >= (feed.freezeTime ?? 0));
    expect(frozen.length).toBeGreaterThan(0);
    expect(frozen.every((s) => s.outcome === 'pending')).toBe(true);
    // outcomes follow the feed's judgement types: the solved count per team equals the feed's board
    const board = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
    const solved = new Map<string, Set<string>>();
    for (const s of subs) {
      if (s.outcome !== 'solved') continue;
      const set = solved.get(s.uid) ?? new Set();
      set.add(s.displayId);
      solved.set(s.uid, set);
    }
    for (const row of board) expect(solved.get(row.uid)?.size ?? 0).toBe(row.ac);
  });
});
