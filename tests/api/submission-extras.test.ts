import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createUser } from '../../server/services/auth/users';
import type { JudgeWorkerPool } from '../../server/services/judge-queue/worker-pool';
import { utcDay } from '../../server/services/submissions/wrong-case';
import { ApiError } from '../../shared/api/client';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { SUBMIT_CAPTCHA } from '../../shared/constants/limits';
import { Role } from '../../shared/constants/roles';
import { solveCaptcha } from '../helpers/accounts';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { quiesce, startWorkers } from './judge-helpers';

/** Right on the first case (1 2), wrong from the second (-5 3 gives 2147483646, not -2). */
const WA_FROM_CASE_2 = 'a, b = map(int, input().split())\nprint((a + b) % 2147483648)\n';

function unzip(data: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** GET /api/file/download-wrong-case as a browser does: a zip, or the JSON refusal as an ApiError. */
async function downloadWrongCase(server: TestServer, client: TestClient, submitId: number, lang = 'en-US') {
  const headers: Record<string, string> = { 'Accept-Language': lang };
  if (client.token) headers.Authorization = client.token;
  const res = await fetch(`${server.url}/api/file/download-wrong-case?submitId=${submitId}`, { headers });
  if (res.headers.get('content-type')?.includes('application/json')) {
    const body = (await res.json()) as { status: number; msg: string };
    throw new ApiError('status', body.status, res.status, body.msg);
  }
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(
    /attachment; filename="submission-\d+-case-\d+\.zip"/,
  );
  return unzip(Buffer.from(await res.arrayBuffer()));
}

describe.each(DATABASES)('editor and submission extras on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let adam: TestClient;
  let anon: TestClient;
  let pid: number;
  let pool: JudgeWorkerPool | undefined;

  const submit = async (client: TestClient, code: string, language = 'Python3') =>
    (await client.api.submitProblemJudge({ pid: '1000', language, code })).submitId;
  const setProblem = (changes: { code_share?: number; open_case_result?: number }) =>
    server.server.ctx.db.kysely.updateTable('problem').set(changes).where('id', '=', pid).execute();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const { db } = server.server.ctx;
    await createUser(db, { username: 'alice', password: 'alice123' });
    await createUser(db, { username: 'bob', password: 'bob12345' });
    await createUser(db, { username: 'adam', password: 'adam1234', roleId: Role.ADMIN });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    bob = testClient(server.url);
    await bob.login('bob', 'bob12345');
    adam = testClient(server.url);
    await adam.login('adam', 'adam1234');
    anon = testClient(server.url);
    pid = (await root.api.getProblemDetail('1000')).problem.id;
    // the 8 s submit interval would make this file slow; it has its own tests elsewhere
    await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
  });
  afterAll(async () => {
    await pool?.stop();
    await server?.destroy();
  });

  describe('submit captcha (no judging)', () => {
    it(`asks an ordinary user for a captcha after ${SUBMIT_CAPTCHA.free} submissions in the window; one use each`, async () => {
      for (let i = 0; i < SUBMIT_CAPTCHA.free; i++) await submit(bob, A_PLUS_B.Python3);
      const needed = await failure(submit(bob, A_PLUS_B.Python3));
      expect([needed.httpStatus, needed.message]).toEqual([
        400,
        'You are submitting very often: please enter the captcha to submit.',
      ]);
      expect(needed.data).toEqual({ needCaptcha: true });

      const { captchaKey } = await bob.api.getCaptcha();
      const wrong = await failure(
        bob.api.submitProblemJudge({
          pid: '1000',
          language: 'Python3',
          code: A_PLUS_B.Python3,
          captcha: '999',
          captchaKey,
        }),
      );
      expect([wrong.httpStatus, wrong.message]).toEqual([
        400,
        'The captcha is wrong or has expired. Please enter the new one.',
      ]);

      const fresh = await bob.api.getCaptcha();
      const answer = await solveCaptcha(server, fresh.captchaKey);
      const form = { pid: '1000', language: 'Python3', code: A_PLUS_B.Python3, captcha: answer };
      const ok = await bob.api.submitProblemJudge({ ...form, captchaKey: fresh.captchaKey });
      expect(ok.status).toBe(JudgeStatus.PENDING);
      // the same captcha does not work twice
      const reused = await failure(bob.api.submitProblemJudge({ ...form, captchaKey: fresh.captchaKey }));
      expect(reused.data).toEqual({ needCaptcha: true });
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(bob.token);
      expect((await failure(submit(zh, A_PLUS_B.Python3))).message).toBe(
        '提交过于频繁，请输入验证码后再提交。',
      );

      // once the window has moved past them, no captcha
      await server.server.ctx.db.kysely
        .updateTable('judge')
        .set({ submit_time: new Date(Date.now() - (SUBMIT_CAPTCHA.windowSeconds + 5) * 1000).toISOString() })
        .where('username', '=', 'bob')
        .execute();
      expect(await submit(bob, A_PLUS_B.Python3)).toBeGreaterThan(0);
    });

    it('never asks an admin', async () => {
      for (let i = 0; i < SUBMIT_CAPTCHA.free + 2; i++) await submit(adam, A_PLUS_B.Python3);
      await quiesce(server);
    });
  });

  describe('judged', () => {
    let aliceWa: number;
    let aliceAc: number;
    let bobWa: number;

    beforeAll(async () => {
      await quiesce(server);
      pool = await startWorkers(server, 'extras-pool');
      aliceWa = await submit(alice, WA_FROM_CASE_2);
      bobWa = await submit(bob, WA_FROM_CASE_2);
      for (const id of [aliceWa, bobWa]) {
        expect((await waitForVerdict(alice, id)).status).toBe(JudgeStatus.WRONG_ANSWER);
      }
    });

    describe('last accepted code', () => {
      it('refuses before the problem is passed, with its message in both languages', async () => {
        const e = await failure(alice.api.getLastAcCode(pid));
        expect([e.httpStatus, e.message]).toEqual([
          403,
          "You haven't passed the problem so you cannot get the code passed recently",
        ]);
        const zh = testClient(server.url, 'zh-CN');
        zh.setToken(alice.token);
        expect((await failure(zh.api.getLastAcCode(pid))).message).toBe(
          '您还没有通过此题，无法获取最近通过的代码',
        );
        expect((await failure(anon.api.getLastAcCode(pid))).httpStatus).toBe(401);
        expect((await failure(alice.api.getLastAcCode(987654))).httpStatus).toBe(404);
      });

      it('returns the latest Accepted code and its language, not a later wrong one, nor anyone else’s', async () => {
        aliceAc = await submit(alice, A_PLUS_B.Python3);
        expect((await waitForVerdict(alice, aliceAc)).status).toBe(JudgeStatus.ACCEPTED);
        const later = await submit(alice, WA_FROM_CASE_2);
        await waitForVerdict(alice, later);
        expect(await alice.api.getLastAcCode(pid)).toEqual({
          submitId: aliceAc,
          code: A_PLUS_B.Python3,
          language: 'Python3',
        });
        // HOJ clients send cid=0 outside contests
        expect(
          (await alice.raw.request('GET', '/api/get-last-ac-code', { query: { pid, cid: 0 } })) as object,
        ).toMatchObject({
          submitId: aliceAc,
        });
        // bob has not passed: alice's code is not his to fetch
        expect((await failure(bob.api.getLastAcCode(pid))).httpStatus).toBe(403);
        // myStatus in the problem detail agrees
        expect((await alice.api.getProblemDetail('1000')).myStatus).toBe(JudgeStatus.ACCEPTED);
      });
    });

    describe('sharing and code visibility', () => {
      it('hides the code from others until the owner shares it, and again after unsharing', async () => {
        expect((await bob.api.getSubmissionDetail(aliceWa)).submission.code).toBeNull();
        expect((await anon.api.getSubmissionDetail(aliceWa)).submission.code).toBeNull();
        // owner and admins always see it
        expect((await alice.api.getSubmissionDetail(aliceWa)).submission.code).toBe(WA_FROM_CASE_2);
        expect((await adam.api.getSubmissionDetail(aliceWa)).submission.code).toBe(WA_FROM_CASE_2);

        expect(await alice.api.updateSubmissionShare({ submitId: aliceWa, share: true })).toBe(
          'Shared successfully',
        );
        const shared = await bob.api.getSubmissionDetail(aliceWa);
        expect([shared.submission.share, shared.submission.code, shared.codeShare]).toEqual([
          true,
          WA_FROM_CASE_2,
          true,
        ]);
        expect((await anon.api.getSubmissionDetail(aliceWa)).submission.code).toBe(WA_FROM_CASE_2);

        const zh = testClient(server.url, 'zh-CN');
        zh.setToken(alice.token);
        expect(await zh.api.updateSubmissionShare({ submitId: aliceWa, share: false })).toBe('取消分享成功');
        expect(await alice.api.updateSubmissionShare({ submitId: aliceWa, share: false })).toBe(
          'Cancel Sharing Successfully',
        );
        expect((await bob.api.getSubmissionDetail(aliceWa)).submission.code).toBeNull();
      });

      it('lets only the owner or an admin change it; never anonymously', async () => {
        const e = await failure(bob.api.updateSubmissionShare({ submitId: aliceWa, share: true }));
        expect([e.httpStatus, e.message]).toEqual([
          403,
          'Only the author of the submission or an administrator can change its sharing.',
        ]);
        expect(
          (await failure(anon.api.updateSubmissionShare({ submitId: aliceWa, share: true }))).httpStatus,
        ).toBe(401);
        expect(
          (await failure(alice.api.updateSubmissionShare({ submitId: 987654, share: true }))).httpStatus,
        ).toBe(404);
        expect(await adam.api.updateSubmissionShare({ submitId: aliceWa, share: true })).toBe(
          'Shared successfully',
        );
        expect((await bob.api.getSubmissionDetail(aliceWa)).submission.code).toBe(WA_FROM_CASE_2);
        await alice.api.updateSubmissionShare({ submitId: aliceWa, share: false });
      });

      it('when the problem turns code sharing off: sharing is refused and shared code is hidden again', async () => {
        await alice.api.updateSubmissionShare({ submitId: aliceWa, share: true });
        await setProblem({ code_share: 0 });
        try {
          const e = await failure(alice.api.updateSubmissionShare({ submitId: aliceWa, share: true }));
          expect([e.httpStatus, e.message]).toEqual([403, 'Code sharing is turned off for this problem.']);
          const detail = await bob.api.getSubmissionDetail(aliceWa);
          expect([detail.submission.share, detail.submission.code, detail.codeShare]).toEqual([
            true,
            null,
            false,
          ]);
          expect((await alice.api.getSubmissionDetail(aliceWa)).submission.code).toBe(WA_FROM_CASE_2);
        } finally {
          await setProblem({ code_share: 1 });
          await alice.api.updateSubmissionShare({ submitId: aliceWa, share: false });
        }
      });

      it('refuses to share a contest submission', async () => {
        await server.server.ctx.db.kysely
          .updateTable('judge')
          .set({ cid: 7 })
          .where('submit_id', '=', aliceWa)
          .execute();
        try {
          const e = await failure(alice.api.updateSubmissionShare({ submitId: aliceWa, share: true }));
          expect([e.httpStatus, e.message]).toEqual([403, 'Contest submissions cannot be shared.']);
          const d = await failure(downloadWrongCase(server, alice, aliceWa));
          expect([d.httpStatus, d.message]).toEqual([
            403,
            'Test cases of contest submissions cannot be downloaded.',
          ]);
        } finally {
          await server.server.ctx.db.kysely
            .updateTable('judge')
            .set({ cid: 0 })
            .where('submit_id', '=', aliceWa)
            .execute();
        }
      });
    });

    describe('wrong-case download', () => {
      it('refuses others, anonymous callers, right answers and problems that hide their cases', async () => {
        const other = await failure(downloadWrongCase(server, bob, aliceWa));
        expect([other.httpStatus, other.message]).toEqual([
          403,
          'Only the author of the submission or an administrator can download its test case.',
        ]);
        expect((await bob.api.getWrongCaseInfo(aliceWa)).downloadable).toBe(false);
        expect((await failure(downloadWrongCase(server, anon, aliceWa))).httpStatus).toBe(401);
        expect((await failure(anon.api.getWrongCaseInfo(aliceWa))).httpStatus).toBe(401);
        expect((await failure(downloadWrongCase(server, alice, 987654))).httpStatus).toBe(404);
        expect((await failure(alice.api.getWrongCaseInfo(987654))).httpStatus).toBe(404);

        const right = await failure(downloadWrongCase(server, alice, aliceAc));
        expect([right.httpStatus, right.message]).toEqual([
          400,
          'Only a submission with a wrong result (WA, PE, TLE, MLE, RE or PA) has a failing test case to download.',
        ]);
        expect(await alice.api.getWrongCaseInfo(aliceAc)).toMatchObject({
          downloadable: false,
          reason:
            'Only a submission with a wrong result (WA, PE, TLE, MLE, RE or PA) has a failing test case to download.',
          caseSeq: null,
        });

        await setProblem({ open_case_result: 0 });
        try {
          const closed = await failure(downloadWrongCase(server, alice, aliceWa));
          expect([closed.httpStatus, closed.message]).toEqual([
            403,
            'This problem does not allow downloading its test cases.',
          ]);
        } finally {
          await setProblem({ open_case_result: 1 });
        }
        // none of these refusals used a download
        expect((await alice.api.getWrongCaseInfo(aliceWa)).remaining).toBe(2);
      });

      it('gives the owner the first failing case (input and expected output), twice a day, then 429', async () => {
        expect(await alice.api.getWrongCaseInfo(aliceWa)).toEqual({
          downloadable: true,
          reason: null,
          caseSeq: 2,
          dailyLimit: 2,
          remaining: 2,
        });
        expect(await downloadWrongCase(server, alice, aliceWa)).toEqual({
          '2.in': '-5 3\n',
          '2.out': '-2\n',
        });
        expect((await alice.api.getWrongCaseInfo(aliceWa)).remaining).toBe(1);
        expect(await downloadWrongCase(server, alice, aliceWa)).toEqual({
          '2.in': '-5 3\n',
          '2.out': '-2\n',
        });
        expect(await alice.api.getWrongCaseInfo(aliceWa)).toMatchObject({
          downloadable: false,
          reason: null,
          remaining: 0,
        });

        const third = await failure(downloadWrongCase(server, alice, aliceWa));
        expect([third.httpStatus, third.message]).toEqual([
          429,
          'You have used all 2 wrong-case downloads for today (UTC). Please try again tomorrow.',
        ]);
        const zh = await failure(downloadWrongCase(server, alice, aliceWa, 'zh-CN'));
        expect(zh.message).toBe('今天（UTC）的 2 次出错用例下载已用完，请明天再试。');

        // the quota is per user: bob still has his own two
        expect((await bob.api.getWrongCaseInfo(bobWa)).remaining).toBe(2);

        // a new UTC day gives new downloads
        const { db } = server.server.ctx;
        await db.kysely
          .updateTable('wrong_case_download')
          .set({ day: '2000-01-01' })
          .where('day', '=', utcDay())
          .execute();
        expect((await alice.api.getWrongCaseInfo(aliceWa)).remaining).toBe(2);
        expect(await downloadWrongCase(server, alice, aliceWa)).toHaveProperty('2.in');
        const { uuid } = await db.kysely
          .selectFrom('user_info')
          .select('uuid')
          .where('username', '=', 'alice')
          .executeTakeFirstOrThrow();
        const rows = await db.kysely
          .selectFrom('wrong_case_download')
          .selectAll()
          .where('uid', '=', uuid)
          .execute();
        // yesterday's counter is dropped when today's starts
        expect(rows.map((r) => [r.day, Number(r.count)])).toEqual([[utcDay(), 1]]);
      });

      it('gives an admin five a day, for anyone’s submission', async () => {
        expect((await adam.api.getWrongCaseInfo(bobWa)).dailyLimit).toBe(5);
        for (let i = 0; i < 5; i++) {
          expect(await downloadWrongCase(server, adam, bobWa)).toEqual({ '2.in': '-5 3\n', '2.out': '-2\n' });
        }
        const sixth = await failure(downloadWrongCase(server, adam, bobWa));
        expect([sixth.httpStatus, sixth.message]).toEqual([
          429,
          'You have used all 5 wrong-case downloads for today (UTC). Please try again tomorrow.',
        ]);
        // the admin's downloads did not use bob's
        expect((await bob.api.getWrongCaseInfo(bobWa)).remaining).toBe(2);
      });

      it('counts parallel downloads exactly: of eight at once, five get a zip', async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, () => downloadWrongCase(server, root, bobWa)),
        );
        const fulfilled = results.filter((r) => r.status === 'fulfilled');
        const refused = results.filter(
          (r) => r.status === 'rejected' && (r.reason as ApiError).httpStatus === 429,
        );
        expect([fulfilled.length, refused.length]).toEqual([5, 3]);
      });
    });

    describe('submission list filters', () => {
      it('Mine needs a login', async () => {
        const e = await failure(anon.api.getSubmissionList({ onlyMine: true }));
        expect([e.httpStatus, e.message]).toEqual([401, 'Please login first']);
        const mine = await alice.api.getSubmissionList({ onlyMine: true, limit: 100 });
        expect(mine.records.length).toBeGreaterThan(0);
        expect(mine.records.every((r) => r.username === 'alice')).toBe(true);
      });

      it('the author search is for admins only; an ordinary user may name only themselves', async () => {
        const e = await failure(bob.api.getSubmissionList({ username: 'alice' }));
        expect([e.httpStatus, e.message]).toEqual([
          403,
          'Only administrators can search submissions by author.',
        ]);
        expect((await failure(anon.api.getSubmissionList({ username: 'alice' }))).httpStatus).toBe(401);
        const own = await bob.api.getSubmissionList({ username: 'bob', limit: 100 });
        expect(own.total).toBeGreaterThan(0);
        expect(own.records.every((r) => r.username === 'bob')).toBe(true);
        // with Mine on, the author field is ignored (the client clears it)
        const mine = await bob.api.getSubmissionList({ onlyMine: true, username: 'alice', limit: 100 });
        expect(mine.records.every((r) => r.username === 'bob')).toBe(true);
        for (const admin of [adam, root]) {
          const found = await admin.api.getSubmissionList({ username: 'lic', limit: 100 });
          expect(found.total).toBeGreaterThan(0);
          expect(found.records.every((r) => r.username === 'alice')).toBe(true);
        }
      });

      it('problem ID: substring search, or the exact id with completeProblemID', async () => {
        expect((await bob.api.getSubmissionList({ problemID: '100' })).total).toBeGreaterThan(0);
        expect((await bob.api.getSubmissionList({ problemID: '100', completeProblemID: true })).total).toBe(
          0,
        );
        const exact = await bob.api.getSubmissionList({
          problemID: '1000',
          completeProblemID: true,
          limit: 100,
        });
        expect(exact.total).toBeGreaterThan(0);
        expect(exact.records.every((r) => r.displayPid === '1000')).toBe(true);
      });
    });

    it('rejudge is for the super admin only', async () => {
      for (const client of [alice, adam]) {
        const e = await failure(client.api.adminRejudge(aliceWa));
        expect(e.httpStatus).toBe(403);
      }
      expect((await failure(anon.api.adminRejudge(aliceWa))).httpStatus).toBe(401);
      const row = await root.api.adminRejudge(aliceWa);
      expect(row.status).toBe(JudgeStatus.PENDING);
      expect((await waitForVerdict(root, aliceWa)).status).toBe(JudgeStatus.WRONG_ANSWER);
    });
  });
});
