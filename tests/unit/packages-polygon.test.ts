// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/services/errors';
import { PackageFiles, readDirectory, readZip } from '../../server/services/packages/archive';
import { parseArchive } from '../../server/services/packages/import';
import { formatPattern, parsePolygon, polygonLanguage } from '../../server/services/packages/polygon';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import { JudgeStatus as S } from '../../shared/constants/judge-status';
import { FIXTURES, zipFixture } from '../fixtures/packages/zip';

let base: PackageFiles;
beforeAll(async () => {
  base = await readDirectory(join(FIXTURES, 'polygon/average'));
});

/** The fixture with some files removed or replaced, and problem.xml edited. */
function variant(change: { remove?: string[]; set?: Record<string, string>; xml?: (xml: string) => string }) {
  const files = new Map(base.paths().map((p) => [p, base.get(p) as Buffer]));
  for (const p of change.remove ?? []) files.delete(p);
  for (const [p, v] of Object.entries(change.set ?? {})) files.set(p, Buffer.from(v));
  if (change.xml) files.set('problem.xml', Buffer.from(change.xml(base.text('problem.xml') ?? '')));
  return new PackageFiles(files);
}

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the package to be refused');
}

describe('Polygon package (average: testlib checker, groups with points)', () => {
  it('reads names, limits, statement sections, samples and tags', () => {
    const p = parsePolygon(base);
    expect(p.problemId).toBe('average');
    expect(p.title).toBe('Average');
    expect([p.timeLimit, p.memoryLimit]).toEqual([2000, 256]);
    expect(p.description).toBe('Given $n$ integers, print their **arithmetic mean**.');
    expect(p.input).toContain('($1 \\le n \\le 100$)');
    expect(p.hint).toBe('In the first example $(1+2)/2 = 1.5$.');
    expect(p.examples).toEqual([{ input: '2\n1 2', output: '1.5' }]);
    expect(p.tags).toEqual(['math', 'implementation']);
    expect(p.fileIO).toBeNull();
  });

  it('uses every test of the package, generated ones included, with group points', () => {
    const p = parsePolygon(base);
    expect(p.cases.map((c) => [c.name, c.score, c.groupNum])).toEqual([
      ['tests/01', 0, 1],
      ['tests/02', 40, 2],
      ['tests/03', 40, 2],
      ['tests/04', 30, 3],
      ['tests/05', 30, 4],
    ]);
    expect([p.type, p.judgeCaseMode, p.ioScore]).toEqual([1, 'subtask_lowest', 100]);
    expect(p.notices).toEqual([{ key: 'import.polygon.dependenciesIgnored', params: { group: '1' } }]);
  });

  it('keeps the testlib checker with the package testlib.h', () => {
    const p = parsePolygon(base);
    expect(p.judgeMode).toBe('spj');
    expect(p.program?.protocol).toBe('testlib');
    expect(p.program?.language).toBe('C++');
    expect(p.program?.code).toContain('registerTestlibCmd');
    expect(p.program?.extraFiles['testlib.h']).toContain('registerTestlibCmd');
  });

  it('keeps a checker whose package lacks testlib.h: the judge adds its own, and a notice says so', () => {
    const p = parsePolygon(variant({ remove: ['files/testlib.h'] }));
    expect(p.judgeMode).toBe('spj');
    expect(p.program?.code).toContain('#include "testlib.h"');
    expect(p.program?.extraFiles).toEqual({});
    expect(p.notices).toContainEqual({
      key: 'import.testlibBundled',
      params: { program: expect.stringContaining('checker') },
    });
  });

  it('lists the solutions with the verdicts their tags promise', () => {
    expect(parsePolygon(base).submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['solutions/average.cpp', 'C++', [S.ACCEPTED]],
      ['solutions/integer.py', 'Python3', [S.WRONG_ANSWER, S.PRESENTATION_ERROR]],
      ['solutions/draft.cpp', 'C++', []],
    ]);
  });

  it('is found in a zip with a top folder', async () => {
    const [p] = parseArchive(
      await readZip(zipFixture('polygon/average', { folder: 'x' })),
      'polygon',
      'x.zip',
      IMPORT_DEFAULTS,
    );
    expect(p.problemId).toBe('average');
  });

  it('without groups and points is an ACM problem', () => {
    const p = parsePolygon(
      variant({ xml: (x) => x.replace(/ points="\d+"/g, '').replace(/<groups>[\s\S]*<\/groups>/, '') }),
    );
    expect([p.type, p.judgeCaseMode]).toEqual([0, 'ergodic_without_error']);
  });

  it('with each-test points only sums them in default mode', () => {
    const p = parsePolygon(
      variant({ xml: (x) => x.replace('points-policy="complete-group"', 'points-policy="each-test"') }),
    );
    expect([p.judgeCaseMode, p.ioScore, p.cases.map((c) => c.score)]).toEqual([
      'default',
      100,
      [0, 20, 20, 30, 30],
    ]);
  });

  it('maps an interactor, file input/output and source types', () => {
    const p = parsePolygon(
      variant({
        set: { 'files/interactor.cpp': '#include "testlib.h"\nint main() {}\n' },
        xml: (x) =>
          x
            .replace('input-file=""', 'input-file="average.in"')
            .replace('output-file=""', 'output-file="average.out"')
            .replace(
              '<validators>',
              '<interactor><source path="files/interactor.cpp" type="cpp.g++20"/></interactor><validators>',
            ),
      }),
    );
    expect(p.judgeMode).toBe('interactive');
    expect(p.program).toMatchObject({ protocol: 'testlib', language: 'C++ 20' });
    expect(p.fileIO).toEqual({ inputName: 'average.in', outputName: 'average.out' });
    expect(p.notices.map((n) => n.key)).toContain('import.polygon.interactiveCheckerIgnored');
    expect(p.interactionChecker?.code).toContain('registerTestlibCmd');
    expect(polygonLanguage('python.3', 'x', '')).toBe('Python3');
    expect(polygonLanguage('java11', 'x', '')).toBe('Java');
    expect(polygonLanguage('pascal.fpc', 'x', '')).toBe('Pascal');
    expect(polygonLanguage('perl.5', 'x', '')).toBeNull();
    expect(formatPattern('tests/%02d', 7)).toBe('tests/07');
    expect(formatPattern('tests/%d.a', 12)).toBe('tests/12.a');
  });

  it.each([
    [
      'a generated test that is not in the package',
      { remove: ['tests/03'] },
      'import.polygon.generatedTestMissing',
    ],
    ['a manual test that is not in the package', { remove: ['tests/02'] }, 'import.polygon.testMissing'],
    ['a missing answer', { remove: ['tests/04.a'] }, 'import.polygon.answerMissing'],
    [
      'a standard checker without its source',
      { remove: ['files/check.cpp', 'check.cpp'] },
      'import.polygon.programMissing',
    ],
    [
      'several runs',
      { xml: (x: string) => x.replace('run-count="1"', 'run-count="2"') },
      'import.polygon.unsupported',
    ],
    ['malformed problem.xml', { set: { 'problem.xml': '<problem><names>' } }, 'import.badXml'],
    ['no problem.xml', { remove: ['problem.xml'] }, 'import.polygon.missingProblemXml'],
  ])('refuses %s', (_, change, key) => {
    const error = refusal(() => parsePolygon(variant(change)));
    expect(error.status).toBe(400);
    expect(error.key).toBe(key);
  });

  it('names the files of the test folder that no test uses, and judges only the tests of problem.xml', () => {
    const p = parsePolygon(
      variant({ set: { 'tests/06.a': '9\n', 'tests/07': '1\n5\n', 'tests/.keep': '', 'tests/README': 'x' } }),
    );
    expect(p.cases).toHaveLength(5);
    expect(p.notices).toContainEqual({
      key: 'import.polygon.testFilesIgnored',
      params: { list: 'tests/06.a, tests/07, tests/README' },
    });
    expect(parsePolygon(base).notices.map((n) => n.key)).not.toContain('import.polygon.testFilesIgnored');
  });

  it('names the generator command of a missing generated test', () => {
    expect(refusal(() => parsePolygon(variant({ remove: ['tests/05'] }))).params).toEqual({
      test: 5,
      cmd: 'gen 100 2',
    });
  });
});

describe('the fixture checker with its testlib.h stand-in', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-checker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // g++ -O2 on testlib.h takes seconds, more on a busy machine: past the unit tests' 5 s limit
  it('compiles and answers with testlib exit codes', () => {
    const p = parsePolygon(base);
    writeFileSync(join(dir, 'check.cpp'), p.program?.code ?? '');
    writeFileSync(join(dir, 'testlib.h'), p.program?.extraFiles['testlib.h'] ?? '');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-o', join(dir, 'check'), join(dir, 'check.cpp')]);
    const run = (output: string, answer: string) => {
      writeFileSync(join(dir, 'in'), '2\n1 2\n');
      writeFileSync(join(dir, 'out'), output);
      writeFileSync(join(dir, 'ans'), answer);
      return spawnSync(join(dir, 'check'), [join(dir, 'in'), join(dir, 'out'), join(dir, 'ans')]).status;
    };
    expect(run('1.5000000001\n', '1.5\n')).toBe(0);
    expect(run('1\n', '1.5\n')).toBe(1);
    expect(run('1.5 2\n', '1.5\n')).toBe(2);
    expect(run('', '1.5\n')).toBe(2);
  }, 60_000);
});
