// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildCompanionTask,
  type CompanionSource,
  javaTaskClass,
  LOCAL_TOOL_PORTS,
  randomUuid,
  sendToLocalTools,
} from '../../shared/competitive-companion';

const APLUSB: CompanionSource = {
  label: '1000',
  title: 'A+B Problem',
  siteName: 'Verdict',
  url: 'https://oj.example/problem/1000',
  judgeMode: 'default',
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  examples: [
    { input: '1 2', output: '3\n' },
    { input: '10 20\r\n', output: '30' },
  ],
};

describe('the Competitive Companion task', () => {
  it('is the problem in the format, with samples ending in a newline and a batch of one', () => {
    expect(buildCompanionTask(APLUSB, 'b6a1c9a4-0000-4000-8000-000000000001')).toEqual({
      name: '1000. A+B Problem',
      group: 'Verdict',
      url: 'https://oj.example/problem/1000',
      interactive: false,
      memoryLimit: 256,
      timeLimit: 1000,
      tests: [
        { input: '1 2\n', output: '3\n' },
        { input: '10 20\n', output: '30\n' },
      ],
      testType: 'single',
      input: { type: 'stdin' },
      output: { type: 'stdout' },
      languages: { java: { mainClass: 'Main', taskClass: 'ABProblem' } },
      batch: { id: 'b6a1c9a4-0000-4000-8000-000000000001', size: 1 },
    });
  });

  it('groups a contest problem under the site and the contest, and marks interactive problems', () => {
    const task = buildCompanionTask({
      ...APLUSB,
      label: 'B',
      title: 'Guess the Number',
      contestTitle: '  Spring Cup  ',
      judgeMode: 'interactive',
      timeLimitMs: 1500.7,
      memoryLimitMb: 512,
      examples: [],
    });
    expect(task).toMatchObject({
      name: 'B. Guess the Number',
      group: 'Verdict — Spring Cup',
      interactive: true,
      timeLimit: 1500,
      memoryLimit: 512,
      tests: [],
      languages: { java: { mainClass: 'Main', taskClass: 'BGuessTheNumber' } },
    });
    // a special judge is no interactive problem; a blank contest title is no contest
    expect(buildCompanionTask({ ...APLUSB, judgeMode: 'spj', contestTitle: ' ' })).toMatchObject({
      interactive: false,
      group: 'Verdict',
    });
  });

  it('names the files of a file input/output problem, stdin and stdout otherwise', () => {
    const task = buildCompanionTask({ ...APLUSB, fileIO: { input: 'aplusb.in', output: 'aplusb.out' } });
    expect([task.input, task.output]).toEqual([
      { type: 'file', fileName: 'aplusb.in' },
      { type: 'file', fileName: 'aplusb.out' },
    ]);
    const half = buildCompanionTask({ ...APLUSB, fileIO: { input: 'in.txt', output: ' ' } });
    expect([half.input, half.output]).toEqual([{ type: 'file', fileName: 'in.txt' }, { type: 'stdout' }]);
  });

  it('makes a Java class name of the problem name as Competitive Companion does', () => {
    expect(javaTaskClass('G. Castle Defense')).toBe('GCastleDefense');
    expect(javaTaskClass('1000. A+B Problem')).toBe('ABProblem');
    expect(javaTaskClass('A. 两数之和')).toBe('A');
    expect(javaTaskClass('1001. 两数之和')).toBe('Task');
    expect(javaTaskClass('main')).toBe('TaskMain');
    expect(javaTaskClass('x2 y3-z')).toBe('X2Y3Z');
  });

  it('gives every task its own version 4 UUID', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(buildCompanionTask(APLUSB).batch.id).not.toBe(buildCompanionTask(APLUSB).batch.id);
  });
});

describe('sending to local tools', () => {
  it('posts the JSON as a simple no-cors request to each port and counts the ports that answered', async () => {
    const task = buildCompanionTask(APLUSB);
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      if (String(input) === 'http://localhost:27121/') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const result = await sendToLocalTools(task, { fetch: fakeFetch });
    expect(result).toEqual({ ports: [...LOCAL_TOOL_PORTS], listened: [27121] });
    expect(calls.map((c) => c.url)).toEqual([
      'http://localhost:10043/',
      'http://localhost:10045/',
      'http://localhost:27121/',
    ]);
    for (const { init } of calls) {
      expect(init).toMatchObject({ method: 'POST', mode: 'no-cors', credentials: 'omit' });
      // a string body goes as text/plain: no preflight the tools would have to answer
      expect(typeof init?.body).toBe('string');
      expect(init?.headers).toBeUndefined();
      expect(JSON.parse(String(init?.body))).toEqual(task);
    }
  });

  it('counts a port that does not answer in time as not listening', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const started = Date.now();
    const result = await sendToLocalTools(buildCompanionTask(APLUSB), {
      fetch: hanging,
      ports: [10045],
      timeoutMs: 50,
    });
    expect(result).toEqual({ ports: [10045], listened: [] });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
