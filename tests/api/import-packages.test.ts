import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { parseExamples } from '../../shared/api/examples';
import { dirEntries, FIXTURES, fixtureText, makeZip, zipFixture } from '../fixtures/packages/zip';
import { testClient } from '../helpers/api';
import { storedFiles } from '../helpers/data-dir';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { type ImportAnswer, uploadPackage as upload } from '../helpers/package-upload';
import { startTestServer, type TestServer } from '../helpers/server';

const KATTIS = '/api/file/import-kattis-problem';
const POLYGON = '/api/file/import-polygon-problem';
const FPS = '/api/file/import-fps-problem';

/** the entries of a fixture package inside a folder of a bigger archive */
const zipEntries = (path: string, folder: string) => dirEntries(join(FIXTURES, path), folder);

describe.each(DATABASES)('problem package import on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let rootToken: string;
  let aliceToken: string;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    await createUser(server.server.ctx.db, {
      username: 'alice',
      password: 'alice123',
      email: 'a@example.org',
    });
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    rootToken = root.token as string;
    const alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    aliceToken = alice.token as string;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** Root publishes what an upload imported (imports are private until then). */
  async function publish(res: ImportAnswer): Promise<void> {
    const root = testClient(server.url);
    root.setToken(rootToken);
    for (const p of res.data?.problems ?? []) {
      await root.raw.request('PUT', '/api/admin/problem/change-problem-auth', {
        body: { id: p.pid, auth: 1 },
        urlType: 'admin',
      });
    }
  }

  const problemCount = async () =>
    Number(
      (
        await server.server.ctx.db.kysely
          .selectFrom('problem')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports a Kattis package: the problem is listed with its limits, statement and samples', async () => {
    const res = await upload(
      server,
      KATTIS,
      rootToken,
      zipFixture('kattis/sum', { folder: 'sum' }),
      'sum.zip',
    );
    expect([res.http, res.status]).toEqual([200, 200]);
    expect(res.data?.problems.map((p) => [p.problemId, p.title, p.notices])).toEqual([
      ['sum', 'Sum of Two', []],
    ]);

    const c = testClient(server.url);
    // private until root publishes it
    expect((await c.api.getProblemList({ keyword: 'Sum of Two' })).records).toEqual([]);
    await publish(res);
    const list = await c.api.getProblemList({ keyword: 'Sum of Two' });
    expect(list.records.map((r) => r.problemId)).toEqual(['sum']);
    // tags match existing ones without case (the demo's "Beginner")
    expect(list.records[0].tags.map((t) => t.name.toLowerCase()).sort()).toEqual(['arithmetic', 'beginner']);
    const detail = await c.api.getProblemDetail('sum');
    expect(detail.problem).toMatchObject({
      title: 'Sum of Two',
      timeLimit: 2000,
      memoryLimit: 256,
      type: 0,
      judgeMode: 'default',
      source: 'Verdict fixtures · Ada Lovelace',
    });
    expect(detail.problem.description).toContain('*easy*');
    expect(detail.problem.input).toContain('$a$ and $b$');
    expect(parseExamples(detail.problem.examples)).toEqual([{ input: '1 2', output: '3' }]);
  });

  it('stores the test data and the checker program', async () => {
    const db = server.server.ctx.db.kysely;
    const sum = await db
      .selectFrom('problem')
      .selectAll()
      .where('problem_id', '=', 'sum')
      .executeTakeFirstOrThrow();
    const cases = await db
      .selectFrom('problem_case')
      .selectAll()
      .where('pid', '=', sum.id)
      .orderBy('seq')
      .execute();
    expect(cases).toHaveLength(4);
    expect(server.server.ctx.files.read(cases[3].input_hash).toString()).toBe('2000000000 2000000000\n');
    expect(server.server.ctx.files.read(cases[3].output_hash).toString()).toBe('4000000000\n');
    expect(sum.validator_flags).toBe('');

    const res = await upload(server, KATTIS, rootToken, zipFixture('kattis/split'), 'split.zip');
    expect(res.data?.problems[0].problemId).toBe('split');
    const split = await db
      .selectFrom('problem')
      .selectAll()
      .where('problem_id', '=', 'split')
      .executeTakeFirstOrThrow();
    expect([split.judge_mode, split.spj_protocol, split.spj_language]).toEqual(['spj', 'kattis', 'C++']);
    expect(split.spj_code).toContain('#include "validate.h"');
    expect(Object.keys(JSON.parse(split.judge_extra_file ?? '{}'))).toEqual(['validate.h']);
  });

  it('imports every problem of a contest archive in one go', async () => {
    const zip = makeZip([
      ...zipEntries('kattis/divide', 'divide'),
      ...zipEntries('kattis/subtasks', 'subtasks'),
      ...zipEntries('kattis/guess', 'guess'),
    ]);
    const res = await upload(server, KATTIS, rootToken, zip, 'contest.zip');
    expect(res.status).toBe(200);
    expect(res.data?.problems.map((p) => p.problemId)).toEqual(['divide', 'guess', 'subtasks']);
    expect(res.data?.problems[0].notices).toEqual([
      'The package has no time limit (no limits.time_limit, .timelimit or domjudge-problem.ini); the site default of 1000 ms was used.',
    ]);
    await publish(res);
    const detail = await testClient(server.url).api.getProblemDetail('subtasks');
    expect(detail.problem).toMatchObject({
      type: 1,
      judgeCaseMode: 'subtask_lowest',
      ioScore: 100,
      timeLimit: 2500,
    });
    expect(detail.languages.every((l) => ['C++', 'C++ 14', 'C++ 20', 'Python3'].includes(l))).toBe(true);
    expect((await testClient(server.url).api.getProblemDetail('guess')).problem.judgeMode).toBe(
      'interactive',
    );
  });

  it('refuses a duplicate problem ID unless another one is given', async () => {
    const before = await problemCount();
    const again = await upload(server, KATTIS, rootToken, zipFixture('kattis/sum'), 'SUM.zip');
    expect([again.http, again.msg]).toEqual([
      400,
      'A problem with ID "sum" already exists. Nothing was imported; pass another problemId to import it under a new ID.',
    ]);
    expect(await problemCount()).toBe(before);
    const renamed = await upload(server, KATTIS, rootToken, zipFixture('kattis/sum'), 'sum.zip', {
      problemId: 'sum-2',
    });
    expect(renamed.data?.problems[0].problemId).toBe('sum-2');
    const bad = await upload(server, KATTIS, rootToken, zipFixture('kattis/sum'), 'sum.zip', {
      problemId: 'a b',
    });
    expect(bad.http).toBe(400);
  });

  it('answers 401 without login and 403 to a user who is not root', async () => {
    const zip = zipFixture('kattis/oddecho');
    const anonymous = await upload(server, KATTIS, null, zip, 'oddecho.zip');
    expect([anonymous.http, anonymous.status]).toEqual([401, 401]);
    for (const path of [KATTIS, POLYGON, FPS]) {
      const alice = await upload(server, path, aliceToken, zip, 'oddecho.zip');
      expect([alice.http, alice.status, alice.msg]).toEqual([
        403,
        403,
        'You have no permission for this operation.',
      ]);
    }
  });

  it('refuses broken and hostile archives with 400 and writes nothing', async () => {
    const problems = await problemCount();
    const files = storedFiles(server.dataDir);
    const yaml = { name: 'problem.yaml', data: 'name: Evil\n' };
    const data = [
      { name: 'data/secret/1.in', data: '1\n' },
      { name: 'data/secret/1.ans', data: '1\n' },
    ];
    const cases: [Buffer, string][] = [
      [Buffer.from('definitely not a zip'), 'The file is not a zip archive'],
      [zipFixture('kattis/sum').subarray(0, 200), 'The file is not a zip archive'],
      [
        makeZip([yaml, ...data, { name: '../../../tmp/evil.sh', data: 'rm -rf /' }]),
        'Unsafe path in the archive: "../../../tmp/evil.sh"',
      ],
      [
        makeZip([yaml, ...data, { name: '/etc/cron.d/evil', data: 'x' }]),
        'Unsafe path in the archive: "/etc/cron.d/evil"',
      ],
      [
        makeZip([yaml, ...data, { name: 'data/secret/2.in', data: '/etc/shadow', mode: 0o120777 }]),
        'The symbolic link "data/secret/2.in" points outside the package',
      ],
      [makeZip([{ name: 'readme.txt', data: 'hi' }]), 'problem.yaml not found'],
    ];
    for (const [zip, message] of cases) {
      const res = await upload(server, KATTIS, rootToken, zip, 'evil.zip');
      expect([res.http, res.status]).toEqual([400, 400]);
      expect(res.msg).toContain(message);
    }
    const zh = await upload(server, KATTIS, rootToken, Buffer.from('x'), 'x.zip', {}, 'zh-CN');
    expect(zh.msg).toMatch(/^该文件不是 zip 压缩包/);
    const none = await upload(server, KATTIS, rootToken, null, 'x.zip', { problemId: 'x' });
    expect([none.http, none.msg]).toEqual([400, 'Upload the package as multipart form field "file".']);
    const json = await fetch(`${server.url}${KATTIS}`, {
      method: 'POST',
      headers: { Authorization: rootToken, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(await problemCount()).toBe(problems);
    expect(storedFiles(server.dataDir)).toBe(files);
  });

  it('imports a Polygon package with its checker and groups', async () => {
    const res = await upload(
      server,
      POLYGON,
      rootToken,
      zipFixture('polygon/average', { folder: 'average-7$linux' }),
      'average-7$linux.zip',
    );
    expect(res.status).toBe(200);
    expect(res.data?.problems[0]).toMatchObject({ problemId: 'average', title: 'Average' });
    await publish(res);
    const detail = await testClient(server.url).api.getProblemDetail('average');
    expect(detail.problem).toMatchObject({
      timeLimit: 2000,
      memoryLimit: 256,
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      ioScore: 100,
    });
    expect(parseExamples(detail.problem.examples)).toEqual([{ input: '2\n1 2', output: '1.5' }]);
    const row = await server.server.ctx.db.kysely
      .selectFrom('problem')
      .select(['spj_protocol', 'judge_extra_file'])
      .where('problem_id', '=', 'average')
      .executeTakeFirstOrThrow();
    expect(row.spj_protocol).toBe('testlib');
    expect(Object.keys(JSON.parse(row.judge_extra_file ?? '{}'))).toEqual(['testlib.h']);
    const wrongFormat = await upload(server, POLYGON, rootToken, zipFixture('kattis/oddecho'), 'oddecho.zip');
    expect([wrongFormat.http, wrongFormat.msg]).toEqual([
      400,
      'problem.xml not found at the top of the archive or in a top-level folder: this is not a Polygon package.',
    ]);
  });

  it('imports a Polygon package whose checker includes testlib.h without carrying it', async () => {
    const entries = dirEntries(join(FIXTURES, 'polygon/average')).filter(
      (e) => !e.name.endsWith('testlib.h'),
    );
    const res = await upload(server, POLYGON, rootToken, makeZip(entries), 'average.zip', {
      problemId: 'average-bundled',
    });
    expect(res.status).toBe(200);
    expect(res.data?.problems[0].notices).toContainEqual(expect.stringContaining("Verdict's own testlib.h"));
    const row = await server.server.ctx.db.kysely
      .selectFrom('problem')
      .select(['spj_protocol', 'spj_code', 'judge_extra_file'])
      .where('problem_id', '=', 'average-bundled')
      .executeTakeFirstOrThrow();
    expect(row.spj_protocol).toBe('testlib');
    expect(row.spj_code).toContain('#include "testlib.h"');
    expect(JSON.parse(row.judge_extra_file ?? '{}')).toEqual({});
  });

  it('imports both items of an FPS file under new IDs', async () => {
    const res = await upload(
      server,
      FPS,
      rootToken,
      Buffer.from(fixtureText('fps/two-items.xml')),
      'two-items.xml',
    );
    expect(res.status).toBe(200);
    const ids = res.data?.problems.map((p) => p.problemId) ?? [];
    expect(ids).toHaveLength(2);
    for (const [k, id] of ids.entries()) expect(id).toBe(`P${res.data?.problems[k].pid}`);
    await publish(res);
    const [a, b] = await Promise.all(ids.map((id) => testClient(server.url).api.getProblemDetail(id)));
    expect(a.problem).toMatchObject({
      title: 'A+B Again',
      timeLimit: 1000,
      memoryLimit: 128,
      judgeMode: 'default',
    });
    expect(b.problem).toMatchObject({
      title: 'Any Divisor',
      timeLimit: 500,
      memoryLimit: 64,
      judgeMode: 'spj',
    });
    expect(parseExamples(b.problem.examples)).toHaveLength(2);
    const notXml = await upload(server, FPS, rootToken, zipFixture('kattis/sum'), 'sum.zip');
    expect([notXml.http, notXml.msg]).toEqual([
      400,
      'FPS problems are imported from an .xml file, not from an archive.',
    ]);
  });

  it('lets root change the default time limit used for packages without one', async () => {
    const root = testClient(server.url);
    root.setToken(rootToken);
    expect(await root.raw.request('GET', '/api/admin/import-config')).toEqual({
      timeLimitMs: 1000,
      memoryLimitMb: 1024,
    });
    expect(
      await root.raw.request('PUT', '/api/admin/import-config', { body: { timeLimitMs: 3000 } }),
    ).toEqual({
      timeLimitMs: 3000,
      memoryLimitMb: 1024,
    });
    const alice = testClient(server.url);
    alice.setToken(aliceToken);
    await expect(
      alice.raw.request('PUT', '/api/admin/import-config', { body: { timeLimitMs: 10 } }),
    ).rejects.toMatchObject({
      httpStatus: 403,
    });
    await expect(
      root.raw.request('PUT', '/api/admin/import-config', { body: { timeLimitMs: 10 } }),
    ).rejects.toMatchObject({
      httpStatus: 400,
      message: 'timeLimitMs must be an integer between 100 and 60000.',
    });
    const res = await upload(server, KATTIS, rootToken, zipFixture('kattis/oddecho'), 'oddecho.zip');
    await publish(res);
    expect(
      (await testClient(server.url).api.getProblemDetail(res.data?.problems[0].problemId ?? '')).problem
        .timeLimit,
    ).toBe(3000);
  });
});
