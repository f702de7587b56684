/** Pure rules of the judge: output comparison, per-case verdicts, final status and OI score. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareBuffers, compareFiles, compareStreams } from '../../judge/compare';
import type { SandboxResult } from '../../judge/sandbox/driver';
import { finalResult } from '../../judge/scoring';
import type { CaseResult } from '../../judge/types';
import { decideRun } from '../../judge/verdict';
import { JudgeStatus } from '../../shared/constants/judge-status';

const b = (s: string) => Buffer.from(s);

/** HOJ's rtrim rule written plainly on whole strings (ASCII whitespace), to check the streaming one. */
function referenceRtrim(s: string): string {
  return s.replace(/[ \t\n\r\v\f]+$/, '').replace(/[ \t\r\v\f]+\n/g, '\n');
}

function chunked(s: string, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  let k = 0;
  while (i < s.length) {
    const n = sizes[k++ % sizes.length];
    out.push(b(s.slice(i, i + n)));
    i += n;
  }
  return out;
}

describe('output comparison (HOJ rules)', () => {
  it('remove-end-blank mode ignores trailing blanks, CRs and final newlines', async () => {
    expect(await compareBuffers(b('3 \n'), b('3'), true)).toBe('AC');
    expect(await compareBuffers(b('1 2\r\n3\t\n\n\n'), b('1 2\n3\n'), true)).toBe('AC');
    expect(await compareBuffers(b('a\n\n\n'), b('a'), true)).toBe('AC');
  });

  it('remove-end-blank mode has no PE: inner spacing differences are WA', async () => {
    expect(await compareBuffers(b('1  2\n'), b('1 2\n'), true)).toBe('WA');
    expect(await compareBuffers(b('\na\n'), b('a\n'), true)).toBe('WA');
    expect(await compareBuffers(b('a\n\nb'), b('a\nb'), true)).toBe('WA');
    expect(await compareBuffers(b(''), b('0'), true)).toBe('WA');
  });

  it('exact mode: identical bytes AC, same non-blank text PE, otherwise WA', async () => {
    expect(await compareBuffers(b('3\n'), b('3\n'), false)).toBe('AC');
    expect(await compareBuffers(b('3'), b('3\n'), false)).toBe('PE');
    expect(await compareBuffers(b('1 2\n'), b('12\n'), false)).toBe('PE');
    expect(await compareBuffers(b('1 3\n'), b('12\n'), false)).toBe('WA');
  });

  it('gives the same answer whatever the chunk boundaries', async () => {
    const texts = ['a b  \n  c\t\n\n', ' x\r\n\r\ny \n', '1\n2 \n3', '  \n\n  \t', 'p q\t r\n'];
    for (const user of texts) {
      for (const expected of texts) {
        const want = referenceRtrim(user) === referenceRtrim(expected) ? 'AC' : 'WA';
        for (const sizes of [[1], [2, 3], [5, 1, 7], [100]]) {
          const got = await compareStreams(
            () => chunked(user, sizes),
            () => chunked(expected, [3, 1]),
            true,
          );
          expect(got, `${JSON.stringify(user)} vs ${JSON.stringify(expected)} in ${sizes}`).toBe(want);
        }
      }
    }
  });

  it('compares large files without loading them whole', async () => {
    const line = '1234567890 '.repeat(20);
    const big = `${line}\n`.repeat(40_000); // ~8.8 MB
    const dir = await mkdtemp(join(tmpdir(), 'verdict-cmp-'));
    const expected = join(dir, 'expected');
    const same = join(dir, 'same');
    const other = join(dir, 'other');
    await writeFile(expected, big);
    await writeFile(same, big.replaceAll('\n', ' \r\n'));
    await writeFile(other, `${big}x`);
    expect(await compareFiles(same, expected, true)).toBe('AC');
    expect(await compareFiles(same, expected, false)).toBe('PE');
    expect(await compareFiles(other, expected, true)).toBe('WA');
    await rm(dir, { recursive: true, force: true });
  });
});

function run(overrides: Partial<SandboxResult> = {}): SandboxResult {
  return {
    error: null,
    cgroup: 'v1',
    exitCode: 0,
    signal: null,
    cpuMs: 10,
    timeMs: 10,
    wallMs: 20,
    memoryKB: 1000,
    maxrssKB: 1000,
    cgroupPeakKB: 1200,
    oomKilled: false,
    pidsLimitHit: false,
    outputLimit: false,
    tle: null,
    terminated: false,
    innerReported: true,
    diagnostics: '',
    ...overrides,
  };
}

describe('per-case verdict', () => {
  const limits = { timeMs: 1000, memoryKB: 256 * 1024, outputBytes: 32 << 20 };
  const status = (r: SandboxResult, size = 0) => {
    const v = decideRun(r, limits, size);
    return v.kind === 'final' ? [v.status, v.message] : ['compare', null];
  };

  it('compares a clean run and stops the others with the right status', () => {
    expect(status(run())).toEqual(['compare', null]);
    expect(status(run({ tle: 'cpu', signal: 9, exitCode: null }))[0]).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(status(run({ timeMs: 1100 }))[0]).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(status(run({ signal: 24, exitCode: null }))[0]).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(status(run({ oomKilled: true, signal: 9, exitCode: null }))[0]).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    expect(status(run({ memoryKB: 300 * 1024 }))[0]).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(status(run({ error: 'boom' }))[0]).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('explains runtime errors', () => {
    expect(status(run({ exitCode: 1 }))).toEqual([JudgeStatus.RUNTIME_ERROR, 'exit code 1']);
    expect(status(run({ exitCode: null, signal: 11 }))).toEqual([
      JudgeStatus.RUNTIME_ERROR,
      'signal 11 (SIGSEGV)',
    ]);
    const [code, message] = status(run({ exitCode: null, signal: 25, outputLimit: true }));
    expect(code).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(message).toMatch(/output limit exceeded/);
    expect(status(run(), 32 << 20)[1]).toMatch(/output limit exceeded/);
  });
});

function caseResult(seq: number, status: number, score: number, extra: Partial<CaseResult> = {}): CaseResult {
  return {
    seq,
    caseId: seq,
    status,
    time: 10 * seq,
    memory: 100 * seq,
    score,
    userOutput: null,
    groupNum: null,
    ...extra,
  };
}

describe('final status and score', () => {
  const acm = {
    problemType: 0,
    ioScore: 100,
    difficulty: 2,
    judgeCaseMode: 'default' as const,
    timeLimitMs: 1000,
    memoryLimitKB: 262144,
  };
  const oi = { ...acm, problemType: 1 };

  it('ACM: first failing case decides, score stays null', () => {
    const r = finalResult(acm, [
      caseResult(2, JudgeStatus.RUNTIME_ERROR, 0, { userOutput: 'exit code 1' }),
      caseResult(1, JudgeStatus.ACCEPTED, 10),
      caseResult(3, JudgeStatus.WRONG_ANSWER, 0),
    ]);
    expect(r.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(r.errorMessage).toBe('exit code 1');
    expect(r.score).toBeNull();
    expect(r.oiRankScore).toBeNull();
    expect(r.time).toBe(30);
    expect(r.memory).toBe(300);
  });

  it('OI: full AC scores ioScore; partial is PA with the sum of case scores', () => {
    const full = finalResult(oi, [caseResult(1, 0, 40), caseResult(2, 0, 60)]);
    expect(full.status).toBe(JudgeStatus.ACCEPTED);
    expect(full.score).toBe(100);
    expect(full.oiRankScore).toBe(Math.round(0.1 * 100 + 2 * 2));
    const part = finalResult(oi, [caseResult(1, 0, 40), caseResult(2, JudgeStatus.WRONG_ANSWER, 0)]);
    expect(part.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(part.score).toBe(40);
    expect(part.oiRankScore).toBe(Math.round(0.1 * 40 + (2 * 2 * 40) / 100));
    const none = finalResult(oi, [caseResult(1, JudgeStatus.TIME_LIMIT_EXCEEDED, 0, { time: 5000 })]);
    expect(none.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(none.score).toBe(0);
    expect(none.time).toBe(1000); // clipped to the limit
  });

  it('OI subtasks: lowest takes group minima, average rounds group means', () => {
    const cases = [
      caseResult(1, 0, 10, { groupNum: 1 }),
      caseResult(2, JudgeStatus.WRONG_ANSWER, 0, { groupNum: 1 }),
      caseResult(3, 0, 15, { groupNum: 2 }),
      caseResult(4, 0, 15, { groupNum: 2 }),
    ];
    expect(finalResult({ ...oi, judgeCaseMode: 'subtask_lowest' }, cases).score).toBe(15);
    expect(finalResult({ ...oi, judgeCaseMode: 'subtask_average' }, cases).score).toBe(5 + 15);
  });
});
