/**
 * What a user sees for ordinary submissions in C, C++ and Python 3: every verdict, with its
 * message. Runs after 01 proved confinement; re-checks it since a memory hog and infinite loops
 * run here. Timing on the CI machine is noisy: TLE uses programs that never end, AC programs are
 * tiny, limits are generous.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeSubmission } from '../../judge/judge-submission';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { assertConfined, leakedCgroups, makeProblem, type Problem, processesOfUid, submit } from './helpers';

interface Programs {
  ac: string;
  wa: string;
  pe: string;
  ce: string;
  ceMessage: RegExp;
  tle: string;
  mle: string;
  segv: string;
  exit1: string;
}

const C: Programs = {
  ac: `#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }`,
  wa: `#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); return 0; }`,
  pe: `#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld %lld\\n", (a + b) / 10, (a + b) % 10); return 0; }`,
  ce: `#include <stdio.h>
int main(void) { printf("%d\\n", undefined_name); return 0; }`,
  ceMessage: /main\.c:2:\d+: error: .undefined_name. undeclared/,
  tle: `int main(void) { volatile unsigned long x = 0; for (;;) x++; }`,
  mle: `#include <stdlib.h>
#include <stdio.h>
int main(void) {
  size_t n = 256u << 20;
  volatile char *p = malloc(n);
  if (!p) return 3;
  for (size_t i = 0; i < n; i += 4096) p[i] = 7;
  long sum = 0;
  for (size_t i = 0; i < n; i += 4096) sum += p[i];
  printf("%ld\\n", sum);
  return 0;
}`,
  segv: `#include <stdio.h>
int main(void) { volatile int *p = 0; *p = 1; printf("unreachable\\n"); return 0; }`,
  exit1: `#include <stdio.h>
int main(void) { printf("partial\\n"); return 1; }`,
};

const CPP: Programs = {
  ac: `#include <bits/stdc++.h>
using namespace std;
int main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }`,
  wa: `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cout << a * 2 + b << "\\n"; }`,
  pe: `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; long long s = a + b; std::cout << s / 10 << "\\n" << s % 10 << "\\n"; }`,
  ce: `#include <vector>
int main() { std::vector<int> v; v.push_back("not an int"); }`,
  ceMessage: /main\.cpp:2:\d+: error:/,
  tle: `int main() { volatile unsigned long x = 0; for (;;) x++; }`,
  mle: `#include <vector>
#include <cstdio>
int main() { std::vector<char> v(256u << 20, 1); std::printf("%d\\n", v[12345]); }`,
  segv: `#include <cstdio>
int f(int *p) { return *p; }
int main() { std::printf("%d\\n", f(nullptr)); }`,
  exit1: `#include <cstdlib>
int main() { std::exit(1); }`,
};

const PY: Programs = {
  ac: `a, b = map(int, input().split())
print(a + b)`,
  wa: `a, b = map(int, input().split())
print(a + b + 1)`,
  pe: `a, b = map(int, input().split())
s = str(a + b)
print(s[:1], s[1:])`,
  ce: `def broken(:
    pass`,
  ceMessage: /SyntaxError/,
  tle: `while True:
    pass`,
  mle: `block = bytearray(700 * 1024 * 1024)
for i in range(0, len(block), 4096):
    block[i] = 1
print(len(block))`,
  segv: `import os, signal
os.kill(os.getpid(), signal.SIGSEGV)`,
  exit1: `import sys
print("partial")
sys.exit(1)`,
};

const BIG_A = '1000000000000000000';
const BIG_B = '999999999999999999';
const BIG_SUM = '1999999999999999999';

describe.each([
  ['C', C],
  ['C++', CPP],
  ['Python3', PY],
] as const)('%s verdicts', (language, programs) => {
  let problem: Problem;
  const uids = new Set<number>();

  beforeAll(async () => {
    await assertConfined();
    // the PE programs print the sum's digits split by whitespace, so every sum has two digits or more
    problem = await makeProblem([
      ['11 12\n', '23\n'],
      [`${BIG_A} ${BIG_B}\n`, `${BIG_SUM}\n`],
    ]);
  });

  afterAll(async () => {
    await problem?.cleanup();
    for (const uid of uids) expect(processesOfUid(uid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });

  async function judge(code: string, overrides = {}) {
    const submitted = await submit(language, code, problem.cases, overrides);
    if (submitted.uid !== null) uids.add(submitted.uid);
    return submitted.result;
  }

  it('accepts a correct A+B, including sums near 2*10^18', async () => {
    const r = await judge(programs.ac);
    expect(r.errorMessage).toBeNull();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.cases.map((c) => c.status)).toEqual([0, 0]);
    expect(r.time).toBeGreaterThanOrEqual(0);
    expect(r.memory).toBeGreaterThan(0);
  });

  it('gives Wrong Answer for a wrong sum', async () => {
    const r = await judge(programs.wa);
    expect(r.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('gives Presentation Error for right digits with wrong spacing (exact mode)', async () => {
    const r = await judge(programs.pe, { isRemoveEndBlank: false });
    expect(r.status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });

  it('gives Compile Error with the compiler message, naming files as in the box', async () => {
    const r = await judge(programs.ce);
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(programs.ceMessage);
    expect(r.errorMessage).not.toMatch(/judge-boxes|\/tmp\//);
    expect(r.cases).toEqual([]);
  });

  it('gives Time Limit Exceeded for an endless loop', async () => {
    const r = await judge(programs.tle, { judgeCaseMode: 'ergodic_without_error' });
    expect(r.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    // stop at the first error: only one case ran
    expect(r.cases).toHaveLength(1);
    // clipped to the (factored) limit; may be lower if a starved machine hit the wall limit first
    expect(r.time).toBeLessThanOrEqual(language === 'Python3' ? 2000 : 1000);
  });

  it('gives Memory Limit Exceeded for a program touching more than the limit', async () => {
    const r = await judge(programs.mle, { memoryLimit: language === 'Python3' ? 128 : 64 });
    expect(r.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  });

  it('gives Runtime Error with the signal for a segmentation fault', async () => {
    const r = await judge(programs.segv);
    expect(r.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(r.errorMessage).toBe('signal 11 (SIGSEGV)');
  });

  it('gives Runtime Error with the exit code for a non-zero exit', async () => {
    const r = await judge(programs.exit1);
    expect(r.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(r.errorMessage).toBe('exit code 1');
    expect(r.cases[0].userOutput).toBe('exit code 1');
  });
});

describe('case modes and OI scoring', () => {
  let problem: Problem;
  beforeAll(async () => {
    await assertConfined();
    problem = await makeProblem(
      [
        ['1 2\n', '3\n'],
        ['5 5\n', '10\n'],
        ['2 2\n', '5\n'], // wrong expected answer: every correct program fails this case
      ],
      [30, 30, 40],
    );
  });
  afterAll(() => problem?.cleanup());

  it('default mode runs every case; ergodic stops at the first failure', async () => {
    const all = await submit('C', C.ac, problem.cases);
    expect(all.result.cases.map((c) => c.status)).toEqual([0, 0, JudgeStatus.WRONG_ANSWER]);
    expect(all.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    const first = await submit('C', C.wa, problem.cases, { judgeCaseMode: 'ergodic_without_error' });
    expect(first.result.cases).toHaveLength(1);
  });

  it('calls the hooks in order: compiling, judging, then once per case', async () => {
    const events: string[] = [];
    const result = await judgeSubmission(
      {
        submitId: 9001,
        language: 'C',
        code: C.ac,
        timeLimit: 1000,
        memoryLimit: 256,
        problemType: 0,
        ioScore: 100,
        difficulty: 1,
        judgeMode: 'default',
        judgeCaseMode: 'default',
        isRemoveEndBlank: true,
        cases: problem.cases,
      },
      {
        onCompiling: () => {
          events.push('compiling');
        },
        onJudging: () => {
          events.push('judging');
        },
        onCase: (c) => {
          events.push(`case ${c.seq}:${c.status}`);
        },
      },
    );
    expect(events).toEqual(['compiling', 'judging', 'case 1:0', 'case 2:0', 'case 3:-1']);
    expect(result.cases).toHaveLength(3);
  });

  it('OI problem: partial acceptance scores the passed cases', async () => {
    const { result } = await submit('C', C.ac, problem.cases, {
      problemType: 1,
      ioScore: 100,
      difficulty: 3,
    });
    expect(result.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(result.score).toBe(60);
    expect(result.oiRankScore).toBe(Math.round(0.1 * 60 + (2 * 3 * 60) / 100));
    expect(result.cases.map((c) => c.score)).toEqual([30, 30, 0]);
  });
});
