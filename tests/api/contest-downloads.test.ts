import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../server/services/packages/archive';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { createContest } from '../helpers/contests';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const HOUR = 3600_000;

/** What a contest's admins download: the board as a spreadsheet and every accepted program. */
describe('contest downloads', () => {
  let server: TestServer;
  let root: TestClient;
  let cid: number;

  async function download(client: TestClient | null, path: string) {
    const res = await fetch(`${server.url}${path}`, {
      headers: client?.token ? { Authorization: client.token, 'Accept-Language': 'en-US' } : {},
    });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    server = await startTestServer();
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    const problems = await server.server.ctx.db.kysely
      .selectFrom('problem')
      .select(['id', 'problem_id'])
      .where('problem_id', 'in', ['1000', '1001'])
      .orderBy('problem_id')
      .execute();
    cid = await createContest(
      root,
      problems.map((p) => p.id),
      { title: 'Downloads Cup', from: -HOUR, length: 3 * HOUR },
    );
    const submitted = await Promise.all(
      (
        [
          ['alice', 'C++', A_PLUS_B['C++']],
          ['bob', 'C++', 'int main(){return 1;}'],
          ['carol', 'Python3', A_PLUS_B.Python3],
        ] as const
      ).map(async ([name, language, code]) => {
        const user = await userClient(server, name);
        return { user, s: await user.api.submitProblemJudge({ cid, pid: 'A', language, code: code ?? '' }) };
      }),
    );
    for (const { user, s } of submitted) await waitForVerdict(user, s.submitId, 90_000, cid);
  }, 180_000);
  afterAll(() => server.close());

  it('gives the board as CSV with a row per participant and a cell per problem', async () => {
    const { res, body } = await download(root, `/api/file/download-contest-rank?cid=${cid}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual([
      'Rank',
      'Username',
      'Shown name',
      'Real name',
      'School',
      'Solved',
      'Penalty',
      'A',
      'B',
    ]);
    const byUser = Object.fromEntries(lines.slice(1).map((l) => [l[1], l]));
    expect(byUser.alice?.[5]).toBe('1');
    expect(byUser.carol?.[5]).toBe('1');
    expect(byUser.bob?.slice(5)).toEqual(['0', '00:00:00', '-1', '']);
    expect(byUser.alice?.[7]).toMatch(/^\d\d:\d\d:\d\d$/);
  });

  it('gives the board as an Excel workbook, headers in the caller’s language', async () => {
    const zh = testClient(server.url, 'zh-CN');
    await zh.login('root', server.rootPassword);
    const res = await fetch(`${server.url}/api/file/download-contest-rank?cid=${cid}`, {
      headers: { Authorization: zh.token ?? '', 'Accept-Language': 'zh-CN' },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = await readZip(Buffer.from(await res.arrayBuffer()));
    const text = book
      .paths()
      .map((p) => book.text(p) ?? '')
      .join('\n');
    expect(text).toContain('排名');
    expect(text).toContain('alice');
  });

  it('gives every accepted program in folders per user or per problem', async () => {
    const byUser = await download(root, `/api/file/download-contest-ac-submission?cid=${cid}`);
    expect(byUser.res.headers.get('content-type')).toBe('application/zip');
    const zip = await readZip(byUser.body);
    expect(zip.paths().sort()).toEqual(['alice/A.cpp', 'carol/A.py']);
    expect(zip.text('alice/A.cpp')).toBe(A_PLUS_B['C++']);
    const byProblem = await readZip(
      (await download(root, `/api/file/download-contest-ac-submission?cid=${cid}&splitType=problem`)).body,
    );
    expect(byProblem.paths().sort()).toEqual(['A/alice.cpp', 'A/carol.py']);
  });

  it('is for the contest’s admins only', async () => {
    const other = await userClient(server, 'otheradmin', { roleId: Role.ADMIN });
    for (const path of [
      `/api/file/download-contest-rank?cid=${cid}`,
      `/api/file/download-contest-ac-submission?cid=${cid}`,
    ]) {
      expect((await download(null, path)).res.status).toBe(401);
      expect((await download(other, path)).res.status).toBe(403);
    }
    expect((await failure(other.api.getContestInfo(987654))).status).toBe(404);
  });
});
