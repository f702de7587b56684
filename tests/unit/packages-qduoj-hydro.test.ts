// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PackageFiles, readZip } from '../../server/services/packages/archive';
import {
  hydroMegabytes,
  hydroMilliseconds,
  parseHydro,
  splitSamples,
} from '../../server/services/packages/hydro';
import { parseUpload } from '../../server/services/packages/import';
import { parseQduoj } from '../../server/services/packages/qduoj';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import { packageProblem } from '../../server/services/packages/verify';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeZip, zipFixture } from '../fixtures/packages/zip';

const qduoj = async () => parseQduoj(await readZip(zipFixture('qduoj/export')));
const hydro = async () => parseHydro(await readZip(zipFixture('hydro/export')));

/** A package from {path: text} (only the files a test needs). */
const pkgOf = (files: Record<string, string>) =>
  new PackageFiles(new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])));

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<{ key: string; params?: unknown }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e as { key: string };
  }
  throw new Error('expected the package to be refused');
}

describe('QDUOJ export', () => {
  it('reads every problem folder: ids, HTML statements, limits, samples, tags and cases', async () => {
    const [a, b, c] = await qduoj();
    expect([a.problemId, a.title, a.timeLimit, a.memoryLimit, a.type]).toEqual([
      'qd-1',
      'A + B',
      1000,
      256,
      0,
    ]);
    expect(a.description).toBe('<p>Add two integers.</p>');
    expect(a.input).toBe('<p>Two integers a and b.</p>');
    expect(a.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(a.tags).toEqual(['math', '入门']);
    expect(a.cases.map((x) => [x.input.toString(), x.output.toString()])).toEqual([
      ['1 2\n', '3\n'],
      ['-5 5\n', '0\n'],
    ]);
    expect([b.type, b.cases.map((x) => x.score), b.ioScore]).toEqual([1, [40, 60], 100]);
    expect([c.judgeMode, c.program?.protocol, c.program?.language]).toEqual(['spj', 'testlib', 'C']);
    // a QDUOJ special judge reads no answer: its cases come without output files
    expect(c.cases.map((x) => x.output.length)).toEqual([0, 0]);
  });

  it('keeps plain templates, names the ones with hidden code, and turns answers into example submissions', async () => {
    const [a] = await qduoj();
    expect(a.codeTemplates).toEqual([{ language: 'Python3', code: 'a, b = map(int, input().split())\n' }]);
    expect(a.notices).toContainEqual({
      key: 'import.qduoj.templatesDropped',
      params: { file: '1/problem.json', list: 'C' },
    });
    expect(a.submissions.map((s) => [s.language, s.expected, s.unsupported?.key])).toEqual([
      ['Python3', [JudgeStatus.ACCEPTED], undefined],
      [null, [JudgeStatus.ACCEPTED], 'import.qduoj.answerLanguage'],
    ]);
  });

  it('names a missing test file and a missing output instead of importing a broken case', async () => {
    const json = (cases: unknown) =>
      JSON.stringify({
        title: 'T',
        time_limit: 1000,
        memory_limit: 64,
        rule_type: 'ACM',
        test_case_score: cases,
      });
    const noInput = pkgOf({
      'p/problem.json': json([{ input_name: '1.in', output_name: '1.out', score: 0 }]),
      'p/testcase/1.out': '1\n',
    });
    expect(await refusal(() => parseQduoj(noInput))).toMatchObject({
      key: 'import.qduoj.inputMissing',
      params: { path: 'p/testcase/1.in' },
    });
    const noOutput = pkgOf({ 'p/problem.json': json(undefined), 'p/testcase/1.in': '1\n' });
    expect(await refusal(() => parseQduoj(noOutput))).toMatchObject({ key: 'import.qduoj.outputMissing' });
    const badLimit = pkgOf({
      'problem.json': JSON.stringify({ title: 'T', time_limit: 0, memory_limit: 64 }),
      'testcase/1.in': '',
      'testcase/1.out': '',
    });
    expect(await refusal(() => parseQduoj(badLimit))).toMatchObject({
      key: 'import.qduoj.badField',
      params: { field: 'time_limit' },
    });
  });

  it('is found by verify, and an archive without problem.json is refused with the reason', async () => {
    const problem = () =>
      packageProblem(
        pkgOf({
          'x/problem.json': '{"title":"T","time_limit":1,"memory_limit":1}',
          'x/testcase/1.in': '1',
          'x/testcase/1.out': '1',
        }),
        'x.zip',
        IMPORT_DEFAULTS,
      );
    expect(problem().title).toBe('T');
    const upload = { filename: 'x.zip', data: makeZip([{ name: 'readme.txt', data: 'hi' }]) };
    expect(await refusal(parseUpload('qduoj', upload, IMPORT_DEFAULTS))).toMatchObject({
      key: 'import.qduoj.noProblemJson',
    });
  });
});

describe('the QDUOJ special judge adapter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-qdspj-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes input and output (no answer) and maps 0 / 1 / other to AC / WA / checker failure', async () => {
    const [, , c] = await qduoj();
    const program = c.program;
    if (!program) throw new Error('no program');
    writeFileSync(join(dir, 'adapter.c'), program.code);
    for (const [name, text] of Object.entries(program.extraFiles)) writeFileSync(join(dir, name), text);
    execFileSync('gcc', ['-std=gnu11', '-O2', '-o', join(dir, 'spj'), join(dir, 'adapter.c')]);
    const judge = (input: string, output: string) => {
      writeFileSync(join(dir, 'in'), input);
      writeFileSync(join(dir, 'out'), output);
      writeFileSync(join(dir, 'ans'), '');
      // testlib order: checker input output answer
      return spawnSync(join(dir, 'spj'), [join(dir, 'in'), join(dir, 'out'), join(dir, 'ans')]).status;
    };
    expect(judge('91\n', '7\n')).toBe(0);
    expect(judge('91\n', '13\n')).toBe(0);
    expect(judge('91\n', '91\n')).toBe(1);
    expect(judge('garbage', '7\n')).toBe(3);
  });
});

describe('Hydro zip', () => {
  it('reads problem.yaml, the statement with its samples, limits and subtasks as lowest-scored groups', async () => {
    const [a] = await hydro();
    expect([a.problemId, a.title, a.timeLimit, a.memoryLimit, a.type]).toEqual([
      'H1001',
      'Sum of a list',
      1000,
      64,
      1,
    ]);
    expect(a.tags).toEqual(['Math', '入门']);
    expect(a.examples).toEqual([{ input: '3\n1 2 3', output: '6' }]);
    expect(a.description).toContain('给出 n 个整数');
    expect(a.description).toContain('答案可能很大');
    expect(a.description).not.toContain('input1');
    expect(a.judgeCaseMode).toBe('subtask_lowest');
    expect(a.cases.map((c) => [c.name, c.score, c.groupNum])).toEqual([
      ['P1001/testdata/small1.in', 30, 1],
      ['P1001/testdata/small2.in', 30, 1],
      ['P1001/testdata/big1.in', 70, 2],
    ]);
    expect(a.ioScore).toBe(100);
  });

  it('takes a testlib checker with the bundled testlib.h, and the languages it knows', async () => {
    const [a] = await hydro();
    expect([a.judgeMode, a.program?.protocol, a.program?.language]).toEqual(['spj', 'testlib', 'C++']);
    expect(a.notices.map((n) => n.key)).toContain('import.testlibBundled');
    expect(a.languages).toEqual(['C++', 'Python3']);
    expect(a.notices).toContainEqual({
      key: 'import.hydro.languagesDropped',
      params: { file: 'P1001/problem.yaml', list: 'bf' },
    });
  });

  it('finds cases by name without a config (natural order, .out or .ans) and says additional files are not imported', async () => {
    const [, b] = await hydro();
    expect([b.problemId, b.timeLimit, b.memoryLimit, b.judgeMode, b.judgeCaseMode]).toEqual([
      null,
      1000,
      256,
      'default',
      'default',
    ]);
    expect(b.cases.map((c) => [c.name, c.output.toString(), c.score])).toEqual([
      ['P1002/testdata/a1.in', 'hello\n', 33],
      ['P1002/testdata/a2.in', 'abc\n', 33],
      ['P1002/testdata/a10.in', 'world\n', 34],
    ]);
    expect(b.notices.map((n) => n.key)).toContain('import.hydro.additionalFilesIgnored');
  });

  it('names stray test files instead of making broken cases', async () => {
    const orphan = pkgOf({
      'problem.yaml': 'title: T',
      'testdata/1.in': '1',
      'testdata/1.out': '1',
      'testdata/2.ans': '2',
    });
    expect(await refusal(() => parseHydro(orphan))).toMatchObject({
      key: 'import.hydro.inputMissing',
      params: { list: '2.ans' },
    });
    const noAnswer = pkgOf({ 'problem.yaml': 'title: T', 'testdata/1.in': '1' });
    expect(await refusal(() => parseHydro(noAnswer))).toMatchObject({ key: 'import.hydro.outputMissing' });
  });

  it('refuses what it cannot judge as the author meant, with the reason', async () => {
    const withConfig = (config: string) =>
      pkgOf({
        'problem.yaml': 'title: T',
        'testdata/config.yaml': config,
        'testdata/1.in': '1',
        'testdata/1.out': '1',
      });
    expect(await refusal(() => parseHydro(withConfig('type: objective')))).toMatchObject({
      key: 'import.hydro.unsupportedType',
    });
    expect(await refusal(() => parseHydro(withConfig('checker_type: lemon\nchecker: c.cc')))).toMatchObject({
      key: 'import.hydro.checkerType',
      params: { type: 'lemon' },
    });
    expect(await refusal(() => parseHydro(withConfig('type: interactive')))).toMatchObject({
      key: 'import.hydro.interactorMissing',
    });
    expect(await refusal(() => parseHydro(withConfig('time: fast')))).toMatchObject({
      key: 'import.hydro.badField',
      params: { field: 'time' },
    });
  });

  it('wraps a HUSTOJ or QDUOJ checker, and "sum" subtasks score by the average', async () => {
    const p = parseHydro(
      pkgOf({
        'problem.yaml': 'title: T',
        'testdata/config.yaml':
          'checker_type: hustoj\nchecker: spj.c\nsubtasks:\n  - score: 40\n    type: sum\n    cases: [{input: 1.in, output: 1.out}, {input: 2.in, output: 2.out}]\n  - type: sum\n    cases: [{input: 3.in, output: 3.out}]\n',
        'testdata/spj.c': 'int main(){return 0;}',
        'testdata/1.in': '1',
        'testdata/1.out': '1',
        'testdata/2.in': '2',
        'testdata/2.out': '2',
        'testdata/3.in': '3',
        'testdata/3.out': '3',
      }),
    )[0];
    expect([p.judgeMode, p.program?.language, Object.keys(p.program?.extraFiles ?? {})]).toEqual([
      'spj',
      'C',
      ['hustoj_spj.c'],
    ]);
    // the subtask without a score gets what is left of 100
    expect([p.judgeCaseMode, p.cases.map((c) => c.score), p.ioScore]).toEqual([
      'subtask_average',
      [40, 40, 60],
      100,
    ]);
  });

  it('reads Hydro time and memory units', () => {
    expect([
      hydroMilliseconds('1s'),
      hydroMilliseconds('1.5s'),
      hydroMilliseconds('250ms'),
      hydroMilliseconds('x'),
    ]).toEqual([1000, 1500, 250, null]);
    expect([
      hydroMegabytes('256m'),
      hydroMegabytes('512MB'),
      hydroMegabytes('1g'),
      hydroMegabytes('65536k'),
    ]).toEqual([256, 512, 1024, 64]);
  });

  it('takes only fences tagged inputN / outputN as samples', () => {
    const s = splitSamples(
      'Intro\n\n```cpp\nint x;\n```\n\n```input2\nb\n```\n```input1\na\n```\n```output1\nA\n```\n',
    );
    expect(s.examples).toEqual([
      { input: 'a', output: 'A' },
      { input: 'b', output: '' },
    ]);
    expect(s.description).toBe('Intro\n\n```cpp\nint x;\n```');
  });

  it('is told apart from a Kattis package, which also has a problem.yaml', async () => {
    const kattis = packageProblem(await readZip(zipFixture('kattis/sum')), 'sum.zip', IMPORT_DEFAULTS);
    expect(kattis.title).not.toBe('');
    const hydroOne = packageProblem(
      pkgOf({ 'problem.yaml': 'title: Only', 'testdata/1.in': '1', 'testdata/1.out': '1' }),
      'h.zip',
      IMPORT_DEFAULTS,
    );
    expect(hydroOne.title).toBe('Only');
  });
});
