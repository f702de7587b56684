/**
 * Interactive problems: the contestant and the interactor in two sandboxes joined by kernel pipes
 * (judge-sup --pair), and the verdict precedence (docs/judge.md, Interactive problems). The problem is
 * "guess the number": the case input holds the secret; the interactor answers <, > or = and gives
 * up after 30 guesses. beforeAll re-proves confinement (a fork bomb and a memory hog run here).
 * Deadlocks are obvious (nobody ever writes), so the wall-clock TLE is certain.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckerVerdict } from '../../judge/checker-protocols';
import { decideInteractive } from '../../judge/interactive-verdict';
import type { ProgramEvent } from '../../judge/judge-submission';
import type { PairResult, SandboxResult } from '../../judge/sandbox/driver';
import type { JudgeTask } from '../../judge/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  leakedCgroups,
  makeProblem,
  type Problem,
  problemProgram,
  processesOfUid,
  type Submitted,
  submit,
} from './helpers';

const INTERACTOR = `#include "minicheck.h"
int main(int argc, char **argv) {
  register_interactor(argc, argv);
  int secret, guess;
  if (fscanf(inf, "%d", &secret) != 1) quit_fail("bad input");
  for (int n = 1; n <= 30; n++) {
    int r = scanf("%d", &guess);
    if (r == EOF) quit_pe("unexpected eof after %d guesses", n - 1);
    if (r != 1) quit_pe("guess %d is not a number", n);
    if (guess == secret) {
      printf("=\\n"); fflush(stdout);
      fprintf(tout, "%d\\n", n);
      quit_ok("found in %d guesses", n);
    }
    printf(guess < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  quit_wa("too many guesses");
  return 0;
}`;

const KATTIS_INTERACTOR = `#include <stdio.h>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  FILE *in = fopen(argv[1], "r"); int secret, guess;
  if (!in || fscanf(in, "%d", &secret) != 1) return 1;
  for (int n = 1; n <= 30; n++) {
    if (scanf("%d", &guess) != 1) return 43;
    if (guess == secret) { printf("=\\n"); fflush(stdout); return 42; }
    printf(guess < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  return 43;
}`;

/** Reads the interactor's tout (number of guesses) and accepts at most 10. */
const TOUT_CHECKER = `#include "minicheck.h"
int main(int argc, char **argv) {
  register_checker(argc, argv);
  int n;
  if (fscanf(ouf, "%d", &n) != 1) quit_fail("no tout");
  if (n > 10) quit_wa("%d guesses", n);
  quit_ok("%d guesses", n);
  return 0;
}`;

const BINARY_SEARCH = `#include <stdio.h>
int main(void) {
  int lo = 1, hi = 1000; char r[4];
  while (lo <= hi) {
    int m = (lo + hi) / 2;
    printf("%d\\n", m); fflush(stdout);
    if (scanf("%3s", r) != 1) return 0;
    if (r[0] == '=') return 0;
    if (r[0] == '<') lo = m + 1; else hi = m - 1;
  }
  return 0;
}`;

const PY_BINARY_SEARCH = `lo, hi = 1, 1000
while lo <= hi:
    m = (lo + hi) // 2
    print(m)
    r = input().strip()
    if r == '=':
        break
    if r == '<':
        lo = m + 1
    else:
        hi = m - 1
`;

const interactor = problemProgram('testlib', INTERACTOR);
const kattisInteractor = problemProgram('kattis', KATTIS_INTERACTOR);
let problem: Problem;
let cacheDir: string;

interface Interactive extends Submitted {
  pairs: PairResult[];
  programUid: number | null;
}

async function interact(
  code: string,
  overrides: Partial<JudgeTask> = {},
  language = 'C',
): Promise<Interactive> {
  const pairs: PairResult[] = [];
  let programUid: number | null = null;
  const s = await submit(
    language,
    code,
    problem.cases,
    { judgeMode: 'interactive', interactor, ...overrides },
    {
      programCacheDir: cacheDir,
      onInteraction: (_seq, pair) => pairs.push(pair),
      onProgram: (e: ProgramEvent) => {
        programUid = e.uid;
      },
    },
  );
  return { ...s, pairs, programUid };
}

function expectNothingLeft(s: Interactive): void {
  expect(processesOfUid(s.uid as number)).toEqual([]);
  if (s.programUid !== null) expect(processesOfUid(s.programUid)).toEqual([]);
  expect(leakedCgroups()).toEqual([]);
}

beforeAll(async () => {
  await assertConfined();
  cacheDir = await mkdtemp(join(tmpdir(), 'verdict-checker-cache-'));
  problem = await makeProblem([
    ['37\n', 'found\n'],
    ['999\n', 'found\n'],
  ]);
});

afterAll(async () => {
  await problem?.cleanup();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

function sandbox(overrides: Partial<SandboxResult> = {}): SandboxResult {
  return {
    error: null,
    cgroup: 'v1',
    exitCode: 0,
    signal: null,
    cpuMs: 5,
    timeMs: 5,
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

describe('interactive verdict precedence (pure)', () => {
  const limits = { timeMs: 1000, memoryKB: 256 * 1024 };
  const ac = { status: JudgeStatus.ACCEPTED, percentage: null, message: 'ok' };
  const wa = { status: JudgeStatus.WRONG_ANSWER, percentage: null, message: 'wrong answer' };
  const se = { status: JudgeStatus.SYSTEM_ERROR, percentage: null, message: 'interactor exited with code 3' };
  const decide = (first: 'a' | 'b', user: Partial<SandboxResult>, verdict: CheckerVerdict) =>
    decideInteractive({ error: null, first, a: sandbox(user) }, verdict, limits).status;

  it('the interactor deciding first beats a later crash, hang or SIGPIPE of the contestant', () => {
    expect(decide('b', { exitCode: null, signal: 13 }, wa)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(decide('b', { tle: 'wall', exitCode: null, signal: 9 }, wa)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(decide('b', { exitCode: 1 }, wa)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(decide('b', { exitCode: 1 }, se)).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('otherwise the contestant’s TLE, MLE and RE come first, even after an accepting interactor', () => {
    expect(decide('a', { exitCode: 3 }, wa)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(decide('a', { tle: 'wall', exitCode: null, signal: 9 }, wa)).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(decide('a', { oomKilled: true, exitCode: null, signal: 9 }, se)).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    expect(decide('b', { exitCode: 2 }, ac)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(decide('b', { timeMs: 5000 }, ac)).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it('SIGPIPE is ignored only when the interactor rejected; a failed interactor is System Error', () => {
    expect(decide('a', { exitCode: null, signal: 13 }, wa)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(decide('a', { exitCode: null, signal: 13 }, ac)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(decide('a', {}, se)).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decide('a', {}, ac)).toBe(JudgeStatus.ACCEPTED);
    expect(decideInteractive({ error: 'boom', first: null, a: sandbox() }, ac, limits).status).toBe(
      JudgeStatus.SYSTEM_ERROR,
    );
  });
});

describe('interactive judging (testlib interactor: interactor input tout answer)', () => {
  it('a correct guesser is Accepted; both sides are accounted for', async () => {
    const s = await interact(BINARY_SEARCH);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.cases.map((c) => c.userOutput)).toEqual([
      expect.stringMatching(/^ok found in \d+ guesses$/),
      expect.stringMatching(/^ok found in \d+ guesses$/),
    ]);
    expect(s.pairs).toHaveLength(2);
    for (const pair of s.pairs) {
      expect(pair.a).toMatchObject({ error: null, exitCode: 0 });
      expect(pair.b).toMatchObject({ error: null, exitCode: 0 });
      expect(pair.b.memoryKB).toBeGreaterThan(0);
    }
    expectNothingLeft(s);
  });

  it('a Python guesser relying on input() to flush is Accepted', async () => {
    const s = await interact(PY_BINARY_SEARCH, {}, 'Python3');
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('too many guesses: the interactor’s Wrong Answer', async () => {
    const s = await interact(`#include <stdio.h>
int main(void) { char r[4]; for (;;) { printf("1\\n"); fflush(stdout); if (scanf("%3s", r) != 1) return 0; } }`);
    expect(s.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s.result.errorMessage).toBe('wrong answer too many guesses');
    expect(s.pairs[0].first).toBe('b');
  });

  it('the contestant killed by SIGPIPE after the interactor decided WA gets WA', async () => {
    const s = await interact(`#include <stdio.h>
int main(void) { for (;;) { printf("1\\n"); fflush(stdout); } }`);
    expect(s.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s.pairs[0].first).toBe('b');
    expect(s.pairs[0].a.signal).toBe(13);
    expectNothingLeft(s);
  });

  it('the interactor exiting early decides, even if the contestant then fails', async () => {
    const s = await interact(`#include <stdio.h>
int main(void) { char r[4]; printf("banana\\n"); fflush(stdout); if (scanf("%3s", r) != 1) return 5; return 0; }`);
    expect(s.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(s.result.errorMessage).toBe('wrong output format guess 1 is not a number');
    expect(s.pairs[0].first).toBe('b');
    expect(s.pairs[0].a.exitCode).toBe(5);
  });

  it('a contestant that exits at once is Runtime Error, not the interactor’s EOF verdict', async () => {
    const s = await interact('int main(void) { return 3; }');
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toBe('exit code 3');
    expect(s.pairs[0].first).toBe('a');
  });

  it('a contestant that never flushes deadlocks: wall-clock Time Limit Exceeded', async () => {
    const s = await interact(
      `#include <stdio.h>
int main(void) { char r[4]; printf("500\\n"); if (scanf("%3s", r) != 1) return 0; return 0; }`,
      { timeLimit: 300, cases: problem.cases.slice(0, 1) },
    );
    expect(s.result.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(s.result.errorMessage).toBe('wall-clock time limit exceeded');
    expect(s.pairs[0].first).toBe('a');
    expect(s.pairs[0].a.tle).toBe('wall');
    expectNothingLeft(s);
  });

  it('a memory hog is Memory Limit Exceeded', async () => {
    const s = await interact(
      `#include <stdlib.h>
#include <stdio.h>
int main(void) {
  size_t n = 256u << 20; volatile char *p = malloc(n); if (!p) return 3;
  for (size_t i = 0; i < n; i += 4096) p[i] = 1;
  printf("%d\\n", p[4096]); return 0;
}`,
      { memoryLimit: 64, cases: problem.cases.slice(0, 1) },
    );
    expect(s.result.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expectNothingLeft(s);
  });

  it('a fork bomb in the contestant is stopped and nothing of either box survives', async () => {
    const s = await interact(
      `#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(void) {
  time_t start = time(0);
  while (time(0) - start < 3) { pid_t p = fork(); if (p == 0) { while (time(0) - start < 3) {} _exit(0); } }
  printf("1\\n"); fflush(stdout);
  return 0;
}`,
      { cases: problem.cases.slice(0, 1) },
    );
    expect([JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.RUNTIME_ERROR]).toContain(s.result.status);
    expectNothingLeft(s);
  });

  it('an interactor that crashes is a System Error', async () => {
    const crashing = problemProgram(
      'testlib',
      `#include <signal.h>
#include <stdio.h>
int main(void) { int x; if (scanf("%d", &x) == 1) raise(SIGSEGV); return 0; }`,
    );
    const s = await interact(BINARY_SEARCH, { interactor: crashing, cases: problem.cases.slice(0, 1) });
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toMatch(/interactor was killed by signal 11/);
  });

  it('with a checker too, an accepted interaction is checked on the interactor’s tout', async () => {
    const checker = problemProgram('testlib', TOUT_CHECKER);
    const good = await interact(BINARY_SEARCH, { checker });
    expect(good.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(good.result.cases[0].userOutput).toMatch(/^ok \d+ guesses$/);
    const slow = await interact(
      `#include <stdio.h>
int main(void) { char r[4]; for (int g = 1; g <= 1000; g++) { printf("%d\\n", g); fflush(stdout); if (scanf("%3s", r) != 1 || r[0] == '=') return 0; } return 0; }`,
      {
        checker,
        cases: problem.cases.slice(0, 1),
        interactor: problemProgram('testlib', INTERACTOR.replace('n <= 30', 'n <= 100')),
      },
    );
    expect(slow.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(slow.result.errorMessage).toBe('wrong answer 37 guesses');
  });
});

describe('Kattis interactor (validator input answer feedback_dir)', () => {
  it('42 is Accepted, 43 Wrong Answer', async () => {
    const ok = await interact(BINARY_SEARCH, { interactor: kattisInteractor });
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    const wrong = await interact(
      `#include <stdio.h>
int main(void) { char r[4]; for (;;) { printf("2\\n"); fflush(stdout); if (scanf("%3s", r) != 1) return 0; } }`,
      { interactor: kattisInteractor },
    );
    expect(wrong.result.status).toBe(JudgeStatus.WRONG_ANSWER);
  });
});
