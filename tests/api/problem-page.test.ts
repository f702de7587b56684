import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { createUser } from '../../server/services/auth/users';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The problem list and problem page calls: own status marks, list filters, tags by
 * classification, the problem detail's fields and visibility, Problem Annex files and the
 * Explain list.
 */

function problem(problemId: string, overrides: Partial<DemoProblem> = {}): DemoProblem {
  return {
    problemId,
    title: `Problem ${problemId}`,
    type: 0,
    timeLimit: 1000,
    memoryLimit: 128,
    difficulty: 0,
    description: 'd',
    input: 'i',
    output: 'o',
    hint: '',
    source: '',
    examples: [{ input: '1', output: '1' }],
    cases: [{ input: '1\n', output: '1\n', score: 0 }],
    tags: [],
    ...overrides,
  };
}

describe.each(DATABASES)('problem list and problem page on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let anon: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let admin: TestClient;
  let aliceUid: string;
  let bobUid: string;
  const pid: Record<string, number> = {};

  const db = () => server.server.ctx.db;

  /** A finished submission, as the judge leaves it. */
  async function addSubmission(s: {
    uid: string;
    username: string;
    problemId: string;
    status: number;
    score?: number | null;
    cid?: number;
  }): Promise<number> {
    const now = new Date().toISOString();
    const row = await db()
      .kysely.insertInto('judge')
      .values({
        pid: pid[s.problemId] ?? 0,
        display_pid: s.problemId,
        uid: s.uid,
        username: s.username,
        submit_time: now,
        status: s.status,
        share: 0,
        error_message: null,
        time: 10,
        memory: 1024,
        score: s.score ?? null,
        length: 10,
        code: 'code',
        language: 'C++',
        cid: s.cid ?? 0,
        cpid: 0,
        gid: null,
        judger: 'test',
        ip: null,
        oi_rank_score: null,
        is_manual: 0,
        attempt: 1,
        lease_owner: null,
        lease_expires_at: null,
        gmt_modified: now,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return row.submit_id;
  }

  async function addDiscussion(d: {
    pid: string | null;
    title: string;
    created: string;
    status?: number;
    top?: boolean;
  }): Promise<void> {
    await db()
      .kysely.insertInto('discussion')
      .values({
        category_id: null,
        title: d.title,
        description: `about ${d.title}`,
        content: `# ${d.title}\n\nThe idea.`,
        pid: d.pid,
        uid: aliceUid,
        author: 'alice',
        avatar: null,
        role: 'user',
        view_num: 3,
        like_num: 1,
        comment_num: 0,
        top_priority: d.top ? 1 : 0,
        status: d.status ?? 0,
        gid: null,
        gmt_create: d.created,
        gmt_modified: d.created,
      })
      .execute();
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const { files } = server.server.ctx;
    aliceUid = await createUser(db(), { username: 'alice', password: 'alice123' });
    bobUid = await createUser(db(), { username: 'bob', password: 'bob12345' });
    await createUser(db(), { username: 'adam', password: 'adam1234', roleId: Role.ADMIN });
    anon = testClient(server.url);
    alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    bob = testClient(server.url);
    await bob.login('bob', 'bob12345');
    admin = testClient(server.url);
    await admin.login('adam', 'adam1234');

    const extra: DemoProblem[] = [
      problem('T1', { title: 'Shortest Paths', difficulty: 4, tags: ['Graph', 'DP'] }),
      problem('T2', { title: 'Spanning Trees', difficulty: 4, tags: ['Graph'] }),
      problem('T3', { title: 'Knapsack 100%_off', difficulty: 5, tags: ['DP'] }),
      problem('H1', { title: 'Hidden Graph', difficulty: 4, tags: ['Graph', 'Secret'] }),
      problem('A1', { title: 'With Files', difficulty: 2 }),
    ];
    for (const p of extra) await insertProblem(db(), files, p);
    for (const row of await db().kysely.selectFrom('problem').select(['id', 'problem_id']).execute()) {
      pid[row.problem_id] = row.id;
    }
    const files1 = JSON.stringify({ 'helper.h': 'int helper(void);\n', '说明.txt': '中文说明' });
    await db()
      .kysely.updateTable('problem')
      .set({ auth: 2, user_extra_file: files1 })
      .where('problem_id', '=', 'H1')
      .execute();
    await db()
      .kysely.updateTable('problem')
      .set({ user_extra_file: files1 })
      .where('problem_id', '=', 'A1')
      .execute();

    // alice: 1000 accepted between two wrong answers; 1001 (OI) tried with a partial score;
    // 1002 only inside a contest (does not count); bob accepted 1002 (not alice's)
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1000',
      status: JudgeStatus.WRONG_ANSWER,
    });
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1000',
      status: JudgeStatus.ACCEPTED,
    });
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1000',
      status: JudgeStatus.WRONG_ANSWER,
    });
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1001',
      status: JudgeStatus.WRONG_ANSWER,
      score: 20,
    });
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1001',
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 60,
    });
    await addSubmission({
      uid: aliceUid,
      username: 'alice',
      problemId: '1002',
      status: JudgeStatus.ACCEPTED,
      cid: 1000,
    });
    await addSubmission({ uid: bobUid, username: 'bob', problemId: '1002', status: JudgeStatus.ACCEPTED });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('POST /api/get-user-problem-status', () => {
    it('marks accepted (AC wins), tried (latest verdict and score) and none (-10) per problem id', async () => {
      const ids = [pid['1000'], pid['1001'], pid['1002'], pid.T1, 987654] as number[];
      const marks = await alice.api.getUserProblemStatus({ pidList: ids, isContestProblemList: false });
      expect(marks[String(pid['1000'])]?.status).toBe(JudgeStatus.ACCEPTED);
      expect(marks[String(pid['1001'])]).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 60 });
      // a contest submission and another user's AC do not count
      expect(marks[String(pid['1002'])]?.status).toBe(JudgeStatus.NOT_SUBMITTED);
      expect(marks[String(pid.T1)]?.status).toBe(JudgeStatus.NOT_SUBMITTED);
      expect(marks['987654']?.status).toBe(JudgeStatus.NOT_SUBMITTED);
      expect(Object.keys(marks).sort()).toEqual(ids.map(String).sort());

      const bobs = await bob.api.getUserProblemStatus({
        pidList: [pid['1000'] as number, pid['1002'] as number],
      });
      expect(bobs[String(pid['1000'])]?.status).toBe(JudgeStatus.NOT_SUBMITTED);
      expect(bobs[String(pid['1002'])]?.status).toBe(JudgeStatus.ACCEPTED);
    });

    it('needs a login (401) and refuses a contest list while no contest exists (404)', async () => {
      const e = await failure(anon.api.getUserProblemStatus({ pidList: [pid['1000'] as number] }));
      expect(e.httpStatus).toBe(401);
      expect(e.message).toBe('Please login first');
      const contest = await failure(
        alice.api.getUserProblemStatus({
          pidList: [pid['1000'] as number],
          isContestProblemList: true,
          cid: 5,
        }),
      );
      expect(contest.httpStatus).toBe(404);
      const bad = await failure(
        alice.raw.request('POST', '/api/get-user-problem-status', { body: { pidList: 'x' } }),
      );
      expect(bad.httpStatus).toBe(400);
    });
  });

  describe('GET /api/get-problem-list', () => {
    const ids = (page: { records: { problemId: string }[] }) => page.records.map((r) => r.problemId);

    it('finds by keyword in titles and ids, without case and with % and _ taken literally', async () => {
      expect(ids(await anon.api.getProblemList({ keyword: 'a+B' }))).toEqual(['1000']);
      expect(ids(await anon.api.getProblemList({ keyword: 'T2' }))).toEqual(['T2']);
      expect(ids(await anon.api.getProblemList({ keyword: 'paths' }))).toEqual(['T1']);
      expect(ids(await anon.api.getProblemList({ keyword: '100%_' }))).toEqual(['T3']);
      expect(ids(await anon.api.getProblemList({ keyword: '%' }))).toEqual(['T3']);
      expect(ids(await anon.api.getProblemList({ keyword: '_' }))).toEqual(['T3']);
      expect((await anon.api.getProblemList({ keyword: 'no such thing' })).total).toBe(0);
    });

    it('filters by difficulty and by tags (every tag asked for), never listing hidden problems', async () => {
      const tags = new Map(
        (await db().kysely.selectFrom('tag').select(['id', 'name']).execute()).map((t) => [t.name, t.id]),
      );
      const graph = tags.get('Graph') as number;
      const dp = tags.get('DP') as number;
      expect(ids(await anon.api.getProblemList({ difficulty: 4 }))).toEqual(['T1', 'T2']);
      expect(ids(await anon.api.getProblemList({ difficulty: 5 }))).toEqual(['T3']);
      expect(ids(await anon.api.getProblemList({ tagId: [graph] }))).toEqual(['T1', 'T2']);
      expect(ids(await anon.api.getProblemList({ tagId: [graph, dp] }))).toEqual(['T1']);
      expect(ids(await anon.api.getProblemList({ tagId: [dp], difficulty: 5 }))).toEqual(['T3']);
      expect(ids(await anon.api.getProblemList({ tagId: [dp], keyword: 'short' }))).toEqual(['T1']);
      // the repeated query key as HOJ clients send it
      const raw = await fetch(`${server.url}/api/get-problem-list?tagId=${graph}&tagId=${dp}`);
      expect(((await raw.json()) as { data: { total: number } }).data.total).toBe(1);
      const all = await anon.api.getProblemList({ limit: 100 });
      expect(ids(all)).not.toContain('H1');
      expect(all.total).toBe(8);
    });

    it('pages and carries the AC rate counts of non-contest submissions', async () => {
      const first = await anon.api.getProblemList({ limit: 3, currentPage: 1 });
      const second = await anon.api.getProblemList({ limit: 3, currentPage: 2 });
      expect(first).toMatchObject({ total: 8, size: 3, current: 1, pages: 3 });
      expect(ids(first)).toEqual(['A1', 'T1', 'T2']);
      expect(ids(second)).toEqual(['T3', '1000', '1001']);
      const beyond = await anon.api.getProblemList({ limit: 3, currentPage: 9 });
      expect(beyond.records).toEqual([]);
      const aPlusB = (await anon.api.getProblemList({ keyword: '1000' })).records[0];
      expect(aPlusB).toMatchObject({ total: 3, ac: 1, wa: 2 });
      // the contest AC of 1002 is not counted, bob's normal AC is
      const sqrt = (await anon.api.getProblemList({ keyword: '1002' })).records[0];
      expect(sqrt).toMatchObject({ total: 1, ac: 1 });
    });
  });

  describe('GET /api/get-problem-tags-and-classification', () => {
    it('groups the tags of public problems by classification, then the unclassified ones', async () => {
      const now = new Date().toISOString();
      const graphTheory = await db()
        .kysely.insertInto('tag_classification')
        .values({ name: 'Graph theory', type: 1, oj: 'ME', rank: 1, gmt_create: now, gmt_modified: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .kysely.insertInto('tag_classification')
        .values({ name: 'Contests', type: 2, oj: 'ME', rank: 0, gmt_create: now, gmt_modified: now })
        .execute();
      await db()
        .kysely.updateTable('tag')
        .set({ tcid: graphTheory.id })
        .where('name', '=', 'Graph')
        .execute();
      const groups = await anon.api.getProblemTagsAndClassification();
      expect(groups.map((g) => g.classification?.name ?? null)).toEqual(['Graph theory', 'Contests', null]);
      expect(groups[0]?.classification).toMatchObject({ type: 1, rank: 1 });
      expect(groups[0]?.tagList.map((t) => t.name)).toEqual(['Graph']);
      expect(groups[1]?.tagList).toEqual([]);
      const other = groups[2]?.tagList.map((t) => t.name) ?? [];
      expect(other).toEqual(expect.arrayContaining(['DP', 'Beginner', 'OI']));
      // only the hidden problem carries it: a filter on it could never match
      expect(other).not.toContain('Secret');
      expect(other).not.toContain('Graph');
    });
  });

  describe('GET /api/get-problem-detail', () => {
    it('returns problem, counts, tags, languages, templates, limit factors and the caller’s status', async () => {
      const detail = await alice.api.getProblemDetail('1000');
      expect(detail.problem).toMatchObject({ problemId: '1000', title: 'A+B Problem', timeLimit: 1000 });
      expect(detail.problem).not.toHaveProperty('spjCode');
      expect(detail.problem).not.toHaveProperty('judgeExtraFile');
      expect(detail.problemCount).toMatchObject({ total: 3, ac: 1, wa: 2 });
      expect(detail.tags.map((t) => t.name)).toEqual(['Beginner']);
      expect(detail.languages).toContain('C++');
      expect(detail.codeTemplate['C++']).toContain('main');
      expect(detail.limitFactors?.['C++']).toEqual({ time: 1, memory: 1 });
      for (const scripted of ['Python3', 'Java'].filter((l) => detail.languages.includes(l))) {
        expect(detail.limitFactors?.[scripted]).toEqual({ time: 2, memory: 2 });
      }
      expect(detail.myStatus).toBe(JudgeStatus.ACCEPTED);
      expect((await bob.api.getProblemDetail('1000')).myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
      expect((await anon.api.getProblemDetail('1000')).myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
    });

    it('is 404 for a missing problem and 403 for a hidden one except to admins', async () => {
      expect((await failure(anon.api.getProblemDetail('NOPE'))).httpStatus).toBe(404);
      const hidden = await failure(alice.api.getProblemDetail('H1'));
      expect(hidden.httpStatus).toBe(403);
      expect(hidden.message).toBe('This problem is not public.');
      expect((await failure(anon.api.getProblemDetail('H1'))).httpStatus).toBe(403);
      expect((await admin.api.getProblemDetail('H1')).problem.title).toBe('Hidden Graph');
      const zh = testClient(server.url, 'zh-CN');
      expect((await failure(zh.api.getProblemDetail('H1'))).message).toBe('该题目未公开。');
    });
  });

  describe('Problem Annex', () => {
    const download = (client: TestClient, problemId: string, fileName: string) =>
      fetch(
        `${server.url}/api/file/download-problem-annex?${new URLSearchParams({ problemId, name: fileName })}`,
        { headers: { ...(client.token ? { Authorization: client.token } : {}), 'Accept-Language': 'en-US' } },
      );

    it('lists a problem’s files with their sizes and downloads each as an attachment', async () => {
      expect(await anon.api.getProblemAnnexList('A1')).toEqual([
        { name: 'helper.h', size: 18 },
        { name: '说明.txt', size: 12 },
      ]);
      expect(await anon.api.getProblemAnnexList('1000')).toEqual([]);
      const res = await download(anon, 'A1', 'helper.h');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="helper.h"; filename*=UTF-8''helper.h`,
      );
      expect(await res.text()).toBe('int helper(void);\n');
      const zh = await download(anon, 'A1', '说明.txt');
      expect(zh.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent('说明.txt')}`,
      );
      expect(await zh.text()).toBe('中文说明');
    });

    it('refuses a missing file or problem (404) and a hidden problem’s files to non-admins (403)', async () => {
      for (const fileName of ['nope.txt', '../helper.h', 'constructor', '__proto__']) {
        const res = await download(anon, 'A1', fileName);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { msg: string }).msg).toBe('The problem has no such file.');
      }
      expect((await download(anon, 'NOPE', 'helper.h')).status).toBe(404);
      for (const client of [anon, alice]) {
        const res = await download(client, 'H1', 'helper.h');
        expect(res.status).toBe(403);
        expect(((await res.json()) as { msg: string }).msg).toBe('This problem is not public.');
        expect((await failure(client.api.getProblemAnnexList('H1'))).httpStatus).toBe(403);
      }
      const ok = await download(admin, 'H1', 'helper.h');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('int helper(void);\n');
      expect((await admin.api.getProblemAnnexList('H1')).map((f) => f.name)).toEqual([
        'helper.h',
        '说明.txt',
      ]);
    });
  });

  describe('GET /api/get-Explain-list', () => {
    it('pages the visible discussions of one problem, pinned first then newest, 4 a page by default', async () => {
      await addDiscussion({ pid: 'T1', title: 'old', created: '2024-01-01T00:00:00.000Z' });
      await addDiscussion({ pid: 'T1', title: 'pinned', created: '2023-01-01T00:00:00.000Z', top: true });
      await addDiscussion({ pid: 'T1', title: 'new', created: '2024-06-01T00:00:00.000Z' });
      await addDiscussion({ pid: 'T1', title: 'newer', created: '2024-07-01T00:00:00.000Z' });
      await addDiscussion({ pid: 'T1', title: 'newest', created: '2024-08-01T00:00:00.000Z' });
      await addDiscussion({ pid: 'T1', title: 'hidden', created: '2024-09-01T00:00:00.000Z', status: 1 });
      await addDiscussion({ pid: 'T2', title: 'other problem', created: '2024-09-01T00:00:00.000Z' });
      await addDiscussion({ pid: null, title: 'general', created: '2024-09-01T00:00:00.000Z' });

      const first = await anon.api.getExplainList({ pid: 'T1' });
      expect(first).toMatchObject({ total: 5, size: 4, current: 1, pages: 2 });
      expect(first.records.map((d) => d.title)).toEqual(['pinned', 'newest', 'newer', 'new']);
      expect(first.records[0]).toMatchObject({
        topPriority: true,
        author: 'alice',
        pid: 'T1',
        content: '# pinned\n\nThe idea.',
        description: 'about pinned',
      });
      const second = await anon.api.getExplainList({ pid: 'T1', currentPage: 2 });
      expect(second.records.map((d) => d.title)).toEqual(['old']);
      const small = await anon.api.getExplainList({ pid: 'T1', currentPage: 2, limit: 2 });
      expect(small.records.map((d) => d.title)).toEqual(['newer', 'new']);
      expect((await anon.api.getExplainList({ pid: '1000' })).total).toBe(0);
    });

    it('answers like the problem detail for a missing (404) or hidden (403) problem', async () => {
      await addDiscussion({ pid: 'H1', title: 'secret idea', created: '2024-01-01T00:00:00.000Z' });
      expect((await failure(anon.api.getExplainList({ pid: 'NOPE' }))).httpStatus).toBe(404);
      expect((await failure(alice.api.getExplainList({ pid: 'H1' }))).httpStatus).toBe(403);
      expect((await admin.api.getExplainList({ pid: 'H1' })).records.map((d) => d.title)).toEqual([
        'secret idea',
      ]);
      expect((await failure(anon.raw.request('GET', '/api/get-Explain-list'))).httpStatus).toBe(400);
    });
  });
});
