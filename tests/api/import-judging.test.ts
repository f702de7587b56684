/**
 * Imported problems are judged as their package says: a Kattis custom output validator, Kattis
 * float tolerance flags, a Polygon testlib checker, a wrapped FPS (HUSTOJ) special judge, a wrapped
 * QDUOJ special judge, a Hydro testlib checker with subtasks, and DMOJ batches, float checker and
 * bridged testlib checker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { fixtureText, zipFixture } from '../fixtures/packages/zip';
import { type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

async function importFile(server: TestServer, token: string, path: string, file: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  const body = (await res.json()) as {
    status: number;
    msg: string;
    data: { problems: { problemId: string }[] };
  };
  if (body.status !== 200) throw new Error(`import failed: ${body.msg}`);
  return body.data.problems.map((p) => p.problemId);
}

describe.each(DATABASES)('judging imported problems on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let fpsDivisor: string;
  let qduoj: string[];
  let hydro: string[];
  let dmoj: string[];

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 1 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    const token = root.token as string;
    await importFile(
      server,
      token,
      '/api/file/import-kattis-problem',
      zipFixture('kattis/split'),
      'split.zip',
    );
    await importFile(
      server,
      token,
      '/api/file/import-kattis-problem',
      zipFixture('kattis/divide'),
      'divide.zip',
    );
    await importFile(
      server,
      token,
      '/api/file/import-polygon-problem',
      zipFixture('polygon/average'),
      'average.zip',
    );
    const fps = await importFile(
      server,
      token,
      '/api/file/import-fps-problem',
      Buffer.from(fixtureText('fps/two-items.xml')),
      'two-items.xml',
    );
    fpsDivisor = fps[1];
    qduoj = await importFile(
      server,
      token,
      '/api/file/import-qdoj-problem',
      zipFixture('qduoj/export'),
      'qd.zip',
    );
    hydro = await importFile(
      server,
      token,
      '/api/file/import-hydro-problem',
      zipFixture('hydro/export'),
      'h.zip',
    );
    dmoj = await importFile(
      server,
      token,
      '/api/file/import-dmoj-problem',
      zipFixture('dmoj/export'),
      'd.zip',
    );
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function verdict(pid: string, language: string, code: string) {
    const submission = await root.api.submitProblemJudge({ pid, language, code });
    const row = await waitForVerdict(root, submission.submitId);
    return { status: row.status, submitId: submission.submitId };
  }

  it('judges a Kattis problem with a custom output validator (any valid split is accepted)', async () => {
    const one = await verdict('split', 'Python3', 'n = int(input())\nprint(1, n - 1)\n');
    const half = await verdict(
      'split',
      'C',
      '#include <stdio.h>\nint main(void){long long n;scanf("%lld",&n);printf("%lld %lld\\n",n/2,n-n/2);return 0;}\n',
    );
    const zero = await verdict('split', 'Python3', 'n = int(input())\nprint(0, n)\n');
    expect([one.status, half.status, zero.status]).toEqual([
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
    ]);
  });

  it('judges a Kattis problem with float tolerance flags', async () => {
    // 2/3 prints 0.6666666666666666 where the answer file says 0.6666666667: equal within 1e-6
    const exact = await verdict('divide', 'Python3', 'a, b = map(int, input().split())\nprint(a / b)\n');
    const rounded = await verdict(
      'divide',
      'Python3',
      'a, b = map(int, input().split())\nprint("%.7f" % (a / b))\n',
    );
    const floor = await verdict('divide', 'Python3', 'a, b = map(int, input().split())\nprint(a // b)\n');
    expect([exact.status, rounded.status, floor.status]).toEqual([
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
    ]);
  });

  it('judges a Polygon problem with its testlib checker and group scores', async () => {
    const mean = await verdict(
      'average',
      'Python3',
      'n = int(input())\nprint("%.9f" % (sum(map(int, input().split())) / n))\n',
    );
    expect(mean.status).toBe(JudgeStatus.ACCEPTED);
    const detail = await root.api.getSubmissionDetail(mean.submitId);
    expect(detail.submission.score).toBe(100);
    const integer = await verdict(
      'average',
      'Python3',
      'n = int(input())\nprint(sum(map(int, input().split())) // n)\n',
    );
    expect(integer.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
  });

  it('judges an FPS problem through its wrapped HUSTOJ special judge', async () => {
    const smallest = await verdict(
      fpsDivisor,
      'Python3',
      'n = int(input())\nprint(next(d for d in range(2, n) if n % d == 0))\n',
    );
    const itself = await verdict(fpsDivisor, 'Python3', 'print(input())\n');
    expect([smallest.status, itself.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  });

  it('judges QDUOJ problems: plain comparison, OI scores and a wrapped QDUOJ special judge', async () => {
    expect(qduoj).toEqual(['qd-1', 'qd-2', 'qd-3']);
    const sum = await verdict('qd-1', 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
    expect(sum.status).toBe(JudgeStatus.ACCEPTED);
    const divisor = await verdict(
      'qd-3',
      'Python3',
      'n = int(input())\nprint(next(d for d in range(2, n) if n % d == 0))\n',
    );
    const itself = await verdict('qd-3', 'Python3', 'print(input())\n');
    expect([divisor.status, itself.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  });

  it('judges a Hydro problem through its testlib checker, scoring subtasks by their lowest case', async () => {
    expect(hydro[0]).toBe('H1001');
    const right = await verdict('H1001', 'Python3', 'input()\nprint(sum(map(int, input().split())))\n');
    expect(right.status).toBe(JudgeStatus.ACCEPTED);
    // 32-bit overflow fails only the big subtask: 30 of 100
    const overflow = await verdict(
      'H1001',
      'Python3',
      'input()\ns = sum(map(int, input().split()))\nprint((s + 2**31) % 2**32 - 2**31)\n',
    );
    const detail = await root.api.getSubmissionDetail(overflow.submitId);
    expect([overflow.status, detail.submission.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 30]);
  });

  it('judges DMOJ problems: batches all or nothing, the floats checker, a bridged testlib checker', async () => {
    expect(dmoj).toEqual(['aplusb', 'guess', 'mean']);
    const small = await verdict(
      'aplusb',
      'Python3',
      'a, b = map(int, input().split())\nprint(a + b if abs(a) < 10**9 else 0)\n',
    );
    const detail = await root.api.getSubmissionDetail(small.submitId);
    // the single case's 5 points; the batch with one failing case scores nothing
    expect([small.status, detail.submission.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 5]);
    const mean = 'n = int(input())\nxs = list(map(int, input().split()))\n';
    const close = await verdict('mean', 'Python3', `${mean}print("%.5f" % (sum(xs) / n))\n`);
    const floor = await verdict('mean', 'Python3', `${mean}print(sum(xs) // n)\n`);
    expect(close.status).toBe(JudgeStatus.ACCEPTED);
    expect(floor.status).not.toBe(JudgeStatus.ACCEPTED);
    const parity = await verdict('guess', 'Python3', 'print(int(input()) + 2)\n');
    const odd = await verdict('guess', 'Python3', 'print(int(input()) + 1)\n');
    expect([parity.status, odd.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  });
});
