import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

const SUM = 'input()\nprint(sum(map(int, input().split())))\n';
/** right only while n <= 10: passes the first two of five 20-point tests */
const SUM_FIRST_TEN = 'input()\nprint(sum(list(map(int, input().split()))[:10]))\n';
const SQRT = 'x = int(input())\nprint("%.7f" % (x ** 0.5))\n';
const SQRT_ROUGH = 'x = int(input())\nprint("%.2f" % (x ** 0.5 + 0.01))\n';
/** merge-sort count: passes both subtasks */
const INVERSIONS_FAST = `import sys
def count(a):
    if len(a) < 2:
        return a, 0
    m = len(a) // 2
    l, x = count(a[:m])
    r, y = count(a[m:])
    out, c, i, j = [], x + y, 0, 0
    while i < len(l) and j < len(r):
        if l[i] <= r[j]:
            out.append(l[i]); i += 1
        else:
            out.append(r[j]); j += 1; c += len(l) - i
    out += l[i:]; out += r[j:]
    return out, c
data = sys.stdin.read().split()
print(count(list(map(int, data[1:])))[1])
`;
/** quadratic: fine for subtask 1, far too slow for subtask 2 */
const INVERSIONS_SLOW = `n = int(input())
a = list(map(int, input().split()))
print(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] > a[j]))
`;

describe.each(DATABASES)('demo problems on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 2 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const judge = async (pid: string, code: string) => {
    const sub = await root.api.submitProblemJudge({ pid, language: 'Python3', code });
    await waitForVerdict(root, sub.submitId);
    return (await root.api.getSubmissionDetail(sub.submitId)).submission;
  };

  it('seeds an OI problem, a special judge and subtasks beside A+B', async () => {
    const ids = (await root.api.getProblemList({ limit: 50 })).records.map((p) => p.problemId);
    expect(ids).toEqual(expect.arrayContaining(['1000', '1001', '1002', '1003']));
    expect((await root.api.getProblemDetail('1002')).problem.judgeMode).toBe('spj');
    expect((await root.api.getProblemDetail('1003')).problem.judgeCaseMode).toBe('subtask_lowest');
  });

  it('1001 (OI): full marks for a right program, the points of the passed tests otherwise', async () => {
    const full = await judge('1001', SUM);
    expect([full.status, full.score]).toEqual([JudgeStatus.ACCEPTED, 100]);
    const part = await judge('1001', SUM_FIRST_TEN);
    expect([part.status, part.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 40]);
  });

  it('1002 (special judge): accepts any close answer and explains a wrong one', async () => {
    expect((await judge('1002', SQRT)).status).toBe(JudgeStatus.ACCEPTED);
    const rough = await judge('1002', SQRT_ROUGH);
    expect(rough.status).toBe(JudgeStatus.WRONG_ANSWER);
    const cases = await root.api.getAllCaseResult(rough.submitId);
    expect(cases?.judgeCaseList?.some((c) => /expected/.test(c.userOutput ?? ''))).toBe(true);
  });

  it('1003 (subtasks): a subtask scores only when all its tests pass', async () => {
    const fast = await judge('1003', INVERSIONS_FAST);
    expect([fast.status, fast.score]).toEqual([JudgeStatus.ACCEPTED, 100]);
    const slow = await judge('1003', INVERSIONS_SLOW);
    expect([slow.status, slow.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 40]);
    const result = await root.api.getAllCaseResult(slow.submitId);
    expect(result?.judgeCaseList).toBeNull();
    const [first, second] = result?.subTaskJudgeCaseVoList ?? [];
    expect(first).toMatchObject({ groupNum: 1, status: JudgeStatus.ACCEPTED, score: 40, ac: 2, total: 2 });
    // the first slow test fails the subtask and the rest of it is skipped
    expect(second).toMatchObject({ groupNum: 2, status: JudgeStatus.TIME_LIMIT_EXCEEDED, score: 0, ac: 0 });
    expect(second.subtaskDetailList.map((c) => c.status)).toEqual([
      JudgeStatus.TIME_LIMIT_EXCEEDED,
      JudgeStatus.CANCELLED,
    ]);
  });
});
