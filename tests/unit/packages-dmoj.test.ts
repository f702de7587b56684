// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PackageFiles, readZip } from '../../server/services/packages/archive';
import { parseDmoj } from '../../server/services/packages/dmoj';
import { parseUpload } from '../../server/services/packages/import';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import { makeZip, zipFixture } from '../fixtures/packages/zip';

const fixture = async () => parseDmoj(await readZip(zipFixture('dmoj/export')), 'export', IMPORT_DEFAULTS);

const pkgOf = (files: Record<string, string>) =>
  new PackageFiles(new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])));

async function refusal(p: Promise<unknown>): Promise<{ key: string; params?: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as { key: string };
  }
  throw new Error('expected the package to be refused');
}

const one = (init: string, files: Record<string, string> = { '1.in': '1', '1.out': '1' }) =>
  parseDmoj(
    pkgOf({
      'p/init.yml': init,
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`p/${k}`, v])),
    }),
    'x',
    IMPORT_DEFAULTS,
  );

describe('DMOJ init.yml problems', () => {
  it('reads cases from the archive init.yml names, with batches as all-or-nothing groups', async () => {
    const [a] = await fixture();
    expect([a.problemId, a.title, a.type, a.judgeMode, a.judgeCaseMode]).toEqual([
      'aplusb',
      'aplusb',
      1,
      'default',
      'subtask_lowest',
    ]);
    expect(a.cases.map((c) => [c.input.toString().trim(), c.score, c.groupNum])).toEqual([
      ['1 2', 5, 2],
      ['-1 1', 15, 1],
      ['1000000000 1000000000', 15, 1],
    ]);
    expect(a.ioScore).toBe(20);
    expect(a.notices.map((n) => n.key)).toEqual([
      'import.dmoj.pretestsIgnored',
      'import.dmoj.limitsDefaulted',
    ]);
    expect([a.timeLimit, a.memoryLimit]).toEqual([
      IMPORT_DEFAULTS.timeLimitMs,
      IMPORT_DEFAULTS.memoryLimitMb,
    ]);
  });

  it('maps the floats checker to a float tolerance and a bridged testlib checker to a checker', async () => {
    const [, guess, mean] = await fixture();
    expect([mean.judgeMode, mean.validatorFlags, mean.judgeCaseMode]).toEqual([
      'default',
      'float_tolerance 1e-4',
      'default',
    ]);
    expect([guess.judgeMode, guess.program?.protocol, guess.program?.language]).toEqual([
      'spj',
      'testlib',
      'C++',
    ]);
    expect(guess.notices.map((n) => n.key)).toContain('import.testlibBundled');
  });

  it('refuses checkers and judges it cannot run as DMOJ would, naming them', async () => {
    expect(
      await refusal(one('checker: linecount\ntest_cases: [{in: 1.in, out: 1.out, points: 1}]')),
    ).toMatchObject({
      key: 'import.dmoj.checker',
      params: { checker: 'linecount' },
    });
    expect(
      await refusal(one('checker: check.py\ntest_cases: [{in: 1.in, out: 1.out, points: 1}]')),
    ).toMatchObject({
      key: 'import.dmoj.checker',
    });
    expect(await refusal(one('custom_judge: judge.py\ntest_cases: [{in: 1.in, out: 1.out}]'))).toMatchObject({
      key: 'import.dmoj.customJudge',
    });
    expect(
      await refusal(
        one(
          'checker: {name: bridged, args: {files: c.cpp, type: coci}}\ntest_cases: [{in: 1.in, out: 1.out}]',
        ),
      ),
    ).toMatchObject({ key: 'import.dmoj.bridgedType', params: { type: 'coci' } });
  });

  it('names a missing test file or archive', async () => {
    expect(await refusal(one('test_cases: [{in: 1.in, out: 2.out, points: 1}]'))).toMatchObject({
      key: 'import.dmoj.caseFileMissing',
      params: { path: '2.out' },
    });
    expect(await refusal(one('archive: data.zip\ntest_cases: [{in: 1.in, out: 1.out}]'))).toMatchObject({
      key: 'import.dmoj.fileMissing',
      params: { path: 'p/data.zip' },
    });
    expect(await refusal(one('test_cases: []'))).toMatchObject({ key: 'import.dmoj.noCases' });
    const upload = { filename: 'x.zip', data: makeZip([{ name: 'problem.yaml', data: 'name: x' }]) };
    expect(await refusal(parseUpload('dmoj', upload, IMPORT_DEFAULTS))).toMatchObject({
      key: 'import.dmoj.noInitYml',
    });
  });
});
