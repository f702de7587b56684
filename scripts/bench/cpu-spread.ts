/**
 * How steady the reported time is: one CPU-bound program judged many times through the server;
 * the judge reports the cgroup's CPU counter, so the spread should stay small even when the
 * machine is busy (wall time would not). One run; figures, not assertions.
 */
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { startBenchServer } from './judge-server';
import { median, type Report } from './stats';

// about 0.3 s of arithmetic, no I/O, no allocation: the only variance left is the machine's
const SPIN_C = `#include <stdio.h>
int main(void){volatile unsigned long long x=0;for(unsigned long long i=0;i<300000000ULL;i++)x+=i^(x>>3);printf("%d\\n",(int)(x&1)>=0);return 0;}
`;

const SPIN: DemoProblem = {
  problemId: 'BENCHSPIN',
  title: 'spin',
  type: 0,
  timeLimit: 5000,
  memoryLimit: 64,
  difficulty: 0,
  description: '',
  input: '',
  output: '',
  hint: '',
  source: 'bench',
  examples: [],
  cases: [{ input: '\n', output: '1\n', score: 0 }],
  tags: [],
};

export async function cpuSpread(runs: number): Promise<Report> {
  const bench = await startBenchServer([SPIN]);
  try {
    await bench.judged('BENCHSPIN', 'C', SPIN_C); // warm the page cache
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const row = await bench.judged('BENCHSPIN', 'C', SPIN_C);
      if (row.status !== 0) throw new Error(`spin submission ended with status ${row.status}`);
      times.push(row.time ?? 0);
    }
    const mid = median(times);
    const lo = Math.min(...times);
    const hi = Math.max(...times);
    return {
      title: `One CPU-bound C program judged ${runs} times (reported time: the cgroup's CPU counter)`,
      rows: [
        ['median · min · max', `${mid} ms · ${lo} ms · ${hi} ms`],
        ['largest distance from the median', `${((Math.max(hi - mid, mid - lo) / mid) * 100).toFixed(1)} %`],
      ],
    };
  } finally {
    await bench.close();
  }
}
