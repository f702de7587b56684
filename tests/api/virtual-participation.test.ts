import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRowChanged } from '../../server/services/contests/contest-row-cache';
import type { AcmRankRow, ContestRankRow } from '../../shared/api/contest-rank-types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Virtual participation in ended contests (docs/architecture.md, Virtual participation): who may start
 * a run, submissions inside and after its window, the board at the run's elapsed time, and the real
 * board and everyone else's views left as they were. One judge worker judges the virtual submission.
 */
describe.each(DATABASES)('virtual participation on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let bob: TestClient & { uid: string };
  let carol: TestClient & { uid: string };
  let dave: TestClient & { uid: string };
  let erin: TestClient & { uid: string };
  let anon: TestClient;
  let pidA: number;
  let pidB: number;
  /** the ended contest: bob solved A at 10 min; carol failed A at 5 min and solved B at 90 min */
  let cid: number;

  const db = () => server.server.ctx.db.kysely;
  const code = A_PLUS_B.Python3 ?? '';
  const submit = (c: TestClient, contest: number, pid: string) =>
    c.api.submitProblemJudge({ pid, cid: contest, language: 'Python3', code });

  /** Moves a contest to [start, end] relative to now (and rebuilds its cached boards). */
  async function moveContest(contest: number, start: number, end: number) {
    // one clock reading for both ends: two could fall a millisecond apart and lengthen the contest
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    await db()
      .updateTable('contest')
      .set({ start_time: iso(start), end_time: iso(end), gmt_modified: iso(0) })
      .where('id', '=', contest)
      .execute();
    contestRowChanged(server.server.ctx.db, contest);
  }
  /** Sets a judged submission's verdict and its time after the contest's start. */
  async function place(submitId: number, status: number, start: number, afterStart: number) {
    await db()
      .updateTable('judge')
      .set({ status, submit_time: at(start + afterStart), gmt_modified: at(0) })
      .where('submit_id', '=', submitId)
      .execute();
  }
  /** Moves dave's run so that it started `ago` ms ago and lasts the contest's two hours. */
  async function moveRun(uid: string, contest: number, ago: number) {
    await db()
      .updateTable('contest_virtual')
      .set({ start_time: at(-ago), end_time: at(-ago + 2 * HOUR) })
      .where('cid', '=', contest)
      .where('uid', '=', uid)
      .execute();
  }
  const board = async (c: TestClient, contest: number, forceRefresh = false) =>
    (await c.api.getContestRank({ cid: contest, currentPage: 1, limit: 50, forceRefresh })).records;
  const rowOf = (rows: ContestRankRow[], uid: string) =>
    rows.find((r) => r.uid === uid) as AcmRankRow | undefined;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 1 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    bob = await userClient(server, 'vbob');
    carol = await userClient(server, 'vcarol');
    dave = await userClient(server, 'vdave');
    erin = await userClient(server, 'verin');
    anon = testClient(server.url);
    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;

    // the original contest, taken part in while it ran, then moved to have ended an hour ago
    cid = await createContest(root, [pidA, pidB], {
      title: 'Virtual Cup',
      from: -10 * MINUTE,
      length: 2 * HOUR,
    });
    const subs = [await submit(bob, cid, 'A'), await submit(carol, cid, 'A'), await submit(carol, cid, 'B')];
    for (const [i, s] of subs.entries()) await waitForVerdict(i === 0 ? bob : carol, s.submitId, 90_000, cid);
    const start = -3 * HOUR;
    await moveContest(cid, start, start + 2 * HOUR);
    await place(subs[0]?.submitId ?? 0, JudgeStatus.ACCEPTED, start, 10 * MINUTE);
    await place(subs[1]?.submitId ?? 0, JudgeStatus.WRONG_ANSWER, start, 5 * MINUTE);
    await place(subs[2]?.submitId ?? 0, JudgeStatus.ACCEPTED, start, 90 * MINUTE);
  }, 200_000);
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses to start for a running or upcoming contest, for visitors, and where the user was never let in', async () => {
    const running = await createContest(root, [pidA], { title: 'Running', from: -MINUTE, length: HOUR });
    const upcoming = await createContest(root, [pidA], { title: 'Upcoming', from: HOUR, length: HOUR });
    const privateCid = await createContest(root, [pidA], {
      title: 'Private',
      from: -MINUTE,
      length: HOUR,
      overrides: { auth: 1, pwd: 'letmein' },
    });
    await carol.api.registerContest({ cid: privateCid, password: 'letmein' });
    await moveContest(privateCid, -3 * HOUR, -2 * HOUR);

    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () => dave.api.startVirtual({ cid: running }),
        400,
        'Virtual participation opens once the contest has ended.',
      ],
      [
        () => dave.api.startVirtual({ cid: upcoming }),
        400,
        'Virtual participation opens once the contest has ended.',
      ],
      [() => anon.api.startVirtual({ cid }), 401, 'Please login first'],
      [() => anon.api.getVirtualState(cid), 401, 'Please login first'],
      [
        () => dave.api.startVirtual({ cid: privateCid }),
        403,
        'Only those who were allowed into this contest may take part in it virtually.',
      ],
      [() => dave.api.startVirtual({ cid: privateCid + 1000 }), 404, 'The contest does not exist.'],
    ];
    for (const [call, status, message] of cases) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([status, message]);
    }
    expect(await dave.api.getVirtualState(privateCid)).toMatchObject({ canStart: false, run: null });
    expect(await dave.api.getVirtualState(running)).toMatchObject({ canStart: false, run: null });
    // the registered participant of the private contest may
    expect(await carol.api.getVirtualState(privateCid)).toMatchObject({ canStart: true, run: null });
    const started = await carol.api.startVirtual({ cid: privateCid });
    expect(started).toMatchObject({ canStart: false, run: { cid: privateCid, running: true } });
    const rows = await db().selectFrom('contest_virtual').select('cid').where('uid', '=', dave.uid).execute();
    expect(rows).toEqual([]);
  });

  it('starts a run of an ended contest for the contest’s length, once per contest', async () => {
    expect(await dave.api.getVirtualState(cid)).toMatchObject({ cid, canStart: true, run: null });
    const state = await dave.api.startVirtual({ cid });
    expect(state).toMatchObject({ cid, canStart: false, run: { cid, running: true } });
    const run = state.run;
    expect(Date.parse(run?.endTime ?? '') - Date.parse(run?.startTime ?? '')).toBe(2 * HOUR);
    const again = await failure(dave.api.startVirtual({ cid }));
    expect([again.httpStatus, again.message]).toEqual([
      409,
      'Your virtual participation in this contest is already running.',
    ]);
    // in Chinese too
    const zh = testClient(server.url, 'zh-CN');
    await zh.login('vdave', 'secret123');
    expect((await failure(zh.api.startVirtual({ cid }))).message).toBe('你在该比赛的虚拟参赛正在进行中。');
    // nobody else's state moved
    expect(await erin.api.getVirtualState(cid)).toMatchObject({ canStart: true, run: null });
  });

  it('shows the virtual participant the board at their elapsed time, and judges their submissions as virtual', async () => {
    // twenty minutes into the run: bob's accept (10 min) and carol's wrong try (5 min), not her B (90 min)
    await moveRun(dave.uid, cid, 20 * MINUTE);
    const early = await board(dave, cid);
    // the caller's own row is also pinned on top (HOJ), hence the set
    expect([...new Set(early.map((r) => r.uid))].sort()).toEqual([bob.uid, carol.uid, dave.uid].sort());
    expect(rowOf(early, bob.uid)).toMatchObject({ ac: 1, submissionInfo: { A: { isAC: true } } });
    expect(rowOf(early, carol.uid)).toMatchObject({
      ac: 0,
      submissionInfo: { A: { isAC: false, errorNum: 1 } },
    });
    expect(rowOf(early, carol.uid)?.submissionInfo.B).toBeUndefined();
    expect(rowOf(early, dave.uid)).toMatchObject({ ac: 0, total: 0 });
    // the problem list's counts too: A has bob's accept and carol's try, B nothing yet
    const counts = async () =>
      Object.fromEntries((await dave.api.getContestProblems(cid)).map((p) => [p.displayId, [p.ac, p.total]]));
    expect(await counts()).toEqual({ A: [1, 2], B: [0, 0] });

    const sub = await dave.api.submitProblemJudge({
      pid: 'A',
      cid,
      language: 'C++',
      code: A_PLUS_B['C++'] ?? '',
    });
    const row = await db()
      .selectFrom('judge')
      .innerJoin('contest_virtual as v', 'v.id', 'judge.virtual_id')
      .select(['judge.cid', 'v.uid'])
      .where('judge.submit_id', '=', sub.submitId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cid, uid: dave.uid });
    expect((await waitForVerdict(dave, sub.submitId, 90_000, cid)).status).toBe(JudgeStatus.ACCEPTED);

    const after = await board(dave, cid);
    expect(rowOf(after, dave.uid)).toMatchObject({ ac: 1, total: 1, submissionInfo: { A: { isAC: true } } });
    expect(await counts()).toEqual({ A: [2, 3], B: [0, 0] });
    // later in the run carol's B shows up as it did in the contest
    await moveRun(dave.uid, cid, 100 * MINUTE);
    expect(rowOf(await board(dave, cid), carol.uid)).toMatchObject({ ac: 1 });
    expect(await counts()).toEqual({ A: [2, 3], B: [1, 1] });
    // the participant lists their own virtual submission
    const mine = await dave.api.getContestSubmissions({
      contestID: cid,
      onlyMine: true,
      currentPage: 1,
      limit: 20,
    });
    expect(mine.records.map((r) => [r.submitId, r.status])).toEqual([[sub.submitId, JudgeStatus.ACCEPTED]]);
  }, 120_000);

  it('leaves the real board and everyone else’s views unchanged', async () => {
    const virtualIds = (
      await db().selectFrom('judge').select('submit_id').where('virtual_id', 'is not', null).execute()
    ).map((r) => r.submit_id);
    expect(virtualIds.length).toBeGreaterThan(0);
    const expected = [bob.uid, carol.uid].sort();
    for (const rows of [await board(erin, cid), await board(root, cid, true), await board(root, cid)]) {
      expect(rows.map((r) => r.uid).sort()).toEqual(expected);
      expect(rowOf(rows, carol.uid)).toMatchObject({ ac: 1 });
    }
    const listed = await erin.api.getContestSubmissions({ contestID: cid, currentPage: 1, limit: 50 });
    expect(listed.records.map((r) => r.uid).sort()).toEqual([bob.uid, carol.uid, carol.uid].sort());
    const rootList = await root.api.getContestSubmissions({ contestID: cid, currentPage: 1, limit: 50 });
    expect(rootList.records.some((r) => virtualIds.includes(r.submitId))).toBe(false);
    expect(await erin.api.checkContestSubmissionsStatus(cid, virtualIds)).toEqual({});
    // the problem counts of the contest's list stay the real ones (bob's accept, carol's try)
    const problems = await erin.api.getContestProblems(cid);
    expect(problems.find((p) => p.displayId === 'A')).toMatchObject({ ac: 1, total: 2 });
  });

  it('withholds the results of one’s own virtual submissions after an OI contest’s seal, as the contest did', async () => {
    // an OI contest of two hours sealed for its last hour, ended an hour ago
    const oi = await createContest(root, [pidA], {
      title: 'Virtual OI',
      from: -3 * HOUR,
      length: 2 * HOUR,
      overrides: { type: 1, sealRank: true, sealRankTime: at(-2 * HOUR) },
    });
    await erin.api.startVirtual({ cid: oi });
    const mine = async () =>
      (await erin.api.getContestSubmissions({ contestID: oi, onlyMine: true, currentPage: 1, limit: 20 }))
        .records;
    // before the seal's offset: the verdict shows
    await moveRun(erin.uid, oi, 30 * MINUTE);
    const early = await erin.api.submitProblemJudge({ pid: 'A', cid: oi, language: 'Python3', code });
    expect((await waitForVerdict(erin, early.submitId, 90_000, oi)).status).toBe(JudgeStatus.ACCEPTED);
    // past it (the contest was sealed an hour in): a new submission's result is withheld; the early
    // one stays 30 minutes into the run
    await moveRun(erin.uid, oi, 70 * MINUTE);
    await db()
      .updateTable('judge')
      .set({ submit_time: at(-40 * MINUTE) })
      .where('submit_id', '=', early.submitId)
      .execute();
    const late = await erin.api.submitProblemJudge({ pid: 'A', cid: oi, language: 'Python3', code });
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom('judge')
              .select('status')
              .where('submit_id', '=', late.submitId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 90_000 },
      )
      .toBe(JudgeStatus.ACCEPTED);
    const sealed = await mine();
    expect(sealed.find((r) => r.submitId === late.submitId)).toMatchObject({
      status: JudgeStatus.SUBMITTED_UNKNOWN,
      score: null,
      time: null,
    });
    expect(sealed.find((r) => r.submitId === early.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED });
    expect((await erin.api.getSubmissionDetail(late.submitId)).submission.status).toBe(
      JudgeStatus.SUBMITTED_UNKNOWN,
    );
    // once the run is over, every result shows
    await moveRun(erin.uid, oi, 3 * HOUR);
    expect((await mine()).find((r) => r.submitId === late.submitId)).toMatchObject({
      status: JudgeStatus.ACCEPTED,
    });
  }, 200_000);

  it('refuses submissions once the run is over, and the board is the real one again', async () => {
    await moveRun(dave.uid, cid, 3 * HOUR);
    const e = await failure(dave.api.submitProblemJudge({ pid: 'A', cid, language: 'Python3', code }));
    expect([e.httpStatus, e.message]).toEqual([403, 'The contest has ended; submissions are closed.']);
    expect((await board(dave, cid)).map((r) => r.uid).sort()).toEqual([bob.uid, carol.uid].sort());
    const again = await failure(dave.api.startVirtual({ cid }));
    expect([again.httpStatus, again.message]).toEqual([
      409,
      'You have already taken part in this contest virtually; each contest allows one virtual participation.',
    ]);
    expect(await dave.api.getVirtualState(cid)).toMatchObject({ canStart: false, run: { running: false } });
  });
});
