import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, failure, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('foundation API on $name', ({ name, databaseUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl });
    await createUser(server.server.ctx.db, {
      username: 'alice',
      password: 'alice123',
      email: 'alice@example.com',
    });
    await createUser(server.server.ctx.db, { username: 'bob', password: 'bob12345', roleId: Role.NO_SUBMIT });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('site and account', () => {
    it('serves the website config with our product marker', async () => {
      const config = await testClient(server.url).api.getWebsiteConfig();
      expect(config.product).toBe('verdict');
      expect(typeof config.register).toBe('boolean');
      expect(config).toHaveProperty('openContestComment');
    });

    it('refuses a wrong password with 400 and a message, in the caller language', async () => {
      const en = await failure(
        testClient(server.url, 'en-US').api.login({ username: 'root', password: 'wrongpass1' }),
      );
      expect(en.httpStatus).toBe(400);
      expect(en.status).toBe(400);
      expect(en.message).toMatch(/Wrong username or password/);
      const zh = await failure(
        testClient(server.url, 'zh-CN').api.login({ username: 'nobody', password: 'wrongpass1' }),
      );
      expect(zh.message).toBe('用户名或密码错误，请注意大小写！');
    });

    it('validates the login form on the server with the form messages', async () => {
      const c = testClient(server.url);
      expect((await failure(c.api.login({ username: 'root', password: '123' }))).message).toBe(
        'The length of the password is between 6 and 20.',
      );
      expect((await failure(c.api.login({ username: 'x'.repeat(21), password: '123456' }))).message).toBe(
        'The longest length of a username is 20.',
      );
    });

    it('logs in with the token in the Authorization header and gives the roles', async () => {
      const c = testClient(server.url);
      const res = await c.api.login({ username: 'root', password: server.rootPassword });
      expect(res.token.split('.')).toHaveLength(3);
      expect(res.userInfo.username).toBe('root');
      expect(res.userInfo.roleList).toEqual(['root']);
      c.setToken(res.token);
      expect((await c.api.getUserAuthInfo()).roles).toEqual(['root']);
      c.setToken(`Bearer ${res.token}`);
      expect((await c.api.getUserAuthInfo()).roles).toEqual(['root']);
    });

    it('answers 401 on a protected endpoint without a token, or with a bad one', async () => {
      const c = testClient(server.url);
      const none = await failure(c.api.getUserAuthInfo());
      expect([none.httpStatus, none.status]).toEqual([401, 401]);
      expect(none.message).toBe('Please login first');
      c.setToken('not.a.token');
      const bad = await failure(c.api.getUnreadCounts());
      expect(bad.httpStatus).toBe(401);
      expect(bad.message).toMatch(/expired/);
    });

    it('logout revokes every token of the user', async () => {
      const a = testClient(server.url);
      const b = testClient(server.url);
      await a.login('alice', 'alice123');
      await b.login('alice', 'alice123');
      await a.api.logout();
      expect((await failure(b.api.getUserAuthInfo())).httpStatus).toBe(401);
      expect((await failure(a.api.getUserAuthInfo())).httpStatus).toBe(401);
    });

    it('gives zero unread counts to a logged-in user and 401 otherwise', async () => {
      const c = testClient(server.url);
      expect((await failure(c.api.getUnreadCounts())).httpStatus).toBe(401);
      await c.login('alice', 'alice123');
      expect(await c.api.getUnreadCounts()).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    });
  });

  describe('problems', () => {
    it('lists languages found on this machine, C, C++ and Python3 among them', async () => {
      const names = (await testClient(server.url).api.getLanguages()).map((l) => l.name);
      expect(names).toEqual(expect.arrayContaining(['C', 'C++', 'Python3']));
    });

    it('lists problem 1000 with paging and keyword search', async () => {
      const c = testClient(server.url);
      const page = await c.api.getProblemList({ currentPage: 0, limit: 10 });
      expect(page.current).toBe(1);
      expect(page.records.find((p) => p.problemId === '1000')?.title).toBe('A+B Problem');
      expect((await c.api.getProblemList({ keyword: 'A+B' })).total).toBe(1);
      expect((await c.api.getProblemList({ keyword: 'no such problem' })).records).toEqual([]);
    });

    it('shows problem 1000 with its limits and samples', async () => {
      const detail = await testClient(server.url).api.getProblemDetail('1000');
      expect(detail.problem.title).toBe('A+B Problem');
      expect(detail.problem.timeLimit).toBe(1000);
      expect(detail.problem.memoryLimit).toBe(256);
      expect(detail.problem.examples).toContain('<input>1 2</input>');
      expect(detail.languages).toEqual(expect.arrayContaining(['C', 'C++', 'Python3']));
      expect(detail.myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
    });

    it('answers 404 for an unknown problem', async () => {
      const e = await failure(testClient(server.url).api.getProblemDetail('99999'));
      expect([e.httpStatus, e.status]).toEqual([404, 404]);
      expect(e.message).toBe('The problem does not exist.');
    });
  });

  describe('submitting', () => {
    it('refuses a submit without login (401)', async () => {
      const e = await failure(
        testClient(server.url).api.submitProblemJudge({ pid: '1000', language: 'C++', code: 'x' }),
      );
      expect(e.httpStatus).toBe(401);
    });

    it('refuses empty and over-long code with their messages, and queues nothing', async () => {
      const c = testClient(server.url);
      await c.login('root', server.rootPassword);
      const before = (await c.api.getSubmissionList({})).total;
      const empty = await failure(
        c.api.submitProblemJudge({ pid: '1000', language: 'C++', code: '  \n\t ' }),
      );
      expect([empty.httpStatus, empty.message]).toEqual([400, 'Code can not be empty']);
      const long = await failure(
        c.api.submitProblemJudge({ pid: '1000', language: 'C++', code: 'a'.repeat(65536) }),
      );
      expect([long.httpStatus, long.message]).toEqual([400, 'Code Length can not exceed 65535']);
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(c.token);
      expect(
        (await failure(zh.api.submitProblemJudge({ pid: '1000', language: 'C++', code: '' }))).message,
      ).toBe('代码不能为空');
      expect((await c.api.getSubmissionList({})).total).toBe(before);
    });

    it('refuses an unknown problem (404) and an unknown language (400)', async () => {
      const c = testClient(server.url);
      await c.login('root', server.rootPassword);
      expect(
        (await failure(c.api.submitProblemJudge({ pid: '424242', language: 'C++', code: 'x' }))).httpStatus,
      ).toBe(404);
      const lang = await failure(c.api.submitProblemJudge({ pid: '1000', language: 'Brainfuck', code: 'x' }));
      expect(lang.httpStatus).toBe(400);
      expect(lang.message).toMatch(/Brainfuck/);
    });

    it('refuses users whose role forbids submitting (403)', async () => {
      const c = testClient(server.url);
      await c.login('bob', 'bob12345');
      expect(
        (await failure(c.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C })))
          .httpStatus,
      ).toBe(403);
    });

    for (const language of ['C++', 'C', 'Python3']) {
      it(`judges A+B in ${language}: Pending, then Accepted with every case passed`, async () => {
        const c = testClient(server.url);
        await c.login('root', server.rootPassword);
        const sub = await c.api.submitProblemJudge({
          pid: '1000',
          language,
          code: A_PLUS_B[language],
          cid: 0,
        });
        expect(sub.submitId).toBeGreaterThan(0);
        expect(sub.status).toBe(JudgeStatus.PENDING);
        const final = await waitForVerdict(c, sub.submitId);
        expect(final.status).toBe(JudgeStatus.ACCEPTED);
        const detail = await c.api.getSubmissionDetail(sub.submitId);
        expect(detail.submission.code).toBe(A_PLUS_B[language]);
        expect(detail.submission.time).not.toBeNull();
        expect(detail.submission.memory).toBeGreaterThan(0);
        const cases = await c.api.getAllCaseResult(sub.submitId);
        expect(cases?.judgeCaseList?.length).toBeGreaterThanOrEqual(5);
        expect(cases?.judgeCaseList?.every((k) => k.status === JudgeStatus.ACCEPTED)).toBe(true);
      });
    }

    it('judges a wrong program as Wrong Answer and a broken one as Compile Error with the message', async () => {
      const c = testClient(server.url);
      await c.login('root', server.rootPassword);
      const wa = await c.api.submitProblemJudge({
        pid: '1000',
        language: 'Python3',
        code: 'a, b = map(int, input().split())\nprint(a - b)\n',
      });
      expect((await waitForVerdict(c, wa.submitId)).status).toBe(JudgeStatus.WRONG_ANSWER);
      const ce = await c.api.submitProblemJudge({
        pid: '1000',
        language: 'C++',
        code: 'int main() { return undefined_name; }\n',
      });
      expect((await waitForVerdict(c, ce.submitId)).status).toBe(JudgeStatus.COMPILE_ERROR);
      const detail = await c.api.getSubmissionDetail(ce.submitId);
      expect(detail.submission.errorMessage).toMatch(/undefined_name/);
      // Someone else sees neither the code nor the compiler's message.
      const anon = await testClient(server.url).api.getSubmissionDetail(ce.submitId);
      expect(anon.submission.code).toBeNull();
      expect(anon.submission.errorMessage).toBeNull();
    });

    it('makes ordinary users wait the site interval between submissions; admins are exempt', async () => {
      const c = testClient(server.url);
      await c.login('alice', 'alice123');
      const { db } = server.server.ctx;
      await db.kysely
        .insertInto('rate_lock')
        .values({ key: 'submit:ghost', expires_at: '2000-01-01T00:00:00.000Z' })
        .execute();
      await c.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: A_PLUS_B.Python3 });
      // taking a lock sweeps the expired ones of other users
      expect(
        await db.kysely.selectFrom('rate_lock').select('key').where('key', '=', 'submit:ghost').execute(),
      ).toEqual([]);
      const second = await failure(
        c.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: A_PLUS_B.Python3 }),
      );
      expect([second.httpStatus, second.status]).toEqual([429, 429]);
      expect(second.message).toMatch(/Submitting too fast. Please wait \d seconds/);
      const root = testClient(server.url);
      await root.login('root', server.rootPassword);
      await root.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: A_PLUS_B.Python3 });
      await root.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: A_PLUS_B.Python3 });
    });
  });

  describe('submission list', () => {
    it('filters by mine, status, problem and author, newest first', async () => {
      const c = testClient(server.url);
      expect((await failure(c.api.getSubmissionList({ onlyMine: true }))).httpStatus).toBe(401);
      await c.login('alice', 'alice123');
      const mine = await c.api.getSubmissionList({ onlyMine: true });
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.records.every((r) => r.username === 'alice')).toBe(true);
      const all = await c.api.getSubmissionList({ limit: 100 });
      const ids = all.records.map((r) => r.submitId);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.records.some((r) => r.username === 'root')).toBe(true);
      const ce = await c.api.getSubmissionList({ status: JudgeStatus.COMPILE_ERROR });
      expect(ce.records.length).toBeGreaterThan(0);
      expect(ce.records.every((r) => r.status === JudgeStatus.COMPILE_ERROR)).toBe(true);
      // totals are cached per filter for a few seconds, so the two lists are compared by their rows
      const of1000 = await c.api.getSubmissionList({
        problemID: '1000',
        completeProblemID: true,
        limit: 100,
      });
      expect(of1000.total).toBeGreaterThan(0);
      expect(of1000.records.every((r) => r.displayPid === '1000')).toBe(true);
      expect(of1000.records.map((r) => r.submitId)).toEqual(
        ids.filter((id) => all.records.find((r) => r.submitId === id)?.displayPid === '1000'),
      );
      expect((await c.api.getSubmissionList({ problemID: '1001', completeProblemID: true })).total).toBe(0);
      // the author search is for admin roles (tests/api/submission-extras.test.ts)
      expect((await failure(c.api.getSubmissionList({ username: 'roo' }))).httpStatus).toBe(403);
      const admin = testClient(server.url);
      await admin.login('root', server.rootPassword);
      const byRoot = await admin.api.getSubmissionList({ username: 'roo' });
      expect(byRoot.total).toBeGreaterThan(0);
      expect(byRoot.records.every((r) => r.username === 'root')).toBe(true);
      expect(all.records[0]).not.toHaveProperty('code');
    });

    it('answers 404 for an unknown submission', async () => {
      expect((await failure(testClient(server.url).api.getSubmissionDetail(987654))).httpStatus).toBe(404);
    });
  });

  describe('routing', () => {
    it('answers unknown /api paths with a 404 envelope', async () => {
      const res = await fetch(`${server.url}/api/no-such-endpoint`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, data: null });
    });

    it('serves the web app for any other path (client routes survive a reload)', async () => {
      for (const path of ['/', '/problem/1000', '/status?onlyMine=true']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status).toBe(200);
        // the root is marked when the server drew the screen inside it
        expect(await res.text()).toMatch(/<div id="root"( data-screen-drawn)?>/);
      }
    });

    it('answers a missing asset with 404, never with the page', async () => {
      const res = await fetch(`${server.url}/assets/no-such-chunk.js`);
      expect(res.status).toBe(404);
    });
  });
});
