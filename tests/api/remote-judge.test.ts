import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudge, startRemoteJudge } from '../../judge/remote/daemon';
import { HttpJudgeBackend, RemoteJudgeError } from '../../judge/remote/http-backend';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

const TOKEN = 'remote-judge-test-token-0123456789';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function judgeCall(server: TestServer, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token !== null) headers['x-judge-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Runs `node scripts/verdict.mjs judge ...` and collects its output until it exits. */
function runCli(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/verdict.mjs', 'judge', ...args], {
      env: { ...process.env, JUDGE_TOKEN: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`verdict judge did not exit: ${out}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe.each(DATABASES)('a remote judge daemon on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let daemon: RemoteJudge | null = null;
  const cacheDir = mkdtempSync(join(tmpdir(), 'verdict-judge-cache-'));

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({
      databaseUrl,
      judgeWorkers: 0,
      env: { JUDGE_TOKEN: TOKEN, JUDGE_LEASE_SECONDS: '45' },
    });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
  });
  afterAll(async () => {
    await daemon?.stop();
    await server?.destroy();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('refuses a wrong or missing token with 403', async () => {
    for (const token of ['wrong-token', '', null]) {
      const res = await judgeCall(server, '/api/judge/claim', token, { worker: 'w', judger: 'x', waitMs: 0 });
      expect(res.status).toBe(403);
      expect((await res.json()).msg).toBe('The judge token is wrong.');
    }
    const wrong = startRemoteJudge({
      server: server.url,
      token: 'wrong-token',
      cacheDir,
      workers: 1,
      name: 'bad',
    });
    await expect(wrong).rejects.toThrow(RemoteJudgeError);
    await expect(wrong).rejects.toThrow('The judge token is wrong.');
  });

  it('serves test data by hash only: anything else is 404', async () => {
    const row = await server.server.ctx.db.kysely
      .selectFrom('problem_case')
      .select(['input_hash', 'input_size'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const ok = await judgeCall(server, `/api/judge/file/${row.input_hash}`, TOKEN);
    expect(ok.status).toBe(200);
    const data = Buffer.from(await ok.arrayBuffer());
    expect(data.length).toBe(row.input_size);
    expect(sha256(data)).toBe(row.input_hash);
    // a file the server stores under its hash scheme but that is not test data
    const secret = server.server.ctx.files.put('not test data');
    for (const hash of [secret.hash, sha256('nothing'), 'ABC', '..%2F..%2Fjwt-secret', 'x'.repeat(64)]) {
      const res = await judgeCall(server, `/api/judge/file/${hash}`, TOKEN);
      expect(res.status).toBe(404);
      expect((await res.json()).msg).toBe('No such test data on this server.');
    }
    expect((await judgeCall(server, `/api/judge/file/${row.input_hash}`, 'wrong')).status).toBe(403);
  });

  it('judges A+B over HTTP and records the daemon as judger', async () => {
    daemon = await startRemoteJudge({
      server: server.url,
      token: TOKEN,
      cacheDir,
      workers: 1,
      name: `remote-${name}`,
      claimWaitMs: 5000,
    });
    const ac = await root.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    const final = await waitForVerdict(root, ac.submitId);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.judger).toBe(`remote-${name}`);
    const cases = await root.api.getAllCaseResult(ac.submitId);
    expect(cases?.judgeCaseList?.length).toBe(6);
    expect(cases?.judgeCaseList?.every((c) => c.status === JudgeStatus.ACCEPTED)).toBe(true);

    // Test data is cached by hash and verified: every cached file's name is its sha256.
    const cached = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(cached.length).toBeGreaterThanOrEqual(7); // 6 inputs + distinct outputs
    for (const f of cached) expect(sha256(readFileSync(join(f.parentPath, f.name)))).toBe(f.name);

    const wa = await root.api.submitProblemJudge({
      pid: '1000',
      language: 'Python3',
      code: 'a, b = map(int, input().split())\nprint(a - b)\n',
    });
    const ce = await root.api.submitProblemJudge({
      pid: '1000',
      language: 'C',
      code: 'int main() { return x; }',
    });
    expect((await waitForVerdict(root, wa.submitId)).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await waitForVerdict(root, ce.submitId)).status).toBe(JudgeStatus.COMPILE_ERROR);
    expect((await root.api.getSubmissionDetail(ce.submitId)).submission.errorMessage).toMatch(/x/);

    // Test runs go through the same queue, so remote judges run them too.
    const pid = (await root.api.getProblemDetail('1000')).problem.id;
    const key = await root.api.submitProblemTestJudge({
      pid,
      language: 'Python3',
      code: A_PLUS_B.Python3,
      userInput: '40 2',
      expectedOutput: '42',
    });
    let result = await root.api.getTestJudgeResult(key);
    for (let i = 0; result.status === JudgeStatus.PENDING && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = await root.api.getTestJudgeResult(key);
    }
    expect(result).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: '40 2', expectedOutput: '42' });
    const row = await server.server.ctx.db.kysely
      .selectFrom('test_judge')
      .select('judger')
      .where('test_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.judger).toBe(`remote-${name}`);
  });

  it("released work is claimable again at once, and the releaser's late result is refused", async () => {
    await daemon?.stop();
    daemon = null;
    // The stopped daemon's long poll stays parked on the server until the server sees its socket
    // close; a submission made before that would be handed to it (and come back only when its
    // lease runs out). Give the close a moment to arrive.
    await new Promise((r) => setTimeout(r, 300));
    const backend = new HttpJudgeBackend({ server: server.url, token: TOKEN, cacheDir });
    const sub = await root.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C });
    const item = await backend.claim({ worker: 'w1', judger: 'quitter', waitMs: 2000 });
    // the operator's lease length (JUDGE_LEASE_SECONDS) is what the judge is told to renew by
    expect(item).toMatchObject({ kind: 'submission', submitId: sub.submitId, attempt: 1, leaseMs: 45_000 });
    if (item?.kind !== 'submission') throw new Error('expected a submission');
    expect(item.task.cases[0]).toHaveProperty('inputHash');
    expect(item.task.cases[0]).not.toHaveProperty('inputPath');
    expect(await backend.progress(item, 'quitter', { status: JudgeStatus.COMPILING })).toBe(true);
    // another judge can neither keep nor give back what is not its own, and the claim stays
    for (const path of ['/api/judge/renew', '/api/judge/release']) {
      const res = await judgeCall(server, path, TOKEN, { ref: item, judger: 'meddler' });
      expect({ path, status: res.status }).toEqual({ path, status: 409 });
    }
    expect(await backend.renew(item, 'quitter')).toBe(true);
    // a daemon from before judges named themselves here is still served on the attempt alone
    const unnamed = await judgeCall(server, '/api/judge/renew', TOKEN, { ref: item });
    expect(unnamed.status).toBe(200);
    await backend.release(item, 'quitter');
    expect(await backend.renew(item, 'quitter')).toBe(false); // given back: the lease is gone
    const again = await backend.claim({ worker: 'w2', judger: 'heir', waitMs: 2000 });
    expect(again).toMatchObject({ submitId: sub.submitId, attempt: 2 });
    expect(
      await backend.finish(item, 'quitter', {
        status: 0,
        time: 1,
        memory: 1,
        score: null,
        oiRankScore: null,
        errorMessage: null,
        cases: [],
      }),
    ).toBe(false);
    await backend.release(again!, 'heir');
  });

  it('the CLI refuses a wrong token and says why', async () => {
    const { code, out } = await runCli([
      '--server',
      server.url,
      '--token',
      'nope',
      '--workers',
      '1',
      '--cache',
      cacheDir,
    ]);
    expect(code).toBe(1);
    expect(out).toContain('The judge token is wrong.');
  });
});

describe('the remote judge cache', () => {
  it('keeps only verified files: a download whose sha256 differs is refused and not cached', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-judge-cache-'));
    try {
      const good = Buffer.from('1 2\n');
      const hash = sha256(good);
      let body = Buffer.from('1 3\n');
      let calls = 0;
      const backend = new HttpJudgeBackend({
        server: 'http://judge.invalid',
        token: 't',
        cacheDir: dir,
        fetch: async () => {
          calls++;
          return new Response(body, { status: 200 });
        },
      });
      await expect(backend.fetchFile(hash)).rejects.toThrow(/corrupted/);
      expect(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())).toEqual(
        [],
      );
      body = good;
      const path = await backend.fetchFile(hash);
      expect(path).toBe(backend.cachePath(hash));
      expect(readFileSync(path)).toEqual(good);
      await backend.fetchFile(hash); // cached: not fetched again
      expect(calls).toBe(2);
      await expect(backend.fetchFile('../etc/passwd')).rejects.toThrow(/invalid content hash/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
