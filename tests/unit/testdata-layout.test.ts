// @vitest-environment node
import { describe, expect, it } from 'vitest';
import enUS from '../../locales/console/en-US.json';
import { AppError } from '../../server/services/errors';
import { readZip } from '../../server/services/packages/archive';
import { casesOfTestdata } from '../../server/services/problems/testdata/layout';
import { TESTDATA_LIMITS } from '../../shared/constants/limits';
import { makeZip, type ZipEntry } from '../fixtures/packages/zip';

const cases = async (entries: ZipEntry[]) => casesOfTestdata(await readZip(makeZip(entries)));

async function refusal(entries: ZipEntry[]): Promise<{ key: string; params?: Record<string, unknown> }> {
  try {
    await cases(entries);
  } catch (e) {
    if (e instanceof AppError) return { key: e.key, params: e.params };
    throw e;
  }
  throw new Error('expected the upload to be refused');
}

describe('test data zips', () => {
  it('pairs HOJ’s 1.in/1.out and .ans, in HOJ’s order (2 before 10)', async () => {
    const got = await cases([
      { name: '10.in', data: 'ten' },
      { name: '10.out', data: 'TEN' },
      { name: '2.in', data: 'two' },
      { name: '2.ans', data: 'TWO' },
      { name: 'readme.txt', data: 'ignored' },
    ]);
    expect(got.map((c) => [c.inputName, c.outputName, c.input.toString(), c.output.toString()])).toEqual([
      ['2.in', '2.ans', 'two', 'TWO'],
      ['10.in', '10.out', 'ten', 'TEN'],
    ]);
  });

  it('reads the cases of the one top-level folder a zip tool adds', async () => {
    const got = await cases([
      { name: 'aplusb/1.in', data: '1 2' },
      { name: 'aplusb/1.out', data: '3' },
    ]);
    expect(got.map((c) => c.inputName)).toEqual(['1.in']);
  });

  it('reads a Kattis package’s data/sample then data/secret, groups in order', async () => {
    const got = await cases([
      { name: 'data/secret/g2/01.in', data: 'c' },
      { name: 'data/secret/g2/01.ans', data: 'C' },
      { name: 'data/secret/g1/01.in', data: 'b' },
      { name: 'data/secret/g1/01.ans', data: 'B' },
      { name: 'data/sample/1.in', data: 'a' },
      { name: 'data/sample/1.ans', data: 'A' },
    ]);
    expect(got.map((c) => c.inputName)).toEqual([
      'data/sample/1.in',
      'data/secret/g1/01.in',
      'data/secret/g2/01.in',
    ]);
  });

  it('refuses an input without an output, naming it', async () => {
    const got = await refusal([
      { name: '1.in', data: 'x' },
      { name: '1.out', data: 'y' },
      { name: '2.in', data: 'z' },
    ]);
    expect(got).toEqual({ key: 'testdata.missingOutput', params: { input: '2.in', stem: '2' } });
  });

  it('refuses an output without an input, naming it', async () => {
    expect(await refusal([{ name: '3.out', data: 'y' }])).toMatchObject({
      key: 'testdata.missingInput',
      params: { output: '3.out' },
    });
  });

  it('refuses an empty zip and one with no case in it', async () => {
    expect((await refusal([])).key).toBe('testdata.empty');
    expect((await refusal([{ name: 'notes.txt', data: 'hello' }])).key).toBe('testdata.empty');
  });

  it('refuses two files for one case (1.out and 1.ans; 1.in and 1.IN)', async () => {
    expect(
      await refusal([
        { name: '1.in', data: 'x' },
        { name: '1.out', data: 'y' },
        { name: '1.ans', data: 'y' },
      ]),
    ).toMatchObject({ key: 'testdata.duplicateCase', params: { first: '1.ans', second: '1.out' } });
    expect(
      (
        await refusal([
          { name: '1.in', data: 'x' },
          { name: '1.IN', data: 'x' },
          { name: '1.out', data: 'y' },
        ])
      ).key,
    ).toBe('testdata.duplicateCase');
  });

  it('refuses a case file over the size limit, naming it', async () => {
    const big = Buffer.alloc(TESTDATA_LIMITS.fileBytes + 1, 0x31);
    expect(
      await refusal([
        { name: '1.in', data: big },
        { name: '1.out', data: '1' },
      ]),
    ).toMatchObject({ key: 'testdata.caseTooLarge', params: { file: '1.in', limit: 64 } });
  });

  it('refuses a file name that is not UTF-8', async () => {
    const gbk = Buffer.from([0xb2, 0xe2, 0xca, 0xd4, 0x2e, 0x69, 0x6e]); // "测试.in" in GBK
    try {
      await cases([{ name: '', rawName: gbk, data: 'x' }]);
      throw new Error('expected a refusal');
    } catch (e) {
      expect((e as AppError).key).toBe('import.nameNotUtf8');
    }
  });

  it('has a message for every refusal in both languages', () => {
    for (const key of [
      'empty',
      'missingOutput',
      'missingInput',
      'duplicateCase',
      'caseTooLarge',
      'tooManyCases',
    ])
      expect(enUS.testdata).toHaveProperty(key);
  });
});
