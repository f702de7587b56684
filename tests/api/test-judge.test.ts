import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { JudgeWorkerPool } from '../../server/services/judge-queue/worker-pool';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { TestJudgeForm, TestJudgeResult } from '../../shared/schemas/api';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { sleep, startWorkers } from './judge-helpers';

/** Polls like the web app (every second there; faster here) until the run has a result. */
async function waitForTestResult(
  client: TestClient,
  key: string,
  timeoutMs = 60_000,
): Promise<TestJudgeResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await client.api.getTestJudgeResult(key);
    if (result.status !== JudgeStatus.PENDING) return result;
    if (Date.now() > deadline) throw new Error(`test run ${key} still pending after ${timeoutMs} ms`);
    await sleep(150);
  }
}

describe.each(DATABASES)('test runs on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let alice: TestClient;
  let pid: number;
  const run = (client: TestClient, form: Partial<TestJudgeForm>) =>
    client.api.submitProblemTestJudge({
      pid,
      language: 'Python3',
      code: A_PLUS_B.Python3,
      type: 'public',
      userInput: '1 2',
      mode: 'text/x-python',
      isRemoteJudge: false,
      cid: 0,
      ...form,
    } as TestJudgeForm);

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    await createUser(server.server.ctx.db, { username: 'alice', password: 'alice123' });
    await createUser(server.server.ctx.db, { username: 'bob', password: 'bob12345', roleId: Role.NO_SUBMIT });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    pid = (await root.api.getProblemDetail('1000')).problem.id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('rules', () => {
    it('needs a login (401)', async () => {
      const e = await failure(run(testClient(server.url), {}));
      expect([e.httpStatus, e.message]).toEqual([401, 'Please login first']);
      expect((await failure(testClient(server.url).api.getTestJudgeResult('TEST_JUDGE_x'))).httpStatus).toBe(
        401,
      );
    });

    it('refuses an input over 1000 characters, a missing input and bad code with clear messages', async () => {
      const long = await failure(run(root, { userInput: 'x'.repeat(1001) }));
      expect([long.httpStatus, long.message]).toEqual([
        400,
        'The test input can not exceed 1000 characters.',
      ]);
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(root.token);
      expect((await failure(run(zh, { userInput: 'x'.repeat(1001) }))).message).toBe(
        '测试输入不能超过 1000 个字符。',
      );
      expect((await failure(run(root, { userInput: '' }))).message).toBe('The test input is required.');
      expect((await failure(run(root, { userInput: undefined }))).message).toBe(
        'The test input is required.',
      );
      expect((await failure(run(root, { code: ' \n ' }))).message).toBe('Code can not be empty');
      expect((await failure(run(root, { code: 'a'.repeat(65536) }))).message).toBe(
        'Code Length can not exceed 65535',
      );
      expect((await failure(run(root, { type: 'nonsense' as 'public' }))).message).toBe(
        'Invalid test run type.',
      );
      // exactly 1000 characters is fine
      expect(await run(root, { userInput: `1 2${' '.repeat(997)}` })).toMatch(/^TEST_JUDGE_[0-9a-f]{32}$/);
    });

    it('refuses an unknown problem (404), an unknown language (400) and users who may not submit (403)', async () => {
      expect((await failure(run(root, { pid: 987654 }))).httpStatus).toBe(404);
      const lang = await failure(run(root, { language: 'Brainfuck' }));
      expect(lang.httpStatus).toBe(400);
      const bob = testClient(server.url);
      await bob.login('bob', 'bob12345');
      expect((await failure(run(bob, {}))).httpStatus).toBe(403);
    });

    it('answers {status: 5} while queued; only the owner reads a key, an unknown one is 404', async () => {
      const key = await run(alice, {});
      expect(await alice.api.getTestJudgeResult(key)).toEqual({ status: JudgeStatus.PENDING });
      const other = await failure(root.api.getTestJudgeResult(key));
      expect([other.httpStatus, other.message]).toEqual([403, 'This test run belongs to another user.']);
      const unknown = await failure(alice.api.getTestJudgeResult(`TEST_JUDGE_${'0'.repeat(32)}`));
      expect([unknown.httpStatus, unknown.message]).toEqual([
        404,
        'The test run does not exist or has expired. Please run it again.',
      ]);
      const again = await failure(run(alice, {}));
      expect(again.httpStatus).toBe(429);
    });
  });

  describe('judged', () => {
    let pool: JudgeWorkerPool;
    beforeAll(async () => {
      pool = await startWorkers(server, 'test-run-pool');
    });
    afterAll(async () => {
      await pool?.stop();
    });

    it('runs the program on the input: Accepted without expected output, readable again later', async () => {
      const key = await run(root, { userInput: '20 22' });
      const result = await waitForTestResult(root, key);
      expect(result).toMatchObject({
        status: JudgeStatus.ACCEPTED,
        userInput: '20 22',
        expectedOutput: null,
        problemJudgeMode: 'default',
      });
      expect(result.userOutput?.trim()).toBe('42');
      expect(typeof result.time).toBe('number');
      expect(typeof result.memory).toBe('number');
      // not read-once: the client may poll again
      expect(await root.api.getTestJudgeResult(key)).toEqual(result);
    });

    it('compares with the expected output: Wrong Answer when it differs, Accepted when it matches', async () => {
      const wa = await waitForTestResult(root, await run(root, { userInput: '1 2', expectedOutput: '4' }));
      expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(wa.userOutput?.trim()).toBe('3');
      expect(wa.expectedOutput).toBe('4');
      const ac = await waitForTestResult(root, await run(root, { userInput: '1 2', expectedOutput: '3' }));
      expect(ac.status).toBe(JudgeStatus.ACCEPTED);
    });

    it('reports a compile error with the compiler message', async () => {
      const result = await waitForTestResult(
        root,
        await run(root, { language: 'C++', code: 'int main() { return undefined_name; }\n' }),
      );
      expect(result.status).toBe(JudgeStatus.COMPILE_ERROR);
      expect(result.stderr).toMatch(/undefined_name/);
    });
  });
});
