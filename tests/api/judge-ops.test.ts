import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeResult } from '../../judge/types';
import { insertProblem } from '../../server/seeds/demo';
import { createUser } from '../../server/services/auth/users';
import { JudgeProtocol } from '../../server/services/judge-queue/protocol';
import { JudgeQueue } from '../../server/services/judge-queue/queue';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { caseRows, judgeRow, quiesce, sleep, startWorkers } from './judge-helpers';

const WA_PY = 'a, b = map(int, input().split())\nprint(a - b)\n';

function verdict(status: number, cases: JudgeResult['cases'] = []): JudgeResult {
  return { status, time: 1, memory: 1, score: null, oiRankScore: null, errorMessage: null, cases };
}

const oneCase = (seq: number) => ({
  seq,
  caseId: seq,
  status: JudgeStatus.ACCEPTED,
  time: 1,
  memory: 1,
  score: 0,
  userOutput: null,
  groupNum: null,
});

describe.each(DATABASES)('judge operations on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let alice: TestClient;
  let admin: TestClient;
  let pid1000: number;

  const submit = async (client: TestClient, code = A_PLUS_B.Python3, language = 'Python3') =>
    (await client.api.submitProblemJudge({ pid: '1000', language, code })).submitId;
  const setStatus = (submitId: number, status: number) =>
    server.server.ctx.db.kysely
      .updateTable('judge')
      .set({ status })
      .where('submit_id', '=', submitId)
      .execute();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // No workers: submissions stay queued until a test starts workers or plays the worker itself.
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const { db } = server.server.ctx;
    await createUser(db, { username: 'alice', password: 'alice123' });
    await createUser(db, { username: 'adam', password: 'adam1234', roleId: Role.ADMIN });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    admin = testClient(server.url);
    await admin.login('adam', 'adam1234');
    pid1000 = (await root.api.getProblemDetail('1000')).problem.id;
  });
  afterAll(async () => {
    await server?.destroy();
  });
  beforeEach(async () => {
    await quiesce(server);
  });

  describe('permissions', () => {
    it('answers 401 without login and 403 to everyone but the super admin', async () => {
      const id = await submit(root);
      const anon = testClient(server.url);
      expect((await failure(anon.api.adminRejudge(id))).httpStatus).toBe(401);
      for (const client of [alice, admin]) {
        for (const call of [
          () => client.api.adminRejudge(id),
          () => client.api.adminCancelJudge(id),
          () => client.api.adminManualJudge({ submitId: id, status: JudgeStatus.ACCEPTED }),
        ]) {
          const e = await failure(call());
          expect([e.httpStatus, e.status]).toEqual([403, 403]);
          expect(e.message).toBe('You have no permission for this operation.');
        }
      }
      expect((await judgeRow(server, id)).status).toBe(JudgeStatus.PENDING);
      expect((await failure(root.api.adminRejudge(987654))).httpStatus).toBe(404);
    });

    it('answers 403 on the judge protocol when JUDGE_TOKEN is not set', async () => {
      const res = await fetch(`${server.url}/api/judge/claim`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-judge-token': 'anything',
          'accept-language': 'en-US',
        },
        body: JSON.stringify({ worker: 'w', judger: 'j', waitMs: 0 }),
      });
      expect(res.status).toBe(403);
      expect((await res.json()).msg).toMatch(/JUDGE_TOKEN is not set/);
    });
  });

  describe('manual judge', () => {
    it('is refused while the submission is pending, and for compile errors', async () => {
      const id = await submit(root);
      const pending = await failure(
        root.api.adminManualJudge({ submitId: id, status: JudgeStatus.ACCEPTED }),
      );
      expect([pending.httpStatus, pending.message]).toEqual([
        400,
        'The submission is being judged. Try again when it has a result.',
      ]);
      await setStatus(id, JudgeStatus.JUDGING);
      expect(
        (await failure(root.api.adminManualJudge({ submitId: id, status: JudgeStatus.ACCEPTED }))).httpStatus,
      ).toBe(400);
      await setStatus(id, JudgeStatus.COMPILE_ERROR);
      const ce = await failure(root.api.adminManualJudge({ submitId: id, status: JudgeStatus.ACCEPTED }));
      expect([ce.httpStatus, ce.message]).toEqual([400, 'The result of a compile error can not be changed.']);
      expect((await judgeRow(server, id)).status).toBe(JudgeStatus.COMPILE_ERROR);
    });

    it('refuses statuses a manual judge may not set', async () => {
      const id = await submit(root);
      await setStatus(id, JudgeStatus.WRONG_ANSWER);
      for (const status of [-10, -5, -4, -2, 5, 6, 7, 9, 42]) {
        const e = await failure(root.api.adminManualJudge({ submitId: id, status }));
        expect([e.httpStatus, e.message]).toEqual([400, 'This status can not be set by a manual judge.']);
      }
    });

    it('sets the status, marks it manual with the admin as judger; ACM problems keep no score', async () => {
      const id = await submit(root);
      await setStatus(id, JudgeStatus.WRONG_ANSWER);
      const res = await root.api.adminManualJudge({ submitId: id, status: JudgeStatus.ACCEPTED, score: 50 });
      expect(res).toEqual({ submitId: id, judger: 'root', status: 0, score: null, oiRankScore: null });
      const detail = await root.api.getSubmissionDetail(id);
      expect(detail.submission).toMatchObject({ status: 0, isManual: true, judger: 'root', score: null });
    });

    it('clamps the score of an OI problem to [0, ioScore] and sets the rank score', async () => {
      const { db } = server.server.ctx;
      const pid = await insertProblem(db, server.server.ctx.files, {
        problemId: `OI${name}`,
        title: 'OI sum',
        type: 1,
        timeLimit: 1000,
        memoryLimit: 256,
        difficulty: 2,
        description: 'd',
        input: 'i',
        output: 'o',
        examples: [],
        hint: '',
        source: '',
        cases: [
          { input: '1 2\n', output: '3\n', score: 40 },
          { input: '2 2\n', output: '4\n', score: 60 },
        ],
        tags: [],
      });
      const id = (
        await root.api.submitProblemJudge({ pid: `OI${name}`, language: 'Python3', code: A_PLUS_B.Python3 })
      ).submitId;
      expect((await judgeRow(server, id)).pid).toBe(pid);
      await setStatus(id, JudgeStatus.PARTIAL_ACCEPTED);
      const high = await root.api.adminManualJudge({
        submitId: id,
        status: JudgeStatus.ACCEPTED,
        score: 150,
      });
      expect([high.score, high.oiRankScore]).toEqual([100, 14]); // round(2·2 + 0.1·100)
      const low = await root.api.adminManualJudge({
        submitId: id,
        status: JudgeStatus.WRONG_ANSWER,
        score: -5,
      });
      expect([low.score, low.oiRankScore]).toEqual([0, 4]);
      const mid = await root.api.adminManualJudge({
        submitId: id,
        status: JudgeStatus.PARTIAL_ACCEPTED,
        score: 45,
      });
      expect([mid.score, mid.oiRankScore]).toEqual([45, 9]); // round(4 + 4.5)
      expect(await judgeRow(server, id)).toMatchObject({
        status: 8,
        score: 45,
        oi_rank_score: 9,
        is_manual: 1,
      });
    });
  });

  describe('cancel', () => {
    it('cancels a queued submission, which is then never judged', async () => {
      const cancelled = await submit(root);
      const res = await root.api.adminCancelJudge(cancelled);
      expect(res).toMatchObject({ submitId: cancelled, status: JudgeStatus.CANCELLED, isManual: true });
      const again = await failure(root.api.adminCancelJudge(cancelled));
      expect([again.httpStatus, again.message]).toEqual([400, 'The submission is already cancelled.']);

      const later = await submit(root);
      const pool = await startWorkers(server);
      try {
        expect((await waitForVerdict(root, later)).status).toBe(JudgeStatus.ACCEPTED);
      } finally {
        await pool.stop();
      }
      const row = await judgeRow(server, cancelled);
      expect(row).toMatchObject({ status: JudgeStatus.CANCELLED, attempt: 0, is_manual: 1, judger: null });
      expect(await caseRows(server, cancelled)).toEqual([]);
    });
  });

  describe('rejudge', () => {
    it('re-judges an accepted submission: pending at once, then Accepted with a new attempt', async () => {
      const id = await submit(root, A_PLUS_B.C, 'C');
      const pool = await startWorkers(server, 'rejudge-pool');
      try {
        expect((await waitForVerdict(root, id)).status).toBe(JudgeStatus.ACCEPTED);
        const before = await judgeRow(server, id);
        const res = await root.api.adminRejudge(id);
        expect(res).toMatchObject({ submitId: id, status: JudgeStatus.PENDING, score: null, time: null });
        expect(res.isManual).toBe(false);
        const final = await waitForVerdict(root, id);
        expect(final.status).toBe(JudgeStatus.ACCEPTED);
        expect(final.judger).toBe('rejudge-pool');
        const after = await judgeRow(server, id);
        expect(after.attempt).toBeGreaterThan(before.attempt);
        const cases = await caseRows(server, id);
        expect(cases.length).toBe(6);
        expect(cases.every((c) => c.attempt === after.attempt)).toBe(true);
      } finally {
        await pool.stop();
      }
    });
  });

  describe('resubmit', () => {
    it('lets the owner resubmit a failed judgement only', async () => {
      const id = await submit(alice);
      await setStatus(id, JudgeStatus.SYSTEM_ERROR);
      const notOwner = await failure(root.api.resubmit(id));
      expect([notOwner.httpStatus, notOwner.message]).toEqual([
        403,
        'You can only resubmit your own submissions.',
      ]);
      const res = await alice.api.resubmit(id);
      expect(res).toMatchObject({ submitId: id, status: JudgeStatus.PENDING });
      expect((await judgeRow(server, id)).priority).toBe(1);
      await setStatus(id, JudgeStatus.SUBMITTED_FAILED);
      expect((await alice.api.resubmit(id)).status).toBe(JudgeStatus.PENDING);
      await setStatus(id, JudgeStatus.ACCEPTED);
      const ac = await failure(alice.api.resubmit(id));
      expect([ac.httpStatus, ac.message]).toEqual([
        400,
        'Only a submission that ended in System Error or Submitted Failed can be resubmitted.',
      ]);
      expect((await failure(testClient(server.url).api.resubmit(id))).httpStatus).toBe(401);
    });
  });

  describe('what others read', () => {
    // what every visitor polls is cached for a few seconds; an administrator's change must show at once
    const statusOf = async (submitId: number) =>
      (await alice.api.getSubmissionList({ currentPage: 1, limit: 30 })).records.find(
        (r) => r.submitId === submitId,
      )?.status;
    const acCount = async () => (await alice.api.getProblemDetail('1000')).problemCount.ac;

    it('shows a manual verdict, a cancel and a rejudge at once in the list and the counts', async () => {
      const id = await submit(root);
      const { queue } = server.server.ctx;
      const claim = (await queue.claim('worker'))!;
      expect(await queue.finish(claim, verdict(JudgeStatus.ACCEPTED), 'worker')).toBe(true);
      expect(await statusOf(id)).toBe(JudgeStatus.ACCEPTED);
      const acs = await acCount();

      await root.api.adminManualJudge({ submitId: id, status: JudgeStatus.WRONG_ANSWER });
      expect(await statusOf(id)).toBe(JudgeStatus.WRONG_ANSWER);
      expect(await acCount()).toBe(acs - 1);

      await root.api.adminRejudge(id);
      expect(await statusOf(id)).toBe(JudgeStatus.PENDING);

      await root.api.adminCancelJudge(id);
      expect(await statusOf(id)).toBe(JudgeStatus.CANCELLED);
    });
  });

  describe('queue', () => {
    const protocol = () => {
      const { ctx } = server.server;
      return new JudgeProtocol(ctx.db, ctx.queue, ctx.files);
    };
    const claimOrder = async (n: number) => {
      const p = protocol();
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const item = await p.claim({ worker: `w${i}`, judger: 'order-test', waitMs: 0 });
        if (!item) break;
        out.push(item.kind === 'test' ? 'test' : String(item.submitId));
      }
      return out;
    };

    it('hands out test runs first, then contest submissions, new submissions, and rejudges last', async () => {
      const old = await submit(root);
      const a = await submit(root);
      const b = await submit(root);
      const contest = await submit(root);
      // turned into a contest submission by hand: cid and the priority a contest submit writes
      await server.server.ctx.db.kysely
        .updateTable('judge')
        .set({ cid: 1, priority: 0 })
        .where('submit_id', '=', contest)
        .execute();
      await root.api.adminRejudge(old);
      await root.api.submitProblemTestJudge({
        pid: pid1000,
        language: 'Python3',
        code: A_PLUS_B.Python3,
        userInput: '1 2',
      });
      expect(await claimOrder(6)).toEqual(['test', String(contest), String(a), String(b), String(old)]);
    });

    it('gives one pending submission to one of many concurrent claimers', async () => {
      const ids = [await submit(root), await submit(root), await submit(root)];
      const { queue } = server.server.ctx;
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => queue.claim(`racer-${i}`)));
      const got = claims.filter((c) => c !== null).map((c) => c!.submitId);
      expect(got.sort((x, y) => x - y)).toEqual(ids);
    });

    it('never writes two final results for one attempt', async () => {
      const id = await submit(root);
      const { queue } = server.server.ctx;
      const claim = await queue.claim('once');
      expect(claim?.submitId).toBe(id);
      expect(await queue.claim('twice')).toBeNull();
      expect(await queue.finish(claim!, verdict(JudgeStatus.WRONG_ANSWER), 'once')).toBe(true);
      expect(await queue.finish(claim!, verdict(JudgeStatus.ACCEPTED), 'once')).toBe(false);
      expect(await queue.recordCase(claim!, oneCase(1))).toBe(false);
      expect(await judgeRow(server, id)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, attempt: 1 });
      expect(await caseRows(server, id)).toEqual([]);
    });

    it('a cancel wins over a worker that finishes afterwards', async () => {
      const id = await submit(root);
      const { queue } = server.server.ctx;
      const claim = (await queue.claim('slow'))!;
      expect(await queue.setStatus(claim, JudgeStatus.JUDGING, 'slow')).toBe(true);
      expect(await queue.recordCase(claim, oneCase(1))).toBe(true);
      expect(await queue.recordCase(claim, oneCase(1))).toBe(true); // a repeated report adds nothing
      await root.api.adminCancelJudge(id);
      expect(await queue.renew(claim)).toBe(false);
      expect(await queue.recordCase(claim, oneCase(2))).toBe(false);
      expect(await queue.finish(claim, verdict(JudgeStatus.ACCEPTED, [oneCase(3)]), 'slow')).toBe(false);
      expect(await judgeRow(server, id)).toMatchObject({ status: JudgeStatus.CANCELLED, is_manual: 1 });
      expect((await caseRows(server, id)).map((c) => c.seq)).toEqual([1]);
      expect(await queue.claim('next')).toBeNull();
    });

    it('a rejudge while judging refuses the old attempt and judges again', async () => {
      const id = await submit(root);
      const { queue } = server.server.ctx;
      const old = (await queue.claim('old'))!;
      await queue.recordCase(old, oneCase(1));
      await root.api.adminRejudge(id);
      expect(await caseRows(server, id)).toEqual([]);
      expect(await queue.recordCase(old, oneCase(2))).toBe(false);
      expect(await queue.finish(old, verdict(JudgeStatus.WRONG_ANSWER), 'old')).toBe(false);
      const fresh = (await queue.claim('new'))!;
      expect(fresh.submitId).toBe(id);
      expect(fresh.attempt).toBe(old.attempt + 2);
      expect(await queue.finish(fresh, verdict(JudgeStatus.ACCEPTED, [oneCase(1), oneCase(2)]), 'new')).toBe(
        true,
      );
      expect(await judgeRow(server, id)).toMatchObject({ status: 0, judger: 'new', attempt: fresh.attempt });
      // the final report fills in the cases no progress report brought
      expect((await caseRows(server, id)).map((c) => [c.seq, c.attempt])).toEqual([
        [1, fresh.attempt],
        [2, fresh.attempt],
      ]);
    });

    it('keeps a renewed lease, and hands the work on once renewals stop', async () => {
      const id = await submit(root);
      const short = new JudgeQueue(server.server.ctx.db, 300);
      const first = (await short.claim('renewer'))!;
      for (let i = 0; i < 6; i++) {
        await sleep(100);
        expect(await short.renew(first)).toBe(true);
        expect(await short.claim('thief')).toBeNull();
      }
      await sleep(450);
      const second = (await short.claim('heir'))!;
      expect(second).toMatchObject({ submitId: id, attempt: first.attempt + 1 });
      expect(await short.renew(first)).toBe(false);
      expect(await short.finish(first, verdict(JudgeStatus.ACCEPTED), 'renewer')).toBe(false);
      expect(await short.finish(second, verdict(JudgeStatus.WRONG_ANSWER), 'heir')).toBe(true);
      expect((await judgeRow(server, id)).status).toBe(JudgeStatus.WRONG_ANSWER);
    });
  });

  it('alice can submit again right after a test run: the two intervals are separate locks', async () => {
    await alice.api.submitProblemTestJudge({
      pid: pid1000,
      language: 'Python3',
      code: A_PLUS_B.Python3,
      userInput: '1 2',
    });
    const e = await failure(
      alice.api.submitProblemTestJudge({
        pid: pid1000,
        language: 'Python3',
        code: A_PLUS_B.Python3,
        userInput: '1 2',
      }),
    );
    expect([e.httpStatus, e.status]).toEqual([429, 429]);
    expect(e.message).toMatch(/Running tests too fast. Please wait \d seconds/);
    // the submit lock may still be held by the resubmit test's submission: wait it out if so
    await server.server.ctx.db.kysely.deleteFrom('rate_lock').where('key', 'like', 'submit:%').execute();
    expect(await submit(alice, WA_PY)).toBeGreaterThan(0);
  });
});
