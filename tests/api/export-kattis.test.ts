import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { createUser } from '../../server/services/auth/users';
import { readZip } from '../../server/services/packages/archive';
import { zipFixture } from '../fixtures/packages/zip';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { uploadPackage } from '../helpers/package-upload';
import { startTestServer, type TestServer } from '../helpers/server';

const KATTIS = '/api/file/import-kattis-problem';
const EXPORT = '/api/file/export-problem-kattis';

/**
 * Kattis export (docs/problem-formats.md, Kattis export): a problem leaves as a Kattis package and
 * comes back through the Kattis import with the same statement, limits, samples, cases, points,
 * case mode and checker; what Kattis cannot hold is refused with a message, and only root exports.
 */
describe.each(DATABASES)('Kattis export on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let rootToken: string;
  let aliceToken: string;
  const db = () => server.server.ctx.db.kysely;

  const download = async (token: string | null, pid: number | string) => {
    const res = await fetch(`${server.url}${EXPORT}?pid=${pid}`, {
      headers: { ...(token ? { Authorization: token } : {}), 'Accept-Language': 'en-US' },
    });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  /** Everything a Kattis package can carry about a problem, read from the database. */
  const snapshot = async (pid: number) => {
    const p = await db().selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirstOrThrow();
    const cases = await db()
      .selectFrom('problem_case')
      .select(['input_hash', 'output_hash', 'score', 'group_num'])
      .where('pid', '=', pid)
      .orderBy('seq')
      .execute();
    return {
      title: p.title,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      examples: p.examples,
      source: p.source,
      type: p.type,
      timeLimit: p.time_limit,
      memoryLimit: p.memory_limit,
      judgeMode: p.judge_mode,
      judgeCaseMode: p.judge_case_mode,
      ioScore: p.io_score,
      spj: [p.spj_protocol, p.spj_language, p.spj_code, p.judge_extra_file],
      validatorFlags: p.validator_flags,
      cases,
    };
  };

  /** Imports a fixture, exports it, imports the export under another id: both must read the same. */
  const roundTrip = async (fixture: string) => {
    const first = await uploadPackage(server, KATTIS, rootToken, zipFixture(fixture), `${fixture}.zip`, {
      problemId: `${fixture.split('/')[1]}-a`,
    });
    expect(first.status).toBe(200);
    const pid = first.data?.problems[0]?.pid ?? 0;
    const { res, body } = await download(rootToken, pid);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const again = await uploadPackage(server, KATTIS, rootToken, body, 'export.zip', {
      problemId: `${fixture.split('/')[1]}-b`,
    });
    expect(again.status).toBe(200);
    const back = again.data?.problems[0]?.pid ?? 0;
    return { pid, back, pkg: await readZip(body) };
  };

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    rootToken = root.token as string;
    await createUser(server.server.ctx.db, { username: 'alice', password: 'alice123' });
    const alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    aliceToken = alice.token as string;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('a pass-fail problem with a float checker flag comes back unchanged', async () => {
    const { pid, back, pkg } = await roundTrip('kattis/sum');
    expect(await snapshot(back)).toEqual(await snapshot(pid));
    const yaml = YAML.parse(pkg.text('problem.yaml') ?? '') as Record<string, unknown>;
    expect(yaml.name).toBe((await snapshot(pid)).title);
    expect(yaml.type).toBeUndefined();
    expect(pkg.text('.timelimit')?.trim()).toMatch(/^\d+(\.\d+)?$/);
    // samples once, as samples (the import judged them as cases worth 0)
    expect(pkg.list('data/sample').length).toBeGreaterThan(0);
  });

  it('a scored problem with subtasks keeps its groups and points', async () => {
    const { pid, back, pkg } = await roundTrip('kattis/subtasks');
    const a = await snapshot(pid);
    expect(a.judgeCaseMode).toBe('subtask_lowest');
    expect(await snapshot(back)).toEqual(a);
    expect((YAML.parse(pkg.text('problem.yaml') ?? '') as Record<string, unknown>).type).toBe('scoring');
  });

  it('an interactive problem keeps its Kattis interactor', async () => {
    const { pid, back, pkg } = await roundTrip('kattis/guess');
    const a = await snapshot(pid);
    expect(a.judgeMode).toBe('interactive');
    expect(await snapshot(back)).toEqual(a);
    expect((YAML.parse(pkg.text('problem.yaml') ?? '') as Record<string, unknown>).validation).toBe(
      'custom interactive',
    );
  });

  it('a custom checker of the Kattis protocol goes to output_validators', async () => {
    const { pid, back, pkg } = await roundTrip('kattis/split');
    expect(await snapshot(back)).toEqual(await snapshot(pid));
    expect(pkg.list('output_validators').length).toBeGreaterThan(0);
  });

  it('refuses what a Kattis package cannot hold, with a message, and only root exports', async () => {
    const first = await uploadPackage(server, KATTIS, rootToken, zipFixture('kattis/sum'), 'sum.zip', {
      problemId: 'sum-testlib',
    });
    const pid = first.data?.problems[0]?.pid ?? 0;
    await db()
      .updateTable('problem')
      .set({ judge_mode: 'spj', spj_protocol: 'testlib', spj_language: 'C++', spj_code: 'int main(){}' })
      .where('id', '=', pid)
      .execute();
    const testlib = await download(rootToken, pid);
    expect(testlib.res.status).toBe(400);
    expect(JSON.parse(testlib.body.toString()).msg).toMatch(
      /testlib protocol, which a Kattis package cannot hold/,
    );

    await db()
      .updateTable('problem')
      .set({ judge_mode: 'default', is_file_io: 1 })
      .where('id', '=', pid)
      .execute();
    const fileIo = await download(rootToken, pid);
    expect(JSON.parse(fileIo.body.toString()).msg).toMatch(/standard input and output only/);

    expect((await download(rootToken, 987654)).res.status).toBe(404);
    expect((await download(rootToken, 'x')).res.status).toBe(400);
    expect((await download(aliceToken, pid)).res.status).toBe(403);
    expect((await download(null, pid)).res.status).toBe(401);
  });
});
