import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import { createUser } from '../../server/services/auth/users';
import { rebuildRankStats } from '../../server/services/ranks/stats';
import type { Page } from '../../shared/api/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { ProblemAuth } from '../../shared/constants/problems';
import { RANK_LIMITS } from '../../shared/constants/ranks';
import { Role, type RoleId } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudged } from '../helpers/rank-rows';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The site's ranks at HOJ's path (docs/architecture.md, Ranks and home page): HOJ's ACMRankVO and
 * OIRankVO shapes and orders, who is listed, what counts (public problems outside contests), paging
 * and search, the records kept current as verdicts, rejudges, visibility changes and deletions
 * arrive, and the two answers HOJ's client read wrongly before: the user home's scoreList and an
 * ACM problem's case scores.
 */

/** HOJ's ACMRankVO fields, and OIRankVO's (Verdict sends no field HOJ does not). */
const ACM_FIELDS = [
  'ac',
  'avatar',
  'nickname',
  'rating',
  'signature',
  'titleColor',
  'titleName',
  'total',
  'uid',
  'username',
];
const OI_FIELDS = [
  'ac',
  'avatar',
  'nickname',
  'score',
  'signature',
  'titleColor',
  'titleName',
  'total',
  'uid',
  'username',
];

interface Sub {
  uid: string;
  username: string;
  problemId: string;
  status: number;
  oiRankScore?: number | null;
  cid?: number;
  at?: string;
}

describe.each(DATABASES)('ranks on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let anon: TestClient;
  const uids: Record<string, string> = {};
  const pids: Record<string, number> = {};
  let warmup = 0;

  const db = () => server.server.ctx.db;

  /** Submissions written straight to the table, then told to the server as a judge would. */
  const submit = (subs: Sub[]) =>
    insertJudged(
      server,
      subs.map((s) => ({ ...s, pid: pids[s.problemId] ?? 0 })),
    );

  const acm = (query: { currentPage?: number; limit?: number; searchUser?: string } = {}) =>
    anon.api.getAcmRank({ limit: 100, ...query });
  const oi = (query: { currentPage?: number; limit?: number; searchUser?: string } = {}) =>
    anon.api.getOiRank({ limit: 100, ...query });
  const row = <T extends { username: string }>(page: Page<T>, username: string) =>
    page.records.find((r) => r.username === username);
  /** a rank page answered after the records changed (this process drops its pages at most every second) */
  const settled = async <T>(read: () => Promise<T>, test: (value: T) => boolean): Promise<T> => {
    let value = await read();
    const deadline = Date.now() + 10_000;
    while (!test(value) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      value = await read();
    }
    return value;
  };

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    anon = testClient(server.url);
    const people: [string, string | undefined, RoleId | undefined][] = [
      ['rk_ana', 'Anaconda', undefined],
      ['rk_ben', undefined, undefined],
      ['rk_cat', 'Captain 100%', undefined],
      ['rk_dan', undefined, Role.ADMIN],
      ['rk_eve', undefined, undefined],
    ];
    for (const [username, nickname, roleId] of people) {
      uids[username] = await createUser(db(), {
        username,
        password: 'secret123',
        ...(nickname ? { nickname } : {}),
        ...(roleId ? { roleId } : {}),
      });
    }
    await db().kysely.updateTable('user_info').set({ status: 1 }).where('username', '=', 'rk_eve').execute();
    await db()
      .kysely.updateTable('user_info')
      .set({ signature: 'x'.repeat(150), title_name: 'Legend', title_color: '#e11d48' })
      .where('username', '=', 'rk_ben')
      .execute();
    for (const p of await db().kysely.selectFrom('problem').select(['id', 'problem_id']).execute()) {
      pids[p.problem_id] = p.id;
    }
    pids.RK1 = await insertProblem(db(), server.server.ctx.files, {
      problemId: 'RK1',
      title: 'Soon gone',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      difficulty: 1,
      description: 'x',
      input: 'x',
      output: 'x',
      hint: '',
      source: '',
      examples: [],
      cases: [{ input: '1\n', output: '1\n', score: 100 }],
      tags: [],
    });
    warmup = (
      await db()
        .kysely.selectFrom('contest')
        .select('id')
        .where('title', '=', 'Verdict Warm-up Round')
        .executeTakeFirstOrThrow()
    ).id;
    const u = (username: string) => ({ uid: uids[username] ?? '', username });
    const AC = JudgeStatus.ACCEPTED;
    const WA = JudgeStatus.WRONG_ANSWER;
    await submit([
      // ana: 3 solved in 5 submissions; 1001 and 1003 are OI problems (best scores 40 and 90)
      { ...u('rk_ana'), problemId: '1000', status: WA },
      { ...u('rk_ana'), problemId: '1000', status: AC },
      { ...u('rk_ana'), problemId: '1001', status: AC, oiRankScore: 40 },
      { ...u('rk_ana'), problemId: '1003', status: JudgeStatus.PARTIAL_ACCEPTED, oiRankScore: 50 },
      { ...u('rk_ana'), problemId: '1003', status: AC, oiRankScore: 90 },
      // ben: 3 solved in 3 submissions: above ana in ACM (fewer submissions), below her in OI
      { ...u('rk_ben'), problemId: '1000', status: AC },
      { ...u('rk_ben'), problemId: '1001', status: AC, oiRankScore: 30 },
      { ...u('rk_ben'), problemId: '1002', status: AC },
      // cat: one solved, and contest submissions that count for nothing here
      { ...u('rk_cat'), problemId: '1002', status: AC },
      { ...u('rk_cat'), problemId: '1000', status: AC, cid: warmup },
      { ...u('rk_cat'), problemId: '1001', status: AC, oiRankScore: 99, cid: warmup },
      // a disabled account is not ranked whatever it solved
      { ...u('rk_eve'), problemId: '1000', status: AC },
      { ...u('rk_eve'), problemId: '1002', status: AC },
      { ...u('rk_eve'), problemId: '1003', status: AC, oiRankScore: 100 },
    ]);
  }, 120_000);

  afterAll(async () => {
    await server?.destroy();
  });

  it('ACM: solved first, then fewer submissions, then the username; HOJ ACMRankVO; disabled accounts out', async () => {
    const page = await acm();
    expect(page.records.map((r) => [r.username, r.ac, r.total])).toEqual([
      ['rk_ben', 3, 3],
      ['rk_ana', 3, 5],
      ['rk_cat', 1, 1],
      // admins are ranked like everyone (HOJ), and accounts without submissions, with zeros
      ['rk_dan', 0, 0],
      ['root', 0, 0],
    ]);
    for (const r of page.records) expect(Object.keys(r).sort()).toEqual(ACM_FIELDS);
    expect(page).toMatchObject({ total: 5, size: 100, current: 1, pages: 1 });
    // the title and the first 100 characters of the signature (HOJ)
    expect(row(page, 'rk_ben')).toMatchObject({
      titleName: 'Legend',
      titleColor: '#e11d48',
      nickname: null,
      rating: null,
    });
    expect(row(page, 'rk_ben')?.signature).toBe('x'.repeat(RANK_LIMITS.signatureMax));
    expect(row(page, 'rk_ana')).toMatchObject({ uid: uids.rk_ana, nickname: 'Anaconda', avatar: null });
  });

  it('OI: the best OI rank score of each public problem summed, then problems solved; HOJ OIRankVO', async () => {
    const page = await oi();
    expect(page.records.map((r) => [r.username, r.score, r.ac, r.total])).toEqual([
      ['rk_ana', 130, 3, 5],
      ['rk_ben', 30, 3, 3],
      ['rk_cat', 0, 1, 1],
      ['rk_dan', 0, 0, 0],
      ['root', 0, 0, 0],
    ]);
    for (const r of page.records) expect(Object.keys(r).sort()).toEqual(OI_FIELDS);
  });

  it('pages like HOJ: limit and currentPage; a size above the largest is cut to it', async () => {
    const first = await acm({ limit: 2, currentPage: 1 });
    const second = await acm({ limit: 2, currentPage: 2 });
    const third = await acm({ limit: 2, currentPage: 3 });
    expect(first).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    expect([first, second, third].map((p) => p.records.map((r) => r.username))).toEqual([
      ['rk_ben', 'rk_ana'],
      ['rk_cat', 'rk_dan'],
      ['root'],
    ]);
    const huge = await anon.api.getAcmRank({ limit: 5000 });
    expect(huge.size).toBe(RANK_LIMITS.maxPageSize);
    // no limit: HOJ's 30
    expect((await anon.api.getAcmRank({})).size).toBe(RANK_LIMITS.pageSize);
  });

  it('searches usernames and nicknames, ignoring case and taking % literally', async () => {
    expect((await acm({ searchUser: 'RK_A' })).records.map((r) => r.username)).toEqual(['rk_ana']);
    expect((await acm({ searchUser: 'anacon' })).records.map((r) => r.username)).toEqual(['rk_ana']);
    expect((await oi({ searchUser: '100%' })).records.map((r) => r.username)).toEqual(['rk_cat']);
    expect((await acm({ searchUser: '%' })).records.map((r) => r.username)).toEqual(['rk_cat']);
    const none = await acm({ searchUser: 'nobody-here' });
    expect(none).toMatchObject({ total: 0, records: [] });
    // a disabled account is not found either
    expect((await acm({ searchUser: 'rk_eve' })).total).toBe(0);
  });

  it('refuses a wrong type or an overlong search with a clear 400, in both languages', async () => {
    const wrongType = await failure(anon.raw.request('GET', '/api/get-rank-list', { query: { type: 2 } }));
    expect(wrongType.httpStatus).toBe(400);
    expect(wrongType.message).toBe('The rank type must be 0 (ACM) or 1 (OI).');
    const noType = await failure(anon.raw.request('GET', '/api/get-rank-list', { query: {} }));
    expect(noType.httpStatus).toBe(400);
    expect(noType.message).toBe('The rank type must be 0 (ACM) or 1 (OI).');
    const zh = testClient(server.url, 'zh-CN');
    const zhType = await failure(zh.raw.request('GET', '/api/get-rank-list', { query: { type: 'x' } }));
    expect(zhType.message).toBe('排行榜类型必须是 0（ACM）或 1（OI）。');
    const long = await failure(anon.api.getAcmRank({ searchUser: 'a'.repeat(RANK_LIMITS.searchMax + 1) }));
    expect(long.httpStatus).toBe(400);
    expect(long.message).toBe('Search for at most 64 characters.');
  });

  it('follows verdicts: a manual verdict and a rejudge change the rank', async () => {
    const [id] = await submit([
      { uid: uids.rk_cat ?? '', username: 'rk_cat', problemId: '1003', status: JudgeStatus.WRONG_ANSWER },
    ]);
    const wrong = await settled(acm, (p) => row(p, 'rk_cat')?.total === 2);
    expect(row(wrong, 'rk_cat')).toMatchObject({ ac: 1, total: 2 });
    await root.api.adminManualJudge({ submitId: id ?? 0, status: JudgeStatus.ACCEPTED, score: 100 });
    const judged = await settled(acm, (p) => row(p, 'rk_cat')?.ac === 2);
    expect(row(judged, 'rk_cat')).toMatchObject({ ac: 2, total: 2 });
    // 1003 is an OI problem of difficulty 3: the manual score counts in the OI rank
    expect(
      row(await settled(oi, (p) => (row(p, 'rk_cat')?.score ?? 0) > 0), 'rk_cat')?.score,
    ).toBeGreaterThan(0);
    await root.api.adminRejudge(id ?? 0);
    const requeued = await settled(acm, (p) => row(p, 'rk_cat')?.ac === 1);
    // back in the queue: still a submission, no longer accepted
    expect(row(requeued, 'rk_cat')).toMatchObject({ ac: 1, total: 2 });
  });

  it('counts public problems only: hiding one takes it out, publishing it brings it back', async () => {
    await root.api.adminChangeProblemAuth({ id: pids['1002'] ?? 0, auth: ProblemAuth.PRIVATE });
    const hidden = await settled(acm, (p) => row(p, 'rk_ben')?.ac === 2);
    expect(row(hidden, 'rk_ben')).toMatchObject({ ac: 2, total: 2 });
    await root.api.adminChangeProblemAuth({ id: pids['1002'] ?? 0, auth: ProblemAuth.PUBLIC });
    const back = await settled(acm, (p) => row(p, 'rk_ben')?.ac === 3);
    expect(row(back, 'rk_ben')).toMatchObject({ ac: 3, total: 3 });
  });

  it('forgets a deleted problem', async () => {
    await submit([
      { uid: uids.rk_dan ?? '', username: 'rk_dan', problemId: 'RK1', status: JudgeStatus.ACCEPTED },
    ]);
    expect(row(await settled(acm, (p) => row(p, 'rk_dan')?.ac === 1), 'rk_dan')).toMatchObject({
      ac: 1,
      total: 1,
    });
    await root.api.adminDeleteProblem(pids.RK1 ?? 0);
    const after = await settled(acm, (p) => row(p, 'rk_dan')?.ac === 0);
    expect(row(after, 'rk_dan')).toMatchObject({ ac: 0, total: 0 });
    const left = await db()
      .kysely.selectFrom('user_problem_stat')
      .select('pid')
      .where('pid', '=', pids.RK1 ?? 0)
      .execute();
    expect(left).toEqual([]);
  });

  it('a full rebuild from the submissions gives the same rank as the records kept on the way', async () => {
    server.server.ctx.caches.ranks.pages.clear();
    const kept = await oi();
    await rebuildRankStats(db());
    server.server.ctx.caches.ranks.pages.clear();
    const rebuilt = await oi();
    expect(rebuilt.records.map((r) => [r.username, r.score, r.ac, r.total])).toEqual(
      kept.records.map((r) => [r.username, r.score, r.ac, r.total]),
    );
  });

  it("the user home sends HOJ's scoreList: the best OI rank score of each public problem", async () => {
    const home = await anon.api.getUserHomeInfo({ username: 'rk_ana' });
    expect([...home.scoreList].sort((a, b) => a - b)).toEqual([40, 90]);
    expect((await anon.api.getUserHomeInfo({ username: 'rk_dan' })).scoreList).toEqual([]);
  });

  it("sends no score for an ACM problem's cases (HOJ: null, not 0), and an OI problem's case scores", async () => {
    const [acmId, oiId] = await submit([
      { uid: uids.rk_ana ?? '', username: 'rk_ana', problemId: '1000', status: JudgeStatus.WRONG_ANSWER },
      { uid: uids.rk_ana ?? '', username: 'rk_ana', problemId: '1001', status: JudgeStatus.PARTIAL_ACCEPTED },
    ]);
    for (const [id, problemId, score] of [
      [acmId, '1000', 0],
      [oiId, '1001', 30],
    ] as const) {
      await db()
        .kysely.insertInto('judge_case')
        .values({
          submit_id: id ?? 0,
          attempt: 1,
          pid: pids[problemId] ?? 0,
          uid: uids.rk_ana ?? '',
          case_id: 1,
          seq: 1,
          status: JudgeStatus.WRONG_ANSWER,
          time: 5,
          memory: 1024,
          score,
          user_output: null,
          group_num: null,
          mode: 'default',
        })
        .execute();
    }
    const acmCases = await root.api.getAllCaseResult(acmId ?? 0);
    expect(acmCases?.judgeCaseList?.map((c) => c.score)).toEqual([null]);
    const oiCases = await root.api.getAllCaseResult(oiId ?? 0);
    expect(oiCases?.judgeCaseList?.map((c) => c.score)).toEqual([30]);
  });
});
