import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type VerdictServer } from '../../server/app';
import { ConfigurationError, loadConfig } from '../../server/config';
import { localJudge } from '../../server/judge-binding';
import { redactUrl } from '../../server/plugins/log-redact';
import { seedDemo } from '../../server/seeds/demo';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, testClient, waitForVerdict } from '../helpers/api';
import { TEST_ROOT_PASSWORD } from '../helpers/server';

/** The server's log (docs/operations.md, Logs): one JSON line per request, nothing secret in it. */
const JUDGE_TOKEN = 'ops-logs-judge-token-5b1d0c9e7a';
const CODE_MARKER = 'code-marker-e41f9a';
const INPUT_MARKER = 'input-marker-77c2d0';

describe('settings of the log and the metrics', () => {
  it('LOG_FORMAT is json or pretty; anything else stops the start with the reason', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty, not "xml"');
  });

  it('METRICS_TOKEN: unset is off; a short one stops the start without showing it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
    const short = 'short-token-123';
    let refused: unknown = null;
    try {
      loadConfig({ METRICS_TOKEN: short });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as Error).message).toBe(
      'METRICS_TOKEN is 15 bytes long; it must be at least 16 (e.g. `openssl rand -hex 24`)',
    );
  });

  it('URLs lose the values of secret query parameters, contest passwords and download keys too', () => {
    expect(redactUrl('/api/file/generate-user-excel?key=0123abcd')).toBe(
      '/api/file/generate-user-excel?key=***',
    );
    expect(redactUrl('/x?cid=5&pwd=hunter2&access_token=t')).toBe('/x?cid=5&pwd=***&access_token=***');
    expect(redactUrl('/api/get-problem-list?keyword=key&problemKey=1')).toBe(
      '/api/get-problem-list?keyword=key&problemKey=1',
    );
  });
});

describe('request log lines', () => {
  const lines: string[] = [];
  let server: VerdictServer;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-logs-'));

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ROOT_PASSWORD: TEST_ROOT_PASSWORD,
      JUDGE_WORKERS: '1',
      JUDGE_TOKEN,
      WEB_DIR: resolve('dist/web'),
      LOG_LEVEL: 'info',
      STRICT_RESPONSES: '1',
    });
    server = await buildServer(config, {
      ...(await localJudge()),
      logStream: { write: (line) => lines.push(line) },
    });
    await seedDemo(server.ctx.db, server.ctx.files);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const requestLines = () => records().filter((r) => r.msg === 'request');

  it('writes exactly one line per request, and not Fastify’s own pair', async () => {
    for (let i = 0; i < 4; i++) await fetch(`${url}/api/healthz?n=one-line-${i}`);
    await fetch(`${url}/api/no-such-call?n=one-line-404`);
    for (const n of ['one-line-0', 'one-line-1', 'one-line-2', 'one-line-3', 'one-line-404']) {
      expect(requestLines().filter((r) => String(r.url).endsWith(`n=${n}`))).toHaveLength(1);
    }
    const line = requestLines().find((r) => String(r.url).endsWith('n=one-line-0'));
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/healthz',
      statusCode: 200,
      ms: expect.any(Number),
      ip: '127.0.0.1',
      reqId: expect.any(String),
    });
    expect(requestLines().find((r) => String(r.url).endsWith('n=one-line-404'))).toMatchObject({
      route: null,
      statusCode: 404,
    });
    expect(records().filter((r) => r.msg === 'incoming request' || r.msg === 'request completed')).toEqual(
      [],
    );
  });

  it('names the user and the submission, and never a password, token, code or test data', async () => {
    const root = testClient(url);
    await root.login('root', TEST_ROOT_PASSWORD);
    const me = await server.ctx.db.kysely
      .selectFrom('user_info')
      .select('uuid')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    const code = `${A_PLUS_B['C++']}// ${CODE_MARKER}\n`;
    const sub = await root.api.submitProblemJudge({ pid: '1000', language: 'C++', code });
    expect((await waitForVerdict(root, sub.submitId)).status).toBe(JudgeStatus.ACCEPTED);
    await root.api.getSubmissionDetail(sub.submitId);
    const problem = await server.ctx.db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const testKey = await root.api.submitProblemTestJudge({
      pid: problem.id,
      language: 'Python3',
      code: 'print(input())',
      userInput: INPUT_MARKER,
    });
    // judged, so the worker's own lines are in the log too
    let testStatus: number = JudgeStatus.PENDING;
    for (let i = 0; i < 300 && testStatus === JudgeStatus.PENDING; i++) {
      await new Promise((r) => setTimeout(r, 200));
      testStatus = (await root.api.getTestJudgeResult(testKey)).status;
    }
    expect(testStatus).not.toBe(JudgeStatus.PENDING);
    await fetch(`${url}/api/judge/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-judge-token': JUDGE_TOKEN },
      body: JSON.stringify({ judger: 'log-test-judge' }),
    });
    await fetch(`${url}/api/reset-password?username=root&code=reset-code-31f&token=tok-9a8`);

    const submit = requestLines().find((r) => r.route === '/api/submit-problem-judge');
    expect(submit).toMatchObject({ method: 'POST', statusCode: 200, uid: me.uuid, submitId: sub.submitId });
    expect(requestLines().find((r) => r.route === '/api/get-submission-detail')).toMatchObject({
      uid: me.uuid,
      submitId: sub.submitId,
    });
    const login = requestLines().find((r) => r.route === '/api/login');
    expect(login?.statusCode).toBe(200);
    expect(login).not.toHaveProperty('uid');
    expect(requestLines().find((r) => String(r.url).startsWith('/api/reset-password'))?.url).toBe(
      '/api/reset-password?username=root&code=***&token=***',
    );

    const text = lines.join('');
    for (const secret of [
      TEST_ROOT_PASSWORD,
      root.token as string,
      JUDGE_TOKEN,
      CODE_MARKER,
      INPUT_MARKER,
      'reset-code-31f',
      'tok-9a8',
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });
});
