/**
 * The Kattis default output validator (validator flags): token comparison, case and space sensitivity,
 * float tolerances (docs/judge.md, Output judging with validator flags), chunk-boundary independence, and a
 * submission judged with flags. Mostly pure; one benign submission at the end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTokenFiles, compareTokens } from '../../judge/token-compare';
import { parseValidatorFlags, ValidatorFlagsError } from '../../judge/validator-flags';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeProblem, type Problem, requireSandbox, submit } from './helpers';

const b = (s: string) => Buffer.from(s);

async function verdict(user: string, expected: string, flags = ''): Promise<boolean> {
  return (await compareTokens([b(user)], [b(expected)], parseValidatorFlags(flags))).ok;
}

function chunked(s: string, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < s.length; i += size) out.push(b(s.slice(i, i + size)));
  return out;
}

describe('validator flags', () => {
  it('parses the known flags; float_tolerance sets both tolerances', () => {
    expect(parseValidatorFlags('')).toEqual({
      caseSensitive: false,
      spaceChangeSensitive: false,
      absoluteTolerance: null,
      relativeTolerance: null,
    });
    expect(parseValidatorFlags(' case_sensitive  space_change_sensitive float_tolerance 1E-6 ')).toEqual({
      caseSensitive: true,
      spaceChangeSensitive: true,
      absoluteTolerance: 1e-6,
      relativeTolerance: 1e-6,
    });
    expect(parseValidatorFlags('float_absolute_tolerance 0.5 float_relative_tolerance 1e-3')).toMatchObject({
      absoluteTolerance: 0.5,
      relativeTolerance: 1e-3,
    });
  });

  it('rejects unknown flags and bad numbers', () => {
    expect(() => parseValidatorFlags('ignore_case')).toThrow(ValidatorFlagsError);
    expect(() => parseValidatorFlags('float_tolerance')).toThrow(/needs a non-negative number/);
    expect(() => parseValidatorFlags('float_tolerance abc')).toThrow(ValidatorFlagsError);
    expect(() => parseValidatorFlags('float_tolerance -1')).toThrow(ValidatorFlagsError);
  });
});

describe('default validator: tokens, case, space', () => {
  it('compares tokens, ignoring how whitespace is laid out', async () => {
    expect(await verdict('1  2\n3\n\n', '1 2 3')).toBe(true);
    expect(await verdict('  1\t2\r\n3', '1\n2\n3\n')).toBe(true);
    expect(await verdict('', '')).toBe(true);
    expect(await verdict('\n \n', '')).toBe(true);
  });

  it('token counts must match: trailing output and early end are Wrong Answer', async () => {
    const flags = parseValidatorFlags('');
    expect(await compareTokens([b('1 2 3 4')], [b('1 2 3')], flags)).toEqual({
      ok: false,
      message: 'wrong answer: trailing output',
    });
    expect(await compareTokens([b('1 2')], [b('1 2 3')], flags)).toEqual({
      ok: false,
      message: 'wrong answer: output ended early (after 2 tokens)',
    });
    expect(await compareTokens([b('1 5 3')], [b('1 2 3')], flags)).toEqual({
      ok: false,
      message: 'wrong answer: token 2 differs',
    });
  });

  it('is case-insensitive (ASCII) unless case_sensitive', async () => {
    expect(await verdict('YES\nNo', 'yes\nno')).toBe(true);
    expect(await verdict('YES', 'yes', 'case_sensitive')).toBe(false);
    expect(await verdict('yes', 'yes', 'case_sensitive')).toBe(true);
    expect(await verdict('É', 'é')).toBe(false);
  });

  it('space_change_sensitive: every whitespace run must be identical, ends included', async () => {
    const f = 'space_change_sensitive';
    expect(await verdict('1 2\n', '1 2\n', f)).toBe(true);
    expect(await verdict('1  2\n', '1 2\n', f)).toBe(false);
    expect(await verdict('1 2', '1 2\n', f)).toBe(false);
    expect(await verdict('1 2\n\n', '1 2\n', f)).toBe(false);
    expect(await verdict(' 1 2\n', '1 2\n', f)).toBe(false);
    expect(await verdict('1\t2\n', '1 2\n', f)).toBe(false);
    expect(await verdict('1 2\n', '1 2\n', `${f} float_tolerance 0.1`)).toBe(true);
  });
});

describe('default validator: float tolerances', () => {
  it('absolute and relative tolerance; either one accepts', async () => {
    expect(await verdict('1.0000009', '1', 'float_absolute_tolerance 1e-6')).toBe(true);
    expect(await verdict('1.00001', '1', 'float_absolute_tolerance 1e-6')).toBe(false);
    expect(await verdict('1000000.5', '1e6', 'float_relative_tolerance 1e-6')).toBe(true);
    expect(await verdict('1000002', '1e6', 'float_relative_tolerance 1e-6')).toBe(false);
    expect(await verdict('1000002', '1e6', 'float_relative_tolerance 1e-6 float_absolute_tolerance 5')).toBe(
      true,
    );
    expect(await verdict('0.0314001', '0.0314', 'float_tolerance 1e-6')).toBe(true);
  });

  it('any formatting of the contestant’s number is fine; integers compare as floats', async () => {
    expect(await verdict('3.14000000e-2', '0.0314', 'float_tolerance 1e-9')).toBe(true);
    expect(await verdict('3.0000001', '3', 'float_tolerance 1e-6')).toBe(true);
    expect(await verdict('+3', '3', 'float_tolerance 0')).toBe(true);
    expect(await verdict('3.0', '3')).toBe(false);
  });

  it('a number expected and something else given is Wrong Answer', async () => {
    const flags = parseValidatorFlags('float_tolerance 1e-6');
    expect(await compareTokens([b('abc')], [b('1.5')], flags)).toEqual({
      ok: false,
      message: 'wrong answer: token 1: expected a number',
    });
    expect(await verdict('1e400', '1.5', 'float_tolerance 1e-6')).toBe(false);
    expect(await verdict('0x10', '16', 'float_tolerance 1e-6')).toBe(false);
  });

  it('relative tolerance with a zero answer accepts only zero', async () => {
    expect(await verdict('0.0000001', '0', 'float_relative_tolerance 1e-6')).toBe(false);
    expect(await verdict('0.000', '0', 'float_relative_tolerance 1e-6')).toBe(true);
  });

  it('inf and nan are not numbers: compared as (case-insensitive) strings', async () => {
    const f = 'float_tolerance 1e-6';
    expect(await verdict('inf', 'inf', f)).toBe(true);
    expect(await verdict('0', 'inf', f)).toBe(false);
    expect(await verdict('NaN', 'nan', f)).toBe(true);
    expect(await verdict('Inf', 'inf', `${f} case_sensitive`)).toBe(false);
  });
});

describe('default validator: streaming', () => {
  it('gives the same answer whatever the chunk boundaries', async () => {
    const texts = ['1 2.5\n  x Y\n', '1  2.5000001 x y', ' 1\n2.5\nx\ny\n\n', '1 2.5 x', '1 2.6 x y'];
    for (const flags of ['', 'float_tolerance 1e-6', 'space_change_sensitive', 'case_sensitive']) {
      const parsed = parseValidatorFlags(flags);
      for (const user of texts) {
        for (const expected of texts) {
          const want = (await compareTokens([b(user)], [b(expected)], parsed)).ok;
          for (const size of [1, 2, 3, 7]) {
            const got = (await compareTokens(chunked(user, size), chunked(expected, size + 1), parsed)).ok;
            expect(got, `${JSON.stringify(user)} vs ${JSON.stringify(expected)} [${flags}] /${size}`).toBe(
              want,
            );
          }
        }
      }
    }
  });

  it('compares large files, and one huge token, from disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verdict-tokens-'));
    try {
      const line = `${'123456789 '.repeat(20)}0.5\n`;
      await writeFile(join(dir, 'ans'), line.repeat(40_000));
      await writeFile(join(dir, 'same'), line.replaceAll(' ', '\n').replaceAll('0.5', '5e-1').repeat(40_000));
      const flags = parseValidatorFlags('float_tolerance 1e-9');
      expect((await compareTokenFiles(join(dir, 'same'), join(dir, 'ans'), flags)).ok).toBe(true);
      const token = 'ab'.repeat(3_000_000);
      await writeFile(join(dir, 'big-ans'), `${token}\n`);
      await writeFile(join(dir, 'big-same'), token.toUpperCase());
      await writeFile(join(dir, 'big-longer'), `${token}a`);
      expect((await compareTokenFiles(join(dir, 'big-same'), join(dir, 'big-ans'), flags)).ok).toBe(true);
      expect((await compareTokenFiles(join(dir, 'big-longer'), join(dir, 'big-ans'), flags)).ok).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('judging with validator flags', () => {
  let problem: Problem;
  const PI = `#include <stdio.h>
int main(void) { printf("%.5f\\n", 3.14159265); return 0; }`;

  beforeAll(async () => {
    requireSandbox();
    problem = await makeProblem([['\n', '3.1416\n']]);
  });
  afterAll(async () => {
    await problem?.cleanup();
  });

  it('uses the flags instead of HOJ’s comparison; bad flags are a System Error', async () => {
    const ok = await submit('C', PI, problem.cases, { validatorFlags: 'float_tolerance 1e-4' });
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    const tight = await submit('C', PI, problem.cases, { validatorFlags: 'float_absolute_tolerance 1e-6' });
    expect(tight.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(tight.result.errorMessage).toBe('wrong answer: token 1: number out of tolerance');
    const hoj = await submit('C', PI, problem.cases, { validatorFlags: null });
    expect(hoj.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    const bad = await submit('C', PI, problem.cases, { validatorFlags: 'float_tolerance x' });
    expect(bad.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(bad.result.errorMessage).toMatch(/validator flag float_tolerance/);
  });

  it('treats empty flags as the Kattis default validator: case and spacing do not matter', async () => {
    const words = await makeProblem([['\n', 'Hello   World\n']]);
    try {
      const shout = 'int main(void) { puts("HELLO world"); return 0; }';
      const kattis = await submit('C', shout, words.cases, { validatorFlags: '' });
      expect(kattis.result.status).toBe(JudgeStatus.ACCEPTED);
      const strict = await submit('C', shout, words.cases, { validatorFlags: 'case_sensitive' });
      expect(strict.result.status).toBe(JudgeStatus.WRONG_ANSWER);
      const hoj = await submit('C', shout, words.cases, { validatorFlags: null });
      expect(hoj.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    } finally {
      await words.cleanup();
    }
  });
});
