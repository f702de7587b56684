import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const HOUR = 3_600_000;

/**
 * Taking part in a contest: submitting by display id, the problem list and detail,
 * the contest's submission list, polling and details, with who sees what (docs/architecture.md,
 * Contests: access, visibility, boards). Nothing judges here (no workers): verdicts are written
 * into the rows directly.
 */
describe.each(DATABASES)('contest participation on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let dave: TestClient;
  let anon: TestClient;
  let pidA: number;
  let pidB: number;
  const code = A_PLUS_B['C++'] ?? '';

  const client = (username: string, roleId?: (typeof Role)[keyof typeof Role]) =>
    userClient(server, username, { roleId });

  /** A contest made by root with problems A (1000) and B (1001). */
  async function contest(overrides: Partial<ContestForm>, from: number, length: number) {
    return createContest(root, [pidA, pidB], { title: 'Participation Cup', from, length, overrides });
  }

  const db = () => server.server.ctx.db.kysely;
  /** Sets a submission's verdict and moves its submit time (a judge would have done the first). */
  async function judged(submitId: number, status: number, offset: number, score: number | null = null) {
    await db()
      .updateTable('judge')
      .set({ status, score, time: 15, memory: 1200, submit_time: at(offset) })
      .where('submit_id', '=', submitId)
      .execute();
  }
  const submit = (c: TestClient, cid: number, pid: string, language = 'C++') =>
    c.api.submitProblemJudge({ pid, cid, language, code });
  const judgeRows = async () =>
    Number(
      (
        await db()
          .selectFrom('judge')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await client('padmin', Role.ADMIN);
    bob = await client('pbob');
    carol = await client('pcarol');
    dave = await client('pdave');
    anon = testClient(server.url);
    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('files a submission under the contest by display id, judged first and without the submit interval', async () => {
    const cid = await contest({}, -HOUR, 2 * HOUR);
    const first = await submit(bob, cid, 'A');
    const second = await submit(bob, cid, 'B', 'Python3');
    expect(first).toMatchObject({
      cid,
      displayPid: 'A',
      pid: pidA,
      status: JudgeStatus.PENDING,
      title: 'A+B Problem',
    });
    expect(second).toMatchObject({ cid, displayPid: 'B', pid: pidB });
    const row = await db()
      .selectFrom('judge')
      .innerJoin('contest_problem as cp', 'cp.id', 'judge.cpid')
      .select(['judge.priority', 'cp.display_id'])
      .where('submit_id', '=', first.submitId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ priority: 0, display_id: 'A' });
    // outside contests the second submit within 8 s is refused; inside it is not
    await bob.api.submitProblemJudge({ pid: '1000', language: 'C++', code });
    expect(
      (await failure(bob.api.submitProblemJudge({ pid: '1000', language: 'C++', code }))).httpStatus,
    ).toBe(429);
  });

  it('refuses submissions the contest does not take, and stores none of them', async () => {
    const scheduled = await contest({}, HOUR, HOUR);
    const ended = await contest({}, -3 * HOUR, HOUR);
    const privateCid = await contest({ auth: 1, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    const protectedCid = await contest({ auth: 2, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    const before = await judgeRows();
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => submit(bob, scheduled, 'A'), 403, 'The contest has not started yet.'],
      [() => submit(bob, ended, 'A'), 403, 'The contest has ended; submissions are closed.'],
      [() => submit(bob, privateCid, 'A'), 403, 'Register for the contest with its password first.'],
      [() => submit(bob, protectedCid, 'A'), 403, 'Register for the contest with its password first.'],
      [() => submit(bob, privateCid + 1000, 'A'), 404, 'The contest does not exist.'],
      [() => submit(anon, privateCid, 'A'), 401, 'Please login first'],
    ];
    for (const [call, status, message] of cases) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([status, message]);
    }
    const open = await contest({}, -HOUR, 2 * HOUR);
    const missing = await failure(submit(bob, open, 'Z'));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'This problem is not in the contest.']);
    const language = await failure(submit(bob, open, 'A', 'Cobol'));
    expect(language.httpStatus).toBe(400);
    expect(await judgeRows()).toBe(before);

    // the contest's admin may test a scheduled contest; registering opens the others
    await submit(root, scheduled, 'A');
    await bob.api.registerContest({ cid: privateCid, password: 'letmein' });
    await bob.api.registerContest({ cid: protectedCid, password: 'letmein' });
    await submit(bob, privateCid, 'A');
    await submit(bob, protectedCid, 'A');
    expect(await judgeRows()).toBe(before + 3);
  });

  it('lists the problems with counts of the caller window, and opens them only to readers', async () => {
    const cid = await contest({ sealRank: true, sealRankTime: at(-HOUR) }, -2 * HOUR, 4 * HOUR);
    const bobAc = await submit(bob, cid, 'A');
    await judged(bobAc.submitId, JudgeStatus.ACCEPTED, -90 * 60_000);
    const carolWa = await submit(carol, cid, 'A');
    await judged(carolWa.submitId, JudgeStatus.WRONG_ANSWER, -30 * 60_000);
    const rootAc = await submit(root, cid, 'A');
    await judged(rootAc.submitId, JudgeStatus.ACCEPTED, -100 * 60_000);

    const seen = await bob.api.getContestProblems(cid);
    expect(seen.map((p) => [p.displayId, p.displayTitle, p.ac, p.total])).toEqual([
      ['A', 'A+B Problem', 1, 1],
      ['B', seen[1]?.displayTitle, 0, 0],
    ]);
    // the contest's admins see the live counts; root's own submissions never count
    const live = await root.api.getContestProblems(cid);
    expect(live.map((p) => [p.ac, p.total])).toEqual([
      [1, 2],
      [0, 0],
    ]);
    expect((await failure(anon.api.getContestProblems(cid))).httpStatus).toBe(401);

    const privateCid = await contest({ auth: 1, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    const refused = await failure(dave.api.getContestProblems(privateCid));
    expect([refused.httpStatus, refused.message]).toEqual([
      403,
      'Register for the contest with its password first.',
    ]);
    const scheduled = await contest({}, HOUR, HOUR);
    expect((await failure(dave.api.getContestProblems(scheduled))).message).toBe(
      'The contest has not started yet.',
    );
    expect(await root.api.getContestProblems(scheduled)).toHaveLength(2);
    // a protected contest is readable without registering
    const protectedCid = await contest({ auth: 2, pwd: 'letmein' }, -HOUR, 2 * HOUR);
    expect(await dave.api.getContestProblems(protectedCid)).toHaveLength(2);
  });

  it('shows a problem under its display title and withholds its hints until the end', async () => {
    await db()
      .updateTable('problem')
      .set({ title: 'Sum', author: 'setter', source: 'Cup 1' })
      .where('id', '=', pidA)
      .execute();
    await db()
      .updateTable('contest_problem')
      .set({ display_title: 'Add Two' })
      .where('pid', '=', pidA)
      .execute();
    const running = await contest({}, -HOUR, 2 * HOUR);
    await db()
      .updateTable('contest_problem')
      .set({ display_title: 'Add Two' })
      .where('cid', '=', running)
      .where('pid', '=', pidA)
      .execute();
    const mine = await submit(bob, running, 'A');
    await judged(mine.submitId, JudgeStatus.ACCEPTED, -10 * 60_000);

    const detail = await bob.api.getContestProblemDetails(running, 'A');
    expect(detail.problem).toMatchObject({ title: 'Add Two', author: null, source: null, difficulty: null });
    expect(detail.tags).toEqual([]);
    expect(detail.myStatus).toBe(JudgeStatus.ACCEPTED);
    expect(detail.problemCount).toMatchObject({ total: 1, ac: 1 });
    expect((await carol.api.getContestProblemDetails(running, 'A')).myStatus).toBe(JudgeStatus.NOT_SUBMITTED);

    const ended = await contest({}, -3 * HOUR, HOUR);
    const after = await bob.api.getContestProblemDetails(ended, 'A');
    expect(after.problem).toMatchObject({ author: 'setter', source: 'Cup 1' });
    expect(typeof after.problem.difficulty).toBe('number');
    const missing = await failure(bob.api.getContestProblemDetails(running, 'Q'));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'This problem is not in the contest.']);
    expect((await failure(anon.api.getContestProblemDetails(running, 'A'))).httpStatus).toBe(401);
  });

  it('lists an ACM contest’s submissions: others after the seal hidden, others’ run figures hidden while running', async () => {
    const cid = await contest({ sealRank: true, sealRankTime: at(-HOUR) }, -2 * HOUR, 4 * HOUR);
    const bobEarly = await submit(bob, cid, 'A');
    await judged(bobEarly.submitId, JudgeStatus.WRONG_ANSWER, -90 * 60_000);
    const carolLate = await submit(carol, cid, 'B');
    await judged(carolLate.submitId, JudgeStatus.ACCEPTED, -20 * 60_000);
    const bobLate = await submit(bob, cid, 'B');
    await judged(bobLate.submitId, JudgeStatus.ACCEPTED, -10 * 60_000);

    const forBob = await bob.api.getContestSubmissions({ contestID: cid });
    expect(forBob.records.map((r) => [r.submitId, r.status, r.displayId])).toEqual([
      [bobLate.submitId, JudgeStatus.ACCEPTED, 'B'],
      [bobEarly.submitId, JudgeStatus.WRONG_ANSWER, 'A'],
    ]);
    const forCarol = await carol.api.getContestSubmissions({ contestID: cid });
    expect(forCarol.records.map((r) => r.submitId)).toEqual([carolLate.submitId, bobEarly.submitId]);
    expect(forCarol.records[1]).toMatchObject({ time: null, memory: null, length: null, username: 'pbob' });
    expect(forCarol.records[0]).toMatchObject({ time: 15, memory: 1200 });
    // an admin of the site who does not run this contest sees it as a participant does
    const forAdmin = await admin.api.getContestSubmissions({ contestID: cid });
    expect(forAdmin.records.map((r) => r.submitId)).toEqual([bobEarly.submitId]);
    const forRoot = await root.api.getContestSubmissions({ contestID: cid });
    expect(forRoot.total).toBe(3);
    expect(forRoot.records.every((r) => r.time === 15)).toBe(true);

    const mine = await carol.api.getContestSubmissions({ contestID: cid, onlyMine: true });
    expect(mine.records.map((r) => r.submitId)).toEqual([carolLate.submitId]);
    const byProblem = await root.api.getContestSubmissions({
      contestID: cid,
      problemID: 'A',
      completeProblemID: true,
    });
    expect(byProblem.records.map((r) => r.submitId)).toEqual([bobEarly.submitId]);
    const byStatus = await root.api.getContestSubmissions({ contestID: cid, status: JudgeStatus.ACCEPTED });
    expect(byStatus.total).toBe(2);
    expect((await root.api.getContestSubmissions({ contestID: cid, beforeContestSubmit: true })).total).toBe(
      0,
    );

    // polling follows the same rules: carol cannot learn bob's sealed verdict
    const polled = await carol.api.checkContestSubmissionsStatus(cid, [
      bobEarly.submitId,
      bobLate.submitId,
      carolLate.submitId,
    ]);
    expect(Object.keys(polled).sort()).toEqual(
      [String(bobEarly.submitId), String(carolLate.submitId)].sort(),
    );
    expect((await failure(anon.api.getContestSubmissions({ contestID: cid }))).httpStatus).toBe(401);

    // details: code for its author and the contest's admins only; a sealed one shows as submitted
    const own = await bob.api.getSubmissionDetail(bobLate.submitId);
    expect(own.submission.code).toBe(code);
    expect(own.codeShare).toBe(false);
    const others = await carol.api.getSubmissionDetail(bobEarly.submitId);
    expect(others.submission).toMatchObject({
      code: null,
      time: null,
      memory: null,
      status: JudgeStatus.WRONG_ANSWER,
    });
    const sealed = await carol.api.getSubmissionDetail(bobLate.submitId);
    expect(sealed.submission).toMatchObject({
      code: null,
      status: JudgeStatus.SUBMITTED_UNKNOWN,
      score: null,
    });
    expect((await root.api.getSubmissionDetail(bobLate.submitId)).submission.code).toBe(code);
    expect((await failure(anon.api.getSubmissionDetail(bobLate.submitId))).httpStatus).toBe(401);
    // per-case results wait for the end of an ACM contest (its admins see them)
    expect(await bob.api.getAllCaseResult(bobLate.submitId)).toBeNull();
    expect(await root.api.getAllCaseResult(bobLate.submitId)).not.toBeNull();
  });

  it('hides the results of a sealed OI contest as "submitted", even one’s own', async () => {
    const cid = await contest({ type: 1, sealRank: true, sealRankTime: at(-HOUR) }, -2 * HOUR, 4 * HOUR);
    const early = await submit(bob, cid, 'A');
    await judged(early.submitId, JudgeStatus.PARTIAL_ACCEPTED, -90 * 60_000, 40);
    const late = await submit(bob, cid, 'A');
    await judged(late.submitId, JudgeStatus.ACCEPTED, -10 * 60_000, 100);
    const carolLate = await submit(carol, cid, 'B');
    await judged(carolLate.submitId, JudgeStatus.ACCEPTED, -5 * 60_000, 100);
    // a problem tried only after the seal shows as submitted too, not as untried
    const carolOnly = await carol.api.getUserProblemStatus({
      pidList: [pidB],
      isContestProblemList: true,
      cid,
    });
    expect(carolOnly).toEqual({ [pidB]: { status: JudgeStatus.SUBMITTED_UNKNOWN, score: null } });
    expect((await carol.api.getContestProblemDetails(cid, 'B')).myStatus).toBe(JudgeStatus.SUBMITTED_UNKNOWN);

    const list = await bob.api.getContestSubmissions({ contestID: cid });
    expect(list.records.map((r) => [r.submitId, r.status, r.score])).toEqual([
      [late.submitId, JudgeStatus.SUBMITTED_UNKNOWN, null],
      [early.submitId, JudgeStatus.PARTIAL_ACCEPTED, 40],
    ]);
    const polled = await bob.api.checkContestSubmissionsStatus(cid, [late.submitId]);
    // the site's own polling never answers for contest submissions
    expect(await bob.api.checkSubmissionsStatus([late.submitId, early.submitId])).toEqual({});
    expect(polled[String(late.submitId)]).toMatchObject({
      status: JudgeStatus.SUBMITTED_UNKNOWN,
      score: null,
    });
    const detail = await bob.api.getSubmissionDetail(late.submitId);
    expect(detail.submission).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN, score: null, code });
    const statuses = await bob.api.getUserProblemStatus({
      pidList: [pidA, pidB],
      isContestProblemList: true,
      cid,
    });
    expect(statuses).toEqual({
      [pidA]: { status: JudgeStatus.SUBMITTED_UNKNOWN, score: null },
      [pidB]: { status: JudgeStatus.NOT_SUBMITTED, score: null },
    });
    expect(await bob.api.getAllCaseResult(early.submitId)).toBeNull();
    // the contest's admins see live results in the list
    const live = await root.api.getContestSubmissions({ contestID: cid, onlyMine: false });
    expect(live.records.find((r) => r.submitId === late.submitId)).toMatchObject({ status: 0, score: 100 });
  });

  it('answers the caller’s contest status per problem: ACM keeps an accept, the latest otherwise', async () => {
    const cid = await contest({}, -HOUR, 2 * HOUR);
    const ac = await submit(carol, cid, 'A');
    await judged(ac.submitId, JudgeStatus.ACCEPTED, -20 * 60_000);
    const wa = await submit(carol, cid, 'A');
    await judged(wa.submitId, JudgeStatus.WRONG_ANSWER, -10 * 60_000);
    const tle = await submit(carol, cid, 'B');
    await judged(tle.submitId, JudgeStatus.TIME_LIMIT_EXCEEDED, -5 * 60_000);
    const statuses = await carol.api.getUserProblemStatus({
      pidList: [pidA, pidB],
      isContestProblemList: true,
      cid,
    });
    expect(statuses).toEqual({
      [pidA]: { status: JudgeStatus.ACCEPTED, score: null },
      [pidB]: { status: JudgeStatus.TIME_LIMIT_EXCEEDED, score: null },
    });
    const last = await carol.api.getLastAcCode(pidA, cid);
    expect(last.submitId).toBe(ac.submitId);
    const none = await failure(carol.api.getLastAcCode(pidB, cid));
    expect(none.httpStatus).toBe(403);
  });

  it('takes test runs of the contest’s problems from those who may submit to it', async () => {
    const cid = await contest({}, -HOUR, 2 * HOUR);
    const run = (c: TestClient, pid: number, contestId: number) =>
      c.api.submitProblemTestJudge({
        pid,
        cid: contestId,
        type: 'contest',
        language: 'C++',
        code,
        userInput: '1 2',
      });
    expect(await run(dave, pidA, cid)).toMatch(/^TEST_JUDGE_/);
    const other = (
      await db().selectFrom('problem').select('id').where('id', 'not in', [pidA, pidB]).executeTakeFirst()
    )?.id;
    if (other) {
      const e = await failure(run(carol, other, cid));
      expect([e.httpStatus, e.message]).toEqual([404, 'This problem is not in the contest.']);
    }
    const ended = await contest({}, -3 * HOUR, HOUR);
    expect((await failure(run(carol, pidA, ended))).httpStatus).toBe(403);
  });
});
