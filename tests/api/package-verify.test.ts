/**
 * The admin console's Verify: root uploads a Kattis package, the server judges its example
 * submissions with its in-process judge as a job, and the console polls it to a report of expected
 * against actual verdicts. Only root starts one, only its starter reads it, a broken package is
 * refused with the importer's words, and a server without a judge of its own says so.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JudgeResult } from '../../judge/types';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ParsedProblem } from '../../server/services/packages/types';
import { VerifyJobs } from '../../server/services/packages/verify-jobs';
import type { VerifyStatus } from '../../shared/api/package-verify-types';
import { JudgeStatus as S } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { makeZip, zipFixture } from '../fixtures/packages/zip';
import { failure, type TestClient, testClient } from '../helpers/api';
import { startTestServer, TEST_ROOT_PASSWORD, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/** The sum package with a submission that never ends (TLE whatever the machine's speed). */
const SUM_WITH_TLE = zipFixture('kattis/sum', {
  extra: [{ name: 'submissions/time_limit_exceeded/forever.py', data: 'while True:\n    pass\n' }],
});

function form(file: Buffer, filename = 'sum.zip'): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(file)]), filename);
  return f;
}

async function pollToEnd(client: TestClient, verifyId: string): Promise<VerifyStatus> {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const status = await client.api.adminGetPackageVerify(verifyId);
    expect(status.done).toBeLessThanOrEqual(status.total);
    if (status.state !== 'running') return status;
    if (Date.now() > deadline) throw new Error(`verification still running: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('package verification in the console', () => {
  let server: TestServer;
  let root: TestClient;
  let verifyId = '';

  beforeAll(async () => {
    server = await startTestServer({ demo: false, judgeWorkers: 1 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('judges a Kattis package’s accepted, wrong_answer and time_limit_exceeded submissions', async () => {
    ({ verifyId } = await root.api.adminStartPackageVerify(form(SUM_WITH_TLE)));
    expect(verifyId).toMatch(/^[0-9a-f]{32}$/);
    const first = await root.api.adminGetPackageVerify(verifyId);
    expect(first).toMatchObject({ state: 'running', total: 5 });

    const end = await pollToEnd(root, verifyId);
    expect(end).toMatchObject({ state: 'done', done: 5, total: 5 });
    const report = end.report;
    if (!report) throw new Error('no report');
    expect(report).toMatchObject({
      title: 'Sum of Two',
      cases: 4,
      judgeMode: 'default',
      timeLimit: 2000,
      memoryLimit: 256,
    });
    const byPath = Object.fromEntries(report.results.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual([
      'submissions/accepted/sum.c',
      'submissions/accepted/sum.py',
      'submissions/time_limit_exceeded/forever.py',
      'submissions/wrong_answer/int32.c',
      'submissions/wrong_answer/off_by_one.py',
    ]);
    expect(byPath['submissions/accepted/sum.c']).toMatchObject({
      language: 'C',
      expected: [S.ACCEPTED],
      actual: S.ACCEPTED,
      state: 'ok',
    });
    expect(byPath['submissions/accepted/sum.py']).toMatchObject({ actual: S.ACCEPTED, state: 'ok' });
    expect(byPath['submissions/wrong_answer/int32.c']).toMatchObject({
      expected: [S.WRONG_ANSWER, S.PRESENTATION_ERROR],
      actual: S.WRONG_ANSWER,
      state: 'ok',
      // the case with 2000000000 + 2000000000 is the one that overflows
      failedCase: { name: 'secret/03' },
    });
    expect(byPath['submissions/wrong_answer/off_by_one.py']).toMatchObject({
      actual: S.WRONG_ANSWER,
      state: 'ok',
    });
    expect(byPath['submissions/time_limit_exceeded/forever.py']).toMatchObject({
      language: 'Python3',
      expected: [S.TIME_LIMIT_EXCEEDED],
      actual: S.TIME_LIMIT_EXCEEDED,
      state: 'ok',
    });
    for (const r of report.results) expect(typeof r.time).toBe('number');
    // the job's test data is gone once it ended
    expect(readdirSync(join(server.dataDir, 'temp'))).toEqual([]);
  });

  it('shows the job to its starter only: another root gets a 404', async () => {
    const other = await userClient(server, 'secondroot', { roleId: Role.ROOT });
    const err = await failure(other.api.adminGetPackageVerify(verifyId));
    expect([err.status, err.message]).toEqual([
      404,
      expect.stringContaining('This verification is not known'),
    ]);
    expect((await root.api.adminGetPackageVerify(verifyId)).state).toBe('done');
    const unknown = await failure(root.api.adminGetPackageVerify('0'.repeat(32)));
    expect(unknown.status).toBe(404);
  });

  it('refuses visitors (401), users and admins (403)', async () => {
    const anon = testClient(server.url);
    expect((await failure(anon.api.adminStartPackageVerify(form(SUM_WITH_TLE)))).status).toBe(401);
    expect((await failure(anon.api.adminGetPackageVerify(verifyId))).status).toBe(401);
    for (const [name, roleId] of [
      ['plainuser', Role.DEFAULT_USER],
      ['siteadmin', Role.ADMIN],
      ['probadmin', Role.PROBLEM_ADMIN],
    ] as const) {
      const client = await userClient(server, name, { roleId });
      expect((await failure(client.api.adminStartPackageVerify(form(SUM_WITH_TLE)))).status).toBe(403);
      expect((await failure(client.api.adminGetPackageVerify(verifyId))).status).toBe(403);
    }
  });

  it('refuses a broken upload at once with the importer’s message', async () => {
    const notZip = await failure(root.api.adminStartPackageVerify(form(Buffer.from('not a zip at all'))));
    expect([notZip.status, notZip.message]).toEqual([
      400,
      expect.stringMatching(/^The file is not a zip archive/),
    ]);
    const noPackage = await failure(
      root.api.adminStartPackageVerify(form(makeZip([{ name: 'readme.txt', data: 'hello' }]), 'odd.zip')),
    );
    expect([noPackage.status, noPackage.message]).toEqual([
      400,
      'odd.zip contains neither problem.yaml (Kattis) nor problem.xml (Polygon).',
    ]);
    const missing = await failure(root.api.adminStartPackageVerify(new FormData()));
    expect([missing.status, missing.message]).toEqual([
      400,
      'Upload the package as multipart form field "file".',
    ]);
  });

  it('answers 503 on a server without a judge of its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-nojudge-'));
    const bare = await buildServer(
      loadConfig({
        DATA_DIR: dataDir,
        ROOT_PASSWORD: TEST_ROOT_PASSWORD,
        JUDGE_WORKERS: '0',
        WEB_DIR: resolve('dist/web'),
        STRICT_RESPONSES: '1',
      }),
      // remote judges only: no engine in this process
      { languages: [], logger: false },
    );
    try {
      await bare.app.listen({ port: 0, host: '127.0.0.1' });
      const address = bare.app.server.address();
      const client = testClient(
        `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      );
      await client.login('root', TEST_ROOT_PASSWORD);
      const err = await failure(client.api.adminStartPackageVerify(form(SUM_WITH_TLE)));
      expect([err.status, err.httpStatus]).toEqual([503, 503]);
      expect(err.message).toContain('This server has no judge of its own');
    } finally {
      await bare.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The job queue on its own, with a judge the test holds and releases. */
describe('verification jobs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-verify-jobs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const problem = (): ParsedProblem => ({
    problemId: null,
    title: 'T',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit: 1000,
    memoryLimit: 256,
    type: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    ioScore: 100,
    isRemoveEndBlank: true,
    examples: [],
    cases: [
      {
        name: 'data/secret/1',
        input: Buffer.from('1\n'),
        output: Buffer.from('1\n'),
        score: 100,
        groupNum: null,
      },
    ],
    program: null,
    validatorFlags: null,
    fileIO: null,
    languages: null,
    tags: [],
    submissions: [
      {
        path: 'submissions/accepted/a.py',
        language: 'Python3',
        code: 'x',
        expectation: 'accepted',
        expected: [S.ACCEPTED],
      },
      {
        path: 'submissions/accepted/b.kt',
        language: null,
        code: 'x',
        expectation: 'accepted',
        expected: [S.ACCEPTED],
      },
    ],
    notices: [],
  });

  it('runs one job at a time, queues a few more, refuses the rest and forgets finished ones', async () => {
    const release: (() => void)[] = [];
    let judged = 0;
    const judge = () =>
      new Promise<JudgeResult>((done) => {
        release.push(() => {
          judged++;
          done({
            status: S.ACCEPTED,
            time: 5,
            memory: 1,
            score: null,
            oiRankScore: null,
            errorMessage: null,
            cases: [],
          });
        });
      });
    const jobs = new VerifyJobs({
      tempDir: dir,
      judge,
      languages: () => ['Python3'],
      limits: { waiting: 2, keepMs: 60_000 },
    });
    const a = await jobs.submit('u1', problem());
    const b = await jobs.submit('u2', problem());
    const c = await jobs.submit('u1', problem());
    const refused = await jobs.submit('u3', problem()).catch((e: { status: number; key: string }) => e);
    expect(refused).toMatchObject({ status: 429, key: 'import.verify.busy' });
    expect(jobs.view('u1', a)).toEqual({ state: 'running', done: 0, total: 2 });
    expect(jobs.view('u2', b)).toMatchObject({ state: 'running', waiting: 1 });
    expect(jobs.view('u1', c)).toMatchObject({ state: 'running', waiting: 2 });
    expect(() => jobs.view('u2', a)).toThrow(expect.objectContaining({ status: 404 }));
    // a's submission is judged, its second (a language this judge lacks) skipped; then b starts
    while (release.length === 0) await new Promise((r) => setTimeout(r, 5));
    release.shift()?.();
    // the queue moves on asynchronously: wait for it (a busy machine can take a while) rather than sleep
    await vi.waitFor(() => expect(jobs.view('u1', a).state).toBe('done'), { timeout: 10_000 });
    const done = jobs.view('u1', a);
    expect(done).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(done.report?.results.map((r) => r.state)).toEqual(['ok', 'skipped']);
    expect(done.report?.results[1]?.reason).toEqual({
      key: 'import.verify.languageUnavailable',
      params: { language: '?' },
    });
    await vi.waitFor(() => expect(jobs.view('u1', c)).toMatchObject({ waiting: 1 }), { timeout: 10_000 });
    // the finished job's directory is gone; b's and c's cases wait on disk
    expect(readdirSync(dir)).toHaveLength(2);
    expect(judged).toBe(1);
    await jobs.close();
    expect(readdirSync(dir)).toHaveLength(1);
    release.shift()?.();
  });
});
