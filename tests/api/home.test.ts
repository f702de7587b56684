import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { ContestStatus } from '../../shared/constants/contests';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { ProblemAuth } from '../../shared/constants/problems';
import { HOME_LIMITS } from '../../shared/constants/ranks';
import { Role } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudged } from '../helpers/rank-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * The home page's calls and HOJ's small problem calls at HOJ's paths (docs/architecture.md, Ranks
 * and home page): recent contests, other sites' contests, the week's leaders, the latest problems,
 * the week's submissions, a random problem, and one problem's tags, templates and languages, each
 * with HOJ's answer shape and rules.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Midnight (this machine's time zone, as the server's) `days` days before today, plus `ms`. */
const localDay = (days: number, ms = 0) => {
  const now = new Date();
  return new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days).getTime() + ms);
};
const mmdd = (d: Date) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** HOJ's field sets: ContestVO (Verdict's ContestVO has more, every one of HOJ's among them), ACMRankVO as the week's rank sends it, RecentUpdatedProblemVO, SubmissionStatisticsVO. */
const HOJ_CONTEST_FIELDS = [
  'id',
  'author',
  'title',
  'type',
  'source',
  'auth',
  'status',
  'startTime',
  'endTime',
  'duration',
  'oiRankScoreType',
  'gid',
  'count',
];
const LEADER_FIELDS = ['ac', 'avatar', 'nickname', 'titleColor', 'titleName', 'uid', 'username'];
const PROBLEM_FIELDS = ['gmtCreate', 'gmtModified', 'id', 'problemId', 'title', 'type'];

describe.each(DATABASES)('home page calls on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient & { uid: string };
  let user: TestClient & { uid: string };
  let anon: TestClient;
  let zh: TestClient;
  const pids: Record<string, number> = {};
  const uids: Record<string, string> = {};

  const db = () => server.server.ctx.db;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'hm_admin', { roleId: Role.ADMIN });
    user = await userClient(server, 'hm_user');
    anon = testClient(server.url);
    zh = testClient(server.url, 'zh-CN');
    for (const p of await db().kysely.selectFrom('problem').select(['id', 'problem_id']).execute()) {
      pids[p.problem_id] = p.id;
    }
    for (const username of ['hm_a', 'hm_b', 'hm_c', 'hm_off']) {
      uids[username] = await createUser(db(), { username, password: 'secret123' });
    }
    await db().kysely.updateTable('user_info').set({ status: 1 }).where('username', '=', 'hm_off').execute();
  }, 120_000);

  afterAll(async () => {
    await server?.destroy();
  });

  describe('recent contests', () => {
    it('lists visible contests not ended that start within 14 days, the latest start first, with HOJ ContestVO fields', async () => {
      const soon = await createContest(admin, [], { title: 'Soon', from: 3 * DAY, length: 2 * HOUR });
      await createContest(admin, [], { title: 'Far away', from: 20 * DAY, length: 2 * HOUR });
      await createContest(admin, [], { title: 'Long over', from: -3 * DAY, length: HOUR });
      await createContest(admin, [], {
        title: 'Hidden',
        from: DAY,
        length: HOUR,
        overrides: { visible: false },
      });
      await user.api.registerContest({ cid: soon });
      const list = await anon.api.getRecentContests();
      // the demo's OI contest starts tomorrow and its ACM contest is running
      expect(list.map((c) => c.title)).toEqual(['Soon', 'Verdict OI Open', 'Verdict Warm-up Round']);
      for (const c of list) for (const f of HOJ_CONTEST_FIELDS) expect(c).toHaveProperty(f);
      expect(list.map((c) => c.status)).toEqual([
        ContestStatus.SCHEDULED,
        ContestStatus.SCHEDULED,
        ContestStatus.RUNNING,
      ]);
      expect(list[0]).toMatchObject({ id: soon, count: 1, duration: 2 * 3600 });
      expect(list[0]).not.toHaveProperty('pwd');
    });
  });

  it("answers other sites' contests with an empty list (no crawler: this server makes no outside calls)", async () => {
    expect(await anon.api.getRecentOtherContests()).toEqual([]);
  });

  describe("the week's leaders", () => {
    it('counts public problems first solved since midnight seven days ago, most first; HOJ fields', async () => {
      const u = (username: string) => ({ uid: uids[username] ?? '', username });
      const p = (problemId: string) => ({ problemId, pid: pids[problemId] ?? 0 });
      const AC = JudgeStatus.ACCEPTED;
      await insertJudged(server, [
        // a: three this week, one solved long ago and again this week (counts once, as long ago)
        { ...u('hm_a'), ...p('1000'), status: AC, at: at(-2 * DAY) },
        { ...u('hm_a'), ...p('1001'), status: AC, at: at(-HOUR) },
        { ...u('hm_a'), ...p('1002'), status: AC, at: at(-3 * DAY) },
        { ...u('hm_a'), ...p('1003'), status: AC, at: localDay(30).toISOString() },
        { ...u('hm_a'), ...p('1003'), status: AC, at: at(-HOUR) },
        // b: one this week, and a wrong answer
        { ...u('hm_b'), ...p('1000'), status: AC, at: at(-HOUR) },
        { ...u('hm_b'), ...p('1001'), status: JudgeStatus.WRONG_ANSWER, at: at(-HOUR) },
        // c: solved only before the window, and in a contest this week
        {
          ...u('hm_c'),
          ...p('1000'),
          status: AC,
          at: localDay(HOME_LIMITS.weekLeaderDays, -HOUR).toISOString(),
        },
        { ...u('hm_c'), ...p('1002'), status: AC, at: at(-HOUR), cid: 1 },
        // a disabled account is never a leader
        { ...u('hm_off'), ...p('1000'), status: AC, at: at(-HOUR) },
        { ...u('hm_off'), ...p('1001'), status: AC, at: at(-HOUR) },
      ]);
      server.server.ctx.caches.ranks.leaders.clear();
      const leaders = await anon.api.getWeekLeaders();
      expect(leaders.map((l) => [l.username, l.ac])).toEqual([
        ['hm_a', 3],
        ['hm_b', 1],
      ]);
      for (const l of leaders) expect(Object.keys(l).sort()).toEqual(LEADER_FIELDS);
      expect(leaders[0]?.uid).toBe(uids.hm_a);
    });
  });

  describe('latest problems', () => {
    it('lists public problems, the one changed last first, with HOJ RecentUpdatedProblemVO fields', async () => {
      await db()
        .kysely.updateTable('problem')
        .set({ gmt_modified: at(-DAY) })
        .execute();
      await db()
        .kysely.updateTable('problem')
        .set({ gmt_modified: at(-60_000) })
        .where('problem_id', '=', '1002')
        .execute();
      await db()
        .kysely.updateTable('problem')
        .set({ gmt_modified: at(-30_000), auth: ProblemAuth.PRIVATE })
        .where('problem_id', '=', '1003')
        .execute();
      server.server.ctx.caches.home.problems.clear();
      const list = await anon.api.getRecentUpdatedProblems();
      expect(list[0]?.problemId).toBe('1002');
      expect(list.map((p) => p.problemId)).not.toContain('1003');
      expect(list.length).toBeLessThanOrEqual(HOME_LIMITS.recentProblems);
      for (const p of list) expect(Object.keys(p).sort()).toEqual(PROBLEM_FIELDS);
      expect(list[0]).toMatchObject({ id: pids['1002'], problemId: '1002', type: 0 });
      await db()
        .kysely.updateTable('problem')
        .set({ auth: ProblemAuth.PUBLIC })
        .where('problem_id', '=', '1003')
        .execute();
    });

    it('shows a problem root edits at once (this process drops the list when a problem changes)', async () => {
      await root.api.adminChangeProblemAuth({ id: pids['1003'] ?? 0, auth: ProblemAuth.PUBLIC });
      await db()
        .kysely.updateTable('problem')
        .set({ gmt_modified: at(0) })
        .where('problem_id', '=', '1001')
        .execute();
      await root.api.adminChangeProblemAuth({ id: pids['1001'] ?? 0, auth: ProblemAuth.PUBLIC });
      const list = await anon.api.getRecentUpdatedProblems();
      expect(list[0]?.problemId).toBe('1001');
    });
  });

  describe("the week's submissions", () => {
    it("counts every submission and the accepted ones per day, oldest first (HOJ's SubmissionStatisticsVO)", async () => {
      const uid = uids.hm_b ?? '';
      const base = { uid, username: 'hm_b', problemId: '1000', pid: pids['1000'] ?? 0 };
      server.server.ctx.caches.home.statistics.clear();
      const before = await anon.api.getLastWeekSubmissionStatistics();
      await insertJudged(server, [
        { ...base, status: JudgeStatus.ACCEPTED, at: localDay(0, 60_000).toISOString() },
        { ...base, status: JudgeStatus.WRONG_ANSWER, at: localDay(0, 120_000).toISOString() },
        { ...base, status: JudgeStatus.ACCEPTED, at: localDay(6, 60_000).toISOString() },
        // a contest's submissions count too (HOJ)
        { ...base, status: JudgeStatus.ACCEPTED, at: localDay(3, 60_000).toISOString(), cid: 1 },
        // before the window
        { ...base, status: JudgeStatus.ACCEPTED, at: localDay(7, 60_000).toISOString() },
      ]);
      expect(Object.keys(before).sort()).toEqual(['acCountList', 'dateStrList', 'totalCountList']);
      expect(before.dateStrList).toEqual(Array.from({ length: 7 }, (_, i) => mmdd(localDay(6 - i))));
      // kept a minute: the new ones are not counted yet, unless root asks for fresh counts
      const cached = await anon.api.getLastWeekSubmissionStatistics(true);
      expect(cached).toEqual(before);
      const fresh = await root.api.getLastWeekSubmissionStatistics(true);
      const plus = (a: number[], b: number[]) => a.map((v, i) => v - (b[i] ?? 0));
      expect(plus(fresh.totalCountList, before.totalCountList)).toEqual([1, 0, 0, 1, 0, 0, 2]);
      expect(plus(fresh.acCountList, before.acCountList)).toEqual([1, 0, 0, 1, 0, 0, 1]);
      expect(await anon.api.getLastWeekSubmissionStatistics()).toEqual(fresh);
    });
  });

  describe('a random problem', () => {
    it('picks a public problem (HOJ RandomProblemVO); none public: a clear 400 in both languages', async () => {
      const open = new Set(['1000', '1001', '1002', '1003']);
      for (let i = 0; i < 8; i++) {
        const pick = await anon.api.getRandomProblem();
        expect(Object.keys(pick)).toEqual(['problemId']);
        expect(open.has(pick.problemId)).toBe(true);
      }
      await db()
        .kysely.updateTable('problem')
        .set({ auth: ProblemAuth.PRIVATE })
        .where('problem_id', '!=', '1002')
        .execute();
      for (let i = 0; i < 4; i++) expect((await anon.api.getRandomProblem()).problemId).toBe('1002');
      await db().kysely.updateTable('problem').set({ auth: ProblemAuth.PRIVATE }).execute();
      const none = await failure(anon.api.getRandomProblem());
      expect(none.httpStatus).toBe(400);
      expect(none.message).toBe('There is no public problem to pick from yet.');
      expect((await failure(zh.api.getRandomProblem())).message).toBe('获取随机题目失败，题库暂无公开题目！');
      await db().kysely.updateTable('problem').set({ auth: ProblemAuth.PUBLIC }).execute();
    });
  });

  describe("one problem's tags, templates and languages (HOJ's common calls)", () => {
    it('answers anyone for a public problem, with HOJ shapes', async () => {
      const pid = pids['1000'] ?? 0;
      await db()
        .kysely.insertInto('problem_code_template')
        .values({ pid, language: 'C++', code: '// start' })
        .execute();
      const tags = await anon.raw.request<{ id: number; name: string }[]>('GET', '/api/get-problem-tags', {
        query: { pid },
      });
      expect(Array.isArray(tags)).toBe(true);
      for (const t of tags) expect(t).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      const templates = await anon.raw.request<{ pid: number; language: string; code: string }[]>(
        'GET',
        '/api/get-problem-code-template',
        { query: { pid } },
      );
      expect(templates).toEqual([
        { lid: expect.any(Number), pid, language: 'C++', code: '// start', status: true },
      ]);
      const languages = await anon.api.getProblemLanguages(pid);
      const all = await anon.api.getLanguages();
      expect(languages.map((l) => l.name)).toEqual(all.map((l) => l.name));
      for (const l of languages) expect(Object.keys(l).sort()).toEqual(Object.keys(all[0] ?? {}).sort());
      const every = await anon.raw.request<unknown[]>('GET', '/api/get-all-problem-tags', {
        query: { oj: 'ME' },
      });
      expect(Array.isArray(every)).toBe(true);
    });

    it('keeps a hidden problem to the admin roles (403), and says when it does not exist (404)', async () => {
      const pid = pids['1001'] ?? 0;
      await db()
        .kysely.updateTable('problem')
        .set({ auth: ProblemAuth.PRIVATE })
        .where('id', '=', pid)
        .execute();
      for (const path of [
        '/api/get-problem-tags',
        '/api/get-problem-code-template',
        '/api/get-problem-languages',
      ]) {
        for (const client of [anon, user]) {
          const refused = await failure(client.raw.request('GET', path, { query: { pid } }));
          expect(refused.httpStatus).toBe(403);
          expect(refused.message).toBe('This problem is not public.');
        }
        await admin.raw.request('GET', path, { query: { pid } });
        const missing = await failure(anon.raw.request('GET', path, { query: { pid: 987654 } }));
        expect(missing.httpStatus).toBe(404);
      }
      await db()
        .kysely.updateTable('problem')
        .set({ auth: ProblemAuth.PUBLIC })
        .where('id', '=', pid)
        .execute();
    });
  });

  it('serves the carousel list to visitors (HOJ: id and url)', async () => {
    expect(await anon.api.getHomeCarouselImages()).toEqual([]);
  });
});
