/**
 * Remote judges announce their languages and the server offers the union (docs/scaling.md, Remote
 * judges: their languages): a language only a remote judge has is listed and submittable while
 * the judge is online, reaches that judge alone (not the in-process pool, not a judge without it),
 * and is no longer offered once the judge has been gone past the online window, while what is
 * queued in it waits for the judge's return. The fake judges speak the HTTP protocol.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnnouncedLanguage, WorkItem } from '../../judge/worker-protocol';
import { judgeRegistry } from '../../server/services/judge-queue/judge-registry';
import { LanguageRegistry } from '../../server/services/languages';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

const TOKEN = 'remote-languages-test-token-0123456789';

const BRAINFUCK: AnnouncedLanguage = {
  name: 'Brainfuck',
  description: 'bf 2.6',
  contentType: 'text/x-brainfuck',
  template: ',>,[<+>-]<.',
  sourceFile: 'main.bf',
  compileCommand: '',
  timeFactor: 2,
  memoryFactor: 3,
};

async function judgeCall<T>(
  server: TestServer,
  path: string,
  body: unknown,
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'accept-language': 'en-US', 'content-type': 'application/json', 'x-judge-token': TOKEN },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

const helloBf = (server: TestServer) =>
  judgeCall(server, '/api/judge/hello', {
    judger: 'bf-judge',
    languages: ['Brainfuck'],
    languageInfo: [BRAINFUCK],
  });

const claim = (server: TestServer, judger: string, extra: object) =>
  judgeCall<WorkItem | null>(server, '/api/judge/claim', {
    worker: `${judger}#1`,
    judger,
    testRuns: false,
    waitMs: 0,
    ...extra,
  });

describe.each(DATABASES)('languages announced by remote judges on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let ownNames: string[];

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // one in-process worker: it must leave a language it does not run to the judge that does
    server = await startTestServer({ databaseUrl, judgeWorkers: 1, env: { JUDGE_TOKEN: TOKEN } });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    ownNames = server.server.ctx.languages.ownNames();
  });
  afterAll(() => server?.destroy());
  afterEach(() => {
    vi.useRealTimers();
  });

  const offered = async () => (await root.api.getLanguages()).map((l) => l.name);
  const submitBf = () =>
    root.api.submitProblemJudge({ pid: '1000', language: 'Brainfuck', code: BRAINFUCK.template });

  it('offers nothing it cannot judge before a judge announces it', async () => {
    expect(ownNames).not.toContain('Brainfuck');
    expect(await offered()).toEqual(ownNames);
    const e = await failure(submitBf());
    expect(e.httpStatus).toBe(400);
    expect(e.message).toBe('The language Brainfuck is not available for this problem.');
  });

  it('refuses a malformed announcement; a hello with names only is understood as before', async () => {
    const long = await judgeCall(server, '/api/judge/hello', {
      judger: 'bad-judge',
      languageInfo: [{ ...BRAINFUCK, name: 'x'.repeat(65) }],
    });
    expect(long.status).toBe(400);
    const partial = await judgeCall(server, '/api/judge/hello', {
      judger: 'bad-judge',
      languageInfo: [{ name: 'Brainfuck' }],
    });
    expect(partial.status).toBe(400);
    const namesOnly = await judgeCall(server, '/api/judge/hello', {
      judger: 'names-judge',
      languages: ['Brainfuck'],
    });
    expect(namesOnly.status).toBe(200);
    // a name alone says nothing the server could offer (template, content type ...)
    expect(await offered()).toEqual(ownNames);
  });

  it('lists a language a judge announces at hello, after its own, wherever languages are listed', async () => {
    const before = await root.api.getLanguages();
    expect((await helloBf(server)).status).toBe(200);
    const all = await root.api.getLanguages();
    expect(all.map((l) => l.name)).toEqual([...ownNames, 'Brainfuck']);
    // the server's own keep their HOJ ids (seq, HOJ's sort key, counts down from the new length)
    const bare = (list: typeof all) => list.map(({ seq: _seq, ...l }) => l);
    expect(bare(all.slice(0, before.length))).toEqual(bare(before));
    expect(all.at(-1)).toMatchObject({
      id: ownNames.length + 1,
      name: 'Brainfuck',
      description: 'bf 2.6',
      contentType: 'text/x-brainfuck',
      compileCommand: '',
      template: BRAINFUCK.template,
    });
    const pid = (await root.api.getProblemDetail('1000')).problem.id;
    expect((await root.api.getProblemLanguages(pid)).map((l) => l.name)).toContain('Brainfuck');
    expect((await root.api.getLanguages({ pid })).map((l) => l.name)).toContain('Brainfuck');
    const detail = await root.api.getProblemDetail('1000');
    expect(detail.languages).toContain('Brainfuck');
    expect(detail.codeTemplate.Brainfuck).toBe(BRAINFUCK.template);
    expect(detail.limitFactors?.Brainfuck).toEqual({ time: 2, memory: 3 });
    const judges = (await root.api.adminGetJudgeServiceInfo()).judges;
    expect(judges.find((j) => j.name === 'bf-judge')).toMatchObject({
      status: 'online',
      languages: ['Brainfuck'],
    });
  });

  it('another replica learns it from the database', async () => {
    const other = new LanguageRegistry([], { onlineMs: 90_000 });
    expect(other.names()).toEqual([]);
    other.merge(await judgeRegistry(server.server.ctx.db).announced(other.onlineMs));
    expect(other.names()).toContain('Brainfuck');
    expect(other.get('Brainfuck')).toEqual(BRAINFUCK);
  });

  it('hands a submission in it only to a judge that has it', async () => {
    const sub = await submitBf();
    // the in-process worker was woken by the submission and passed it by; a judge naming other languages gets nothing
    await new Promise((r) => setTimeout(r, 300));
    const other = await claim(server, 'c-judge', { languages: ['C', 'C++', 'Python3'] });
    expect(other).toEqual({ status: 200, data: null });
    const mine = await claim(server, 'bf-judge', { languages: ['Brainfuck'], languageInfo: [BRAINFUCK] });
    expect(mine.data).toMatchObject({
      kind: 'submission',
      submitId: sub.submitId,
      task: { language: 'Brainfuck' },
    });
    const item = mine.data;
    if (item?.kind !== 'submission') throw new Error('expected a submission');
    const finished = await judgeCall<{ accepted: boolean }>(server, '/api/judge/finish', {
      ref: { kind: 'submission', submitId: item.submitId, attempt: item.attempt },
      judger: 'bf-judge',
      result: {
        status: JudgeStatus.ACCEPTED,
        time: 3,
        memory: 512,
        score: null,
        oiRankScore: null,
        errorMessage: null,
        cases: item.task.cases.map((c) => ({
          seq: c.seq,
          caseId: c.caseId,
          status: JudgeStatus.ACCEPTED,
          time: 3,
          memory: 512,
          score: c.score,
          userOutput: null,
          groupNum: c.groupNum,
        })),
      },
    });
    expect(finished.data).toEqual({ accepted: true });
    const final = await waitForVerdict(root, sub.submitId);
    expect(final).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'bf-judge' });
  });

  it('a problem saved while the judge is offline keeps its language and template; templates go by name', async () => {
    expect((await helloBf(server)).status).toBe(200);
    const languages = await root.api.getLanguages();
    const lidOf = (n: string) => languages.findIndex((l) => l.name === n) + 1;
    const problem = {
      problemId: 'BF-KEEP',
      title: 'Kept languages',
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Add.',
      examples: '<input>1 2</input><output>3</output>',
      auth: 1,
    };
    const saved = await root.api.adminCreateProblem({
      problem,
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: [{ name: 'C' }, { name: 'Brainfuck' }],
      codeTemplates: [
        { lid: lidOf('Brainfuck'), code: '+.', status: true },
        // a stale id with the name: the name wins
        { lid: lidOf('Brainfuck'), language: 'C', code: 'int main(){}\n', status: true },
      ],
    });
    const templates = async () =>
      Object.fromEntries(
        (await root.api.adminGetProblemCodeTemplates(saved.pid)).map((t) => [t.language, t.code]),
      );
    expect(await templates()).toEqual({ Brainfuck: '+.', C: 'int main(){}\n' });

    // bf-judge goes quiet past the online window; an admin edits the problem meanwhile, seeing only C
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 91_000);
    expect(await offered()).not.toContain('Brainfuck');
    await root.api.adminEditProblem({
      problem: { ...problem, id: saved.pid, title: 'Kept languages, edited' },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: [{ name: 'C' }],
      codeTemplates: [{ lid: 1, language: 'C', code: 'int main(){return 0;}\n', status: true }],
    });
    vi.useRealTimers();

    // the judge is back: the problem still takes Brainfuck, with its template
    expect((await helloBf(server)).status).toBe(200);
    expect((await root.api.getProblemLanguages(saved.pid)).map((l) => l.name)).toEqual(['C', 'Brainfuck']);
    expect(await templates()).toEqual({ Brainfuck: '+.', C: 'int main(){return 0;}\n' });
  });

  it('stops offering it once the judge is gone past the online window; queued work waits for its return', async () => {
    const queued = await submitBf();
    // three lease periods (90 s) without a word from bf-judge
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 91_000);
    expect(await offered()).toEqual(ownNames);
    const pid = (await root.api.getProblemDetail('1000')).problem.id;
    expect((await root.api.getProblemLanguages(pid)).map((l) => l.name)).not.toContain('Brainfuck');
    expect((await failure(submitBf())).message).toBe(
      'The language Brainfuck is not available for this problem.',
    );
    // the other replicas' view: the database holds no online judge announcing it either
    const other = new LanguageRegistry([], { onlineMs: 90_000 });
    other.merge(await judgeRegistry(server.server.ctx.db).announced(other.onlineMs));
    expect(other.names()).not.toContain('Brainfuck');
    // what was queued stays queued
    const row = (await root.api.checkSubmissionsStatus([queued.submitId]))[String(queued.submitId)];
    expect(row?.status).toBe(JudgeStatus.PENDING);

    // the judge comes back: offered again, and the waiting submission is its
    expect((await helloBf(server)).status).toBe(200);
    expect(await offered()).toContain('Brainfuck');
    const back = await claim(server, 'bf-judge', { languages: ['Brainfuck'], languageInfo: [BRAINFUCK] });
    expect(back.data).toMatchObject({ kind: 'submission', submitId: queued.submitId });
    const item = back.data;
    if (item?.kind === 'submission')
      await judgeCall(server, '/api/judge/release', {
        ref: { kind: 'submission', submitId: item.submitId, attempt: item.attempt },
      });
  });
});
