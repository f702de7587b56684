// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/services/errors';
import { PackageFiles, readDirectory, readZip } from '../../server/services/packages/archive';
import { parseArchive } from '../../server/services/packages/import';
import { kattisRoots, markdownSections, parseKattis } from '../../server/services/packages/kattis';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import type { ParsedProblem } from '../../server/services/packages/types';
import { JudgeStatus as S } from '../../shared/constants/judge-status';
import { createI18n } from '../../shared/i18n';
import { allResources } from '../../shared/i18n/all-messages';
import { FIXTURES, makeZip, zipFixture } from '../fixtures/packages/zip';

const fixture = async (name: string): Promise<ParsedProblem> =>
  parseArchive(
    await readZip(zipFixture(`kattis/${name}`, { folder: name })),
    'kattis',
    `${name}.zip`,
    IMPORT_DEFAULTS,
  )[0];

const inMemory = (files: Record<string, string>) =>
  new PackageFiles(new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])));

const minimal = (extra: Record<string, string> = {}) =>
  inMemory({
    'problem.yaml': 'name: Minimal\n',
    'data/secret/1.in': '1\n',
    'data/secret/1.ans': '1\n',
    ...extra,
  });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the package to be refused');
}

const parse = (pkg: PackageFiles) => parseKattis(pkg, { shortName: 'minimal', defaults: IMPORT_DEFAULTS });
const text = (c: { input: Buffer; output: Buffer }) => [c.input.toString(), c.output.toString()];

describe('Kattis legacy package (sum: default validator, DOMjudge .timelimit)', () => {
  it('reads name, statement, limits, samples, cases and metadata', async () => {
    const p = await fixture('sum');
    expect(p.problemId).toBe('sum');
    expect(p.title).toBe('Sum of Two');
    expect(p.description).toContain('This is *easy* — really.');
    expect(p.description).toContain('- Read the input.\n- Print `a+b`.');
    expect(p.description).not.toContain('comment');
    expect(p.input).toBe(
      'One line with two integers $a$ and $b$ ($-2 \\cdot 10^9 \\le a, b \\le 2 \\cdot 10^9$).',
    );
    expect(p.output).toBe('One line with the integer $a+b$.');
    expect([p.timeLimit, p.memoryLimit]).toEqual([2000, 256]);
    expect(p.notices).toEqual([]);
    expect(p.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(p.cases.map((c) => c.name)).toEqual(['sample/1', 'secret/01', 'secret/02', 'secret/03']);
    expect(text(p.cases[3])).toEqual(['2000000000 2000000000\n', '4000000000\n']);
    expect([p.type, p.judgeMode, p.judgeCaseMode]).toEqual([0, 'default', 'ergodic_without_error']);
    expect(p.program).toBeNull();
    expect(p.validatorFlags).toBe('');
    expect(p.source).toBe('Verdict fixtures · Ada Lovelace');
    expect(p.tags).toEqual(['beginner', 'arithmetic']);
  });

  it('lists the example submissions with their expected verdicts', async () => {
    const p = await fixture('sum');
    expect(p.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['submissions/accepted/sum.c', 'C', [S.ACCEPTED]],
      ['submissions/accepted/sum.py', 'Python3', [S.ACCEPTED]],
      ['submissions/wrong_answer/int32.c', 'C', [S.WRONG_ANSWER, S.PRESENTATION_ERROR]],
      ['submissions/wrong_answer/off_by_one.py', 'Python3', [S.WRONG_ANSWER, S.PRESENTATION_ERROR]],
    ]);
    expect(p.submissions[2].expectation).toBe('WRONG-ANSWER'); // DOMjudge header, not only the folder
  });

  it('reads the same problem from a directory and from a zip without a top folder', async () => {
    const fromDir = parseArchive(
      await readDirectory(join(FIXTURES, 'kattis/sum')),
      'kattis',
      'sum',
      IMPORT_DEFAULTS,
    )[0];
    const fromZip = parseArchive(
      await readZip(zipFixture('kattis/sum')),
      'kattis',
      'sum.zip',
      IMPORT_DEFAULTS,
    )[0];
    expect(fromZip.problemId).toBe('sum');
    expect(fromDir.cases.map(text)).toEqual(fromZip.cases.map(text));
    expect(fromDir.title).toBe(fromZip.title);
  });
});

describe('Kattis legacy package (divide: float tolerance, no time limit)', () => {
  it('keeps the validator flags and uses the site default time limit with a notice', async () => {
    const p = await fixture('divide');
    expect(p.validatorFlags).toBe('float_tolerance 1e-6');
    expect(p.judgeMode).toBe('default');
    expect(p.timeLimit).toBe(1000);
    expect(p.memoryLimit).toBe(1024);
    expect(p.notices).toEqual([{ key: 'import.kattis.defaultTimeLimit', params: { ms: 1000 } }]);
    const pkg = await readZip(zipFixture('kattis/divide'));
    const slower = parseKattis(pkg, {
      shortName: 'divide',
      defaults: { timeLimitMs: 3000, memoryLimitMb: 512 },
    });
    expect([slower.timeLimit, slower.memoryLimit]).toEqual([3000, 512]);
  });
});

describe('Kattis legacy package (split: custom output validator)', () => {
  it('stores the validator as a Kattis-protocol checker with its header', async () => {
    const p = await fixture('split');
    expect(p.judgeMode).toBe('spj');
    expect(p.program?.protocol).toBe('kattis');
    expect(p.program?.language).toBe('C++');
    expect(p.program?.code).toContain('int main(int argc, char **argv)');
    expect(Object.keys(p.program?.extraFiles ?? {})).toEqual(['validate.h']);
    expect(p.validatorFlags).toBeNull();
    expect([p.timeLimit, p.memoryLimit]).toEqual([1000, 128]);
    expect(p.notices).toEqual([]);
  });
});

describe('Kattis 2023-07-draft package (guess: interactive)', () => {
  it('reads the interactive validator, the Markdown statement and the interaction sample', async () => {
    const p = await fixture('guess');
    expect(p.title).toBe('Guess the Number');
    expect(p.judgeMode).toBe('interactive');
    expect(p.program).toMatchObject({ protocol: 'kattis', language: 'Python3' });
    expect(p.description).toContain('## Interaction');
    expect(p.source).toBe('Verdict fixtures · Grace Hopper');
    expect(p.examples).toEqual([{ input: 'lower\ncorrect', output: '500\n250' }]);
    // the sample exists only as .interaction: judged cases are the secret ones (empty .ans allowed)
    expect(p.cases.map((c) => [c.name, c.output.length])).toEqual([
      ['secret/1', 0],
      ['secret/2', 0],
    ]);
    expect(p.memoryLimit).toBe(512);
  });
});

describe('Kattis 2025-09 package (subtasks: scoring with test groups)', () => {
  it('maps max_score and score_aggregation onto subtask_lowest groups', async () => {
    const p = await fixture('subtasks');
    expect([p.type, p.judgeCaseMode, p.ioScore]).toEqual([1, 'subtask_lowest', 100]);
    expect(p.cases.map((c) => [c.name, c.score, c.groupNum])).toEqual([
      ['sample/1', 0, 1],
      ['secret/group1/01', 40, 2],
      ['secret/group1/02', 40, 2],
      ['secret/group2/01', 20, 3],
      ['secret/group2/02', 20, 4],
      ['secret/group2/03', 20, 5],
    ]);
    expect([p.timeLimit, p.memoryLimit]).toEqual([2500, 512]);
    expect(p.languages).toEqual(['C++', 'C++ 14', 'C++ 20', 'Python3']);
    expect(p.description).toBe('Add up $n$ numbers ($n \\le 1000$).');
    expect(p.input).toBe('The number $n$, then $n$ integers.');
    expect(p.source).toBe('Verdict fixtures · Alan Turing');
    expect(p.submissions.map((s) => s.expected)).toEqual([[S.ACCEPTED], [S.PARTIAL_ACCEPTED]]);
  });

  it('spreads a sum group over its cases as HOJ does, and without groups uses default mode', () => {
    const p = parse(
      inMemory({
        'problem.yaml': 'problem_format_version: 2025-09\ntype: scoring\nname: S\n',
        'data/secret/1.in': '1',
        'data/secret/1.ans': '1',
        'data/secret/2.in': '2',
        'data/secret/2.ans': '2',
        'data/secret/3.in': '3',
        'data/secret/3.ans': '3',
      }),
    );
    expect([p.judgeCaseMode, p.ioScore]).toEqual(['default', 100]);
    expect(p.cases.map((c) => c.score)).toEqual([33, 33, 34]);
  });

  it('refuses unbounded scores', () => {
    const pkg = inMemory({
      'problem.yaml': 'problem_format_version: 2025-09\ntype: scoring\nname: S\n',
      'data/secret/test_group.yaml': 'max_score: unbounded\n',
      'data/secret/1.in': '1',
      'data/secret/1.ans': '1',
    });
    expect(refusal(() => parse(pkg)).key).toBe('import.kattis.unsupportedScoring');
  });
});

describe('Kattis legacy scoring package (oddecho: testdata.yaml, symlinked case)', () => {
  it('maps accept_score and grader_flags min onto subtask groups', async () => {
    const p = await fixture('oddecho');
    expect(p.title).toBe('Odd Echo');
    expect([p.type, p.judgeCaseMode, p.ioScore]).toEqual([1, 'subtask_lowest', 100]);
    expect(p.cases.map((c) => [c.name, c.score, c.groupNum])).toEqual([
      ['sample/1', 0, 1],
      ['secret/subtask1/1', 50, 2],
      ['secret/subtask1/2', 50, 2],
      ['secret/subtask2/1', 50, 3],
      ['secret/subtask2/2', 50, 3],
    ]);
    expect(text(p.cases[3])).toEqual(text(p.cases[1]));
  });

  it('sums accept_score without min groups', () => {
    const p = parse(
      minimal({
        'problem.yaml': 'type: scoring\nname: S\n',
        'data/secret/testdata.yaml': 'accept_score: 25\n',
        'data/secret/2.in': '2',
        'data/secret/2.ans': '2',
      }),
    );
    expect([p.judgeCaseMode, p.ioScore, p.cases.map((c) => c.score)]).toEqual(['default', 50, [25, 25]]);
  });
});

describe('Kattis package with sample data only (different: a Java class not named Main)', () => {
  it('imports the samples as its test data, with a notice in both languages', async () => {
    const p = await fixture('different');
    expect(p.title).toBe('A Different Problem');
    expect(p.cases.map((c) => [c.name, c.score, c.groupNum])).toEqual([
      ['sample/1', 0, null],
      ['sample/2', 0, null],
      ['sample/3', 0, null],
    ]);
    expect(p.examples).toHaveLength(3);
    expect([p.type, p.judgeMode, p.judgeCaseMode, p.timeLimit]).toEqual([
      0,
      'default',
      'ergodic_without_error',
      2000,
    ]);
    expect(p.notices).toEqual([{ key: 'import.kattis.samplesAsTests', params: { count: 3 } }]);
    expect(p.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['submissions/accepted/Different.java', 'Java', [S.ACCEPTED]],
      ['submissions/wrong_answer/signed.py', 'Python3', [S.WRONG_ANSWER, S.PRESENTATION_ERROR]],
    ]);
    const [notice] = p.notices;
    if (!notice) throw new Error('notice expected');
    expect(createI18n('en-US', allResources).t(notice.key, notice.params)).toBe(
      'The package has no secret test data (data/secret): its 3 sample cases in data/sample are judged as the test data, as DOMjudge does.',
    );
    expect(createI18n('en-US', allResources).t(notice.key, { count: 1 })).toContain('its sample case in');
    expect(createI18n('zh-CN', allResources).t(notice.key, notice.params)).toBe(
      '题目包没有正式测试数据（data/secret）：按 DOMjudge 的做法，data/sample 中的 3 个样例将作为测试数据评测。',
    );
  });
});

describe('Kattis edge cases', () => {
  it('finds several problems in one archive', async () => {
    const pkg = await readZip(
      makeZip([
        ...['a', 'b'].flatMap((d) => [
          { name: `${d}/problem.yaml`, data: `name: Problem ${d}\n` },
          { name: `${d}/data/secret/1.in`, data: '1\n' },
          { name: `${d}/data/secret/1.ans`, data: '1\n' },
        ]),
        { name: 'README.md', data: 'contest' },
      ]),
    );
    expect(kattisRoots(pkg)).toEqual(['a', 'b']);
    expect(
      parseArchive(pkg, 'kattis', 'set.zip', IMPORT_DEFAULTS).map((p) => [p.problemId, p.title]),
    ).toEqual([
      ['a', 'Problem a'],
      ['b', 'Problem b'],
    ]);
  });

  it('takes limits.time_limit, then .timelimit, then domjudge-problem.ini', () => {
    expect(parse(minimal({ 'problem.yaml': 'name: x\nlimits:\n  time_limit: 0.5\n' })).timeLimit).toBe(500);
    expect(parse(minimal({ '.timelimit': '3\n' })).timeLimit).toBe(3000);
    expect(parse(minimal({ 'domjudge-problem.ini': "timelimit = '1.5'\n" })).timeLimit).toBe(1500);
  });

  it('uses the flags of the secret groups, and refuses different flags in different groups', () => {
    const grouped = minimal({
      'data/secret/testdata.yaml': 'output_validator_flags: float_tolerance 1e-4\n',
      'data/sample/1.in': '1',
      'data/sample/1.ans': '1',
    });
    const p = parse(grouped);
    expect(p.validatorFlags).toBe('float_tolerance 1e-4');
    expect(p.notices.map((n) => n.key)).toContain('import.kattis.sampleFlagsDiffer');
    const args = minimal({
      'problem.yaml': 'problem_format_version: 2025-09\nname: x\n',
      'data/secret/test_group.yaml': 'output_validator_args: [case_sensitive, space_change_sensitive]\n',
    });
    expect(parse(args).validatorFlags).toBe('case_sensitive space_change_sensitive');
    const mixed = inMemory({
      'problem.yaml': 'name: x\n',
      'data/secret/a/testdata.yaml': 'output_validator_flags: case_sensitive\n',
      'data/secret/a/1.in': '1',
      'data/secret/a/1.ans': '1',
      'data/secret/b/1.in': '1',
      'data/secret/b/1.ans': '1',
    });
    expect(refusal(() => parse(mixed)).key).toBe('import.kattis.mixedValidatorFlags');
  });

  it.each([
    ['a broken problem.yaml', { 'problem.yaml': 'name: [unclosed\n' }, 'import.badYaml'],
    [
      'an unknown format version',
      { 'problem.yaml': 'problem_format_version: 1999-01\n' },
      'import.kattis.unsupportedVersion',
    ],
    [
      'a multi-pass problem',
      { 'problem.yaml': 'problem_format_version: 2025-09\ntype: multi-pass\n' },
      'import.kattis.unsupportedType',
    ],
    [
      'a custom problem without validator',
      { 'problem.yaml': 'validation: custom\n' },
      'import.kattis.validatorMissing',
    ],
    [
      'a validator built by scripts only',
      {
        'problem.yaml': 'validation: custom\n',
        'output_validators/v/build': '#!/bin/sh\n',
        'output_validators/v/run': '#!/bin/sh\n',
      },
      'import.kattis.buildScriptUnsupported',
    ],
    [
      'two validators',
      {
        'problem.yaml': 'validation: custom\n',
        'output_validators/a/a.py': 'x',
        'output_validators/b/b.py': 'x',
      },
      'import.kattis.severalValidators',
    ],
    ['a case without answer', { 'data/secret/2.in': '2' }, 'import.kattis.answerMissing'],
    ['an answer without its input', { 'data/secret/2.ans': '2' }, 'import.kattis.inputMissing'],
    ['a sample answer without its input', { 'data/sample/1.ans': '1' }, 'import.kattis.inputMissing'],
  ])('refuses %s', (_, files, key) => {
    const error = refusal(() => parse(minimal(files as Record<string, string>)));
    expect(error.status).toBe(400);
    expect(error.key).toBe(key);
  });

  it('refuses a package without problem.yaml or without any test data', () => {
    expect(refusal(() => parse(inMemory({ 'data/secret/1.in': '1', 'data/secret/1.ans': '1' }))).key).toBe(
      'import.kattis.missingProblemYaml',
    );
    expect(refusal(() => parse(inMemory({ 'problem.yaml': 'name: x\n' }))).key).toBe(
      'import.kattis.noTestData',
    );
    expect(
      refusal(() => parse(inMemory({ 'problem.yaml': 'name: x\n', 'data/sample/1.interaction': '>1\n' })))
        .key,
    ).toBe('import.kattis.noTestData');
    expect(kattisRoots(inMemory({ 'x/y/problem.yaml': 'name: deep\n' }))).toEqual([]);
  });

  it('judges the samples of a package without secret data, as DOMjudge does, with a notice', () => {
    const p = parse(
      inMemory({
        'problem.yaml': 'name: x\n',
        'data/sample/1.in': '1 2\r\n',
        'data/sample/1.ans': '3\n',
        'data/sample/2.in': '5 5\n',
        'data/sample/2.ans': '10\n',
      }),
    );
    expect(p.cases.map((c) => [c.name, ...text(c)])).toEqual([
      ['sample/1', '1 2\n', '3\n'],
      ['sample/2', '5 5\n', '10\n'],
    ]);
    expect(p.examples).toEqual([
      { input: '1 2', output: '3' },
      { input: '5 5', output: '10' },
    ]);
    expect(p.notices).toContainEqual({ key: 'import.kattis.samplesAsTests', params: { count: 2 } });
    // on a scoring problem they carry the points the secret data would have
    const scored = parse(
      inMemory({
        'problem.yaml': 'problem_format_version: 2025-09\ntype: scoring\nname: S\n',
        'data/sample/1.in': '1',
        'data/sample/1.ans': '1',
        'data/sample/2.in': '2',
        'data/sample/2.ans': '2',
      }),
    );
    expect([scored.ioScore, scored.cases.map((c) => c.score)]).toEqual([100, [50, 50]]);
  });

  it('names every unpaired file, stray answers first', () => {
    const stray = refusal(() =>
      parse(
        minimal({
          'data/secret/g/7.ans': '7',
          'data/secret/3.ans': '3',
          'data/secret/2.in': '2',
          'data/secret/.hidden.ans': 'x',
          'data/secret/3.in.statement': '3',
        }),
      ),
    );
    expect([stray.key, stray.params]).toEqual([
      'import.kattis.inputMissing',
      { list: 'data/secret/3.ans, data/secret/g/7.ans' },
    ]);
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`data/secret/x${i + 10}.in`, 'x']));
    expect(refusal(() => parse(minimal(many))).params).toEqual({
      list: `${Array.from({ length: 10 }, (_, i) => `data/secret/x${i + 10}.in`).join(', ')}, … (+2)`,
    });
  });

  it('gives interactive cases without an answer an empty one, and names them', () => {
    const p = parse(
      inMemory({
        'problem.yaml': 'validation: custom interactive\nname: x\n',
        'output_validators/v/v.py': 'import sys\nsys.exit(42)\n',
        'data/secret/1.in': '1',
        'data/secret/1.ans': '',
        'data/secret/2.in': '2',
      }),
    );
    expect(p.cases.map((c) => [c.name, c.output.length])).toEqual([
      ['secret/1', 0],
      ['secret/2', 0],
    ]);
    expect(p.notices).toContainEqual({
      key: 'import.kattis.emptyAnswers',
      params: { list: 'data/secret/2.in' },
    });
  });

  it('ignores hidden files and reads a single-file validator', () => {
    const p = parse(
      minimal({
        'problem.yaml': 'validation: custom\n',
        'output_validators/check.py': '#!/usr/bin/env python2\nimport sys\nsys.exit(42)\n',
        'data/secret/.hidden.in': 'x',
      }),
    );
    expect(p.cases).toHaveLength(1);
    expect(p.program).toMatchObject({ language: 'Python2', protocol: 'kattis', extraFiles: {} });
  });
});

describe('Markdown statements', () => {
  it('are split at their Input and Output headings, not inside code', () => {
    expect(
      markdownSections('Story.\n\n```\n# Input\n```\n\n## Input\n\nNumbers.\n\n### Output\n\nA sum.\n'),
    ).toEqual({
      description: 'Story.\n\n```\n# Input\n```',
      input: 'Numbers.',
      output: 'A sum.',
      hint: '',
    });
  });

  it('take a Notes heading after the output as the hint, and leave one in the story alone', () => {
    expect(
      markdownSections(
        'Story.\n\n## Notes\n\nMine.\n\n## Input\n\nA.\n\n## Output\n\nB.\n\n## Notes\n\nTry $n=1$.\n',
      ),
    ).toEqual({
      description: 'Story.\n\n## Notes\n\nMine.',
      input: 'A.',
      output: 'B.',
      hint: 'Try $n=1$.',
    });
  });
});
