import type { ParsedProblem, ParsedProgram } from '../services/packages/types';

/** A problem written by hand (demo data, tests, benchmarks); stored through the package writer. */
export interface DemoProblem {
  problemId: string;
  title: string;
  type: number;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  cases: { input: string; output: string; score: number; groupNum?: number }[];
  tags: string[];
  judgeMode?: ParsedProblem['judgeMode'];
  judgeCaseMode?: ParsedProblem['judgeCaseMode'];
  program?: ParsedProgram | null;
}

/**
 * The demo problem set a new site starts with: A+B, an OI problem with per-case scores, a special judge
 * and subtasks. Test data is generated here, deterministically, so the seed needs no files.
 */

const aPlusB = (a: bigint, b: bigint) => ({ input: `${a} ${b}\n`, output: `${a + b}\n`, score: 0 });

/** Problem 1000 of every online judge. Cases cover negatives and 10^18-sized numbers (64-bit sums). */
export const A_PLUS_B: DemoProblem = {
  problemId: '1000',
  title: 'A+B Problem',
  type: 0,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 0,
  description:
    'Given two integers $a$ and $b$, print their sum $a+b$.\n\nThis is the problem to try the judge with: read from standard input and write to standard output.',
  input: 'One line with two integers $a$ and $b$ ($-10^{18} \\le a, b \\le 10^{18}$), separated by a space.',
  output: 'One line with the integer $a+b$.',
  hint: 'The sum can exceed 32 bits: use `long long` in C and C++.',
  source: 'Verdict demo',
  examples: [{ input: '1 2', output: '3' }],
  cases: [
    aPlusB(1n, 2n),
    aPlusB(-5n, 3n),
    aPlusB(0n, 0n),
    aPlusB(-1000000000000000000n, -1000000000000000000n),
    aPlusB(1000000000000000000n, 999999999999999999n),
    aPlusB(2147483647n, 1n),
  ],
  tags: ['Beginner'],
};

/** A small deterministic generator (xorshift32), so the seeded data is the same everywhere. */
function generator(seed: number) {
  let x = seed >>> 0 || 1;
  return (below: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % below;
  };
}

function sumCase(n: number, seed: number, score: number) {
  const next = generator(seed);
  const values = Array.from({ length: n }, () => next(2_000_001) - 1_000_000);
  const sum = values.reduce((s, v) => s + v, 0);
  return { input: `${n}\n${values.join(' ')}\n`, output: `${sum}\n`, score };
}

export const SUM_OI: DemoProblem = {
  problemId: '1001',
  title: 'Sum of a List',
  type: 1,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 1,
  description: 'Read $n$ integers and print their sum. Each of the five tests is worth 20 points.',
  input:
    'The first line holds $n$ ($1 \\le n \\le 10^5$); the second line holds $n$ integers of absolute value at most $10^6$.',
  output: 'The sum of the integers.',
  hint: 'An OI problem: a program that passes some tests gets their points (Partial Accepted).',
  source: 'Verdict demo',
  examples: [{ input: '3\n1 2 3', output: '6' }],
  cases: [
    sumCase(1, 11, 20),
    sumCase(10, 12, 20),
    sumCase(1000, 13, 20),
    sumCase(50_000, 14, 20),
    sumCase(100_000, 15, 20),
  ],
  tags: ['Beginner', 'OI'],
};

/**
 * A checker of our own that follows testlib's protocol (argv: input, contestant output, jury
 * answer; exit 0 accepted, 1 wrong answer, 2 presentation error; the message on stderr).
 */
const SQRT_CHECKER = `#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "FAIL usage: checker input output answer\\n"); return 3; }
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    if (!out || !ans) { fprintf(stderr, "FAIL cannot open files\\n"); return 3; }
    double expected, got;
    if (fscanf(ans, "%lf", &expected) != 1) { fprintf(stderr, "FAIL bad answer file\\n"); return 3; }
    if (fscanf(out, "%lf", &got) != 1) { fprintf(stderr, "wrong output format expected a number\\n"); return 2; }
    double error = fabs(got - expected);
    double scale = fabs(expected) > 1 ? fabs(expected) : 1;
    if (error / scale > 1e-6) {
        fprintf(stderr, "wrong answer expected %.9f, found %.9f\\n", expected, got);
        return 1;
    }
    fprintf(stderr, "ok answer %.9f\\n", got);
    return 0;
}
`;

const sqrtCase = (x: number) => ({ input: `${x}\n`, output: `${Math.sqrt(x).toFixed(9)}\n`, score: 0 });

export const SQRT_SPJ: DemoProblem = {
  problemId: '1002',
  title: 'Square Root',
  type: 0,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 1,
  description:
    'Print $\\sqrt{x}$. Any answer within an absolute or relative error of $10^{-6}$ is accepted: a special judge checks it.',
  input: 'One integer $x$ ($0 \\le x \\le 10^{9}$).',
  output: 'One real number.',
  hint: '`printf("%.6f", sqrt(x))` is enough; so is Python’s `print(x ** 0.5)`.',
  source: 'Verdict demo',
  examples: [{ input: '2', output: '1.414214' }],
  cases: [sqrtCase(0), sqrtCase(2), sqrtCase(10), sqrtCase(123456789), sqrtCase(1_000_000_000)],
  tags: ['Math', 'Special judge'],
  judgeMode: 'spj',
  program: { protocol: 'testlib', language: 'C', code: SQRT_CHECKER, extraFiles: {} },
};

function inversionsCase(n: number, seed: number, score: number, groupNum: number) {
  const next = generator(seed);
  const a = Array.from({ length: n }, () => next(1_000_000_000));
  // merge-sort count, the same algorithm the problem asks for
  const count = (xs: number[]): [number[], number] => {
    if (xs.length < 2) return [xs, 0];
    const mid = xs.length >> 1;
    const [l, cl] = count(xs.slice(0, mid));
    const [r, cr] = count(xs.slice(mid));
    const merged: number[] = [];
    let c = cl + cr;
    let i = 0;
    let j = 0;
    while (i < l.length || j < r.length) {
      if (j >= r.length || (i < l.length && l[i] <= r[j])) merged.push(l[i++]);
      else {
        c += l.length - i;
        merged.push(r[j++]);
      }
    }
    return [merged, c];
  };
  return { input: `${n}\n${a.join(' ')}\n`, output: `${count(a)[1]}\n`, score, groupNum };
}

export const INVERSIONS_SUBTASKS: DemoProblem = {
  problemId: '1003',
  title: 'Counting Inversions',
  type: 1,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 3,
  description:
    'Count the pairs $i < j$ with $a_i > a_j$.\n\nSubtask 1 (40 points): $n \\le 1000$. Subtask 2 (60 points): $n \\le 10^5$. A subtask scores only when every test in it passes.',
  input: 'The first line holds $n$; the second line holds $a_1, \\dots, a_n$ ($0 \\le a_i < 10^9$).',
  output: 'The number of inversions.',
  hint: 'The answer can exceed 32 bits. An $O(n^2)$ program passes subtask 1 only.',
  source: 'Verdict demo',
  examples: [{ input: '5\n2 4 1 3 5', output: '3' }],
  cases: [
    inversionsCase(8, 21, 40, 1),
    inversionsCase(1000, 22, 40, 1),
    inversionsCase(50_000, 23, 60, 2),
    inversionsCase(100_000, 24, 60, 2),
  ],
  tags: ['Sorting', 'Subtasks'],
  judgeCaseMode: 'subtask_lowest',
};

export const DEMO_PROBLEMS: DemoProblem[] = [A_PLUS_B, SUM_OI, SQRT_SPJ, INVERSIONS_SUBTASKS];
