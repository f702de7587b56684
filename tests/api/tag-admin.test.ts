import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/** Tags and classifications at HOJ's admin paths, and the test data download. */
describe('tag administration', () => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'siteadmin', { roleId: Role.ADMIN });
  });
  afterAll(() => server.close());

  it('makes a classification and a tag in it; the problem list’s filter groups the tag under it', async () => {
    const graphs = await root.api.adminAddTagClassification({ name: 'Graphs', type: 1, rank: 1 });
    expect(graphs).toMatchObject({ name: 'Graphs', type: 1, rank: 1, oj: 'ME' });
    const bfs = await root.api.adminAddTag({ name: 'BFS', color: '#16a34a', tcid: graphs.id });
    expect(bfs).toMatchObject({ name: 'BFS', color: '#16a34a', tcid: graphs.id });
    expect((await root.api.adminGetTagClassifications()).map((c) => c.name)).toContain('Graphs');
    // a public problem carrying the tag puts it in the list's filter
    const problem = await root.api.getProblemList({ currentPage: 1, limit: 1 });
    const pid = problem.records[0]?.pid ?? 0;
    const db = server.server.ctx.db;
    await db.kysely.insertInto('problem_tag').values({ pid, tid: bfs.id }).execute();
    const groups = await root.api.getProblemTagsAndClassification();
    const group = groups.find((g) => g.classification?.id === graphs.id);
    expect(group?.tagList.map((t) => t.name)).toEqual(['BFS']);
  });

  it('renames and recolours a tag, and refuses a name taken ignoring case', async () => {
    const a = await root.api.adminAddTag({ name: 'greedy' });
    expect(a.color).toBe('#2563eb');
    const renamed = await root.api.adminUpdateTag({ id: a.id, name: 'Greedy', color: '#dc2626' });
    expect(renamed).toMatchObject({ name: 'Greedy', color: '#dc2626' });
    const taken = await failure(root.api.adminAddTag({ name: 'GREEDY' }));
    expect([taken.status, taken.message]).toEqual([400, 'A tag named "GREEDY" exists already.']);
    const colour = await failure(root.api.adminAddTag({ name: 'dp', color: 'red' }));
    expect(colour.message).toBe('A colour is written #rrggbb, e.g. #2563eb.');
  });

  it('deletes a tag off every problem, and a classification leaving its tags in none', async () => {
    const c = await root.api.adminAddTagClassification({ name: 'Sources', type: 2 });
    const t = await root.api.adminAddTag({ name: 'ICPC 2024', tcid: c.id });
    await root.api.adminDeleteTagClassification(c.id);
    const db = server.server.ctx.db;
    expect(
      (await db.kysely.selectFrom('tag').select('tcid').where('id', '=', t.id).executeTakeFirstOrThrow())
        .tcid,
    ).toBeNull();
    await db.kysely.insertInto('problem_tag').values({ pid: 1, tid: t.id }).execute();
    await root.api.adminDeleteTag(t.id);
    expect(await db.kysely.selectFrom('problem_tag').selectAll().where('tid', '=', t.id).execute()).toEqual(
      [],
    );
    expect((await failure(root.api.adminDeleteTag(t.id))).status).toBe(404);
  });

  it('leaves tags to root and problem admins', async () => {
    expect((await failure(admin.api.adminAddTag({ name: 'nope' }))).status).toBe(403);
    expect((await failure(admin.api.adminGetTagClassifications())).status).toBe(403);
  });

  it('downloads a problem’s test data as a zip under its case names', async () => {
    const list = await root.api.adminGetProblemList({ keyword: '1000' });
    const pid = list.records.find((p) => p.problemId === '1000')?.id ?? 0;
    const res = await fetch(`${server.url}/api/file/download-testcase?pid=${pid}`, {
      headers: { Authorization: root.token ?? '' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="problem_1000_testcase.zip"');
    const { readZip } = await import('../../server/services/packages/archive');
    const zip = await readZip(Buffer.from(await res.arrayBuffer()));
    const cases = await root.api.adminGetProblemCases(pid);
    expect(zip.paths().sort()).toEqual(cases.flatMap((c) => [c.input, c.output]).sort());
    const anonymous = await fetch(`${server.url}/api/file/download-testcase?pid=${pid}`);
    expect(anonymous.status).toBe(401);
  });
});
