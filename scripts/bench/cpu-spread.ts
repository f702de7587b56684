/**
 * How steady the reported time is: one CPU-bound program judged many times through the server;
 * the judge reports the cgroup's CPU counter, so the spread should stay small even when the
 * machine is busy (wall time would not). Beside each judged run the same program runs once bare
 * (fork, exec, wait4's CPU time, timed in C), so the machine's own spread is printed next to the
 * judge's: what the judge adds is the difference. One run; figures, not assertions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { startBenchServer } from './judge-server';
import { median, type Report } from './stats';

// about 0.3 s of arithmetic, no I/O, no allocation: the only variance left is the machine's
const SPIN_C = `#include <stdio.h>
int main(void){volatile unsigned long long x=0;for(unsigned long long i=0;i<300000000ULL;i++)x+=i^(x>>3);printf("%d\\n",(int)(x&1)>=0);return 0;}
`;

/** Runs argv[1] once and prints the child's user + system CPU time in ms, as the kernel counted it. */
const CPU_OF_C = `#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
  (void)argc; struct rusage ru; int status;
  pid_t p = fork();
  if (p == 0) { int n = open("/dev/null", O_WRONLY); dup2(n, 1); execl(argv[1], argv[1], (char *)0); _exit(127); }
  wait4(p, &status, 0, &ru);
  printf("%.1f\\n", (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3);
  return 0;
}
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

function spread(times: number[]): [string, string] {
  const mid = median(times);
  const lo = Math.min(...times);
  const hi = Math.max(...times);
  const far = (Math.max(hi - mid, mid - lo) / mid) * 100;
  return [`${mid.toFixed(0)} ms · ${lo.toFixed(0)} ms · ${hi.toFixed(0)} ms`, `${far.toFixed(1)} %`];
}

export async function cpuSpread(runs: number): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-spread-'));
  const bench = await startBenchServer([SPIN]);
  try {
    writeFileSync(join(dir, 'spin.c'), SPIN_C);
    writeFileSync(join(dir, 'cpu-of.c'), CPU_OF_C);
    execFileSync('gcc', ['-O2', '-o', join(dir, 'spin'), join(dir, 'spin.c')]);
    execFileSync('gcc', ['-O2', '-o', join(dir, 'cpu-of'), join(dir, 'cpu-of.c')]);
    const bareRun = () =>
      Number(execFileSync(join(dir, 'cpu-of'), [join(dir, 'spin')], { encoding: 'utf8' }));
    await bench.judged('BENCHSPIN', 'C', SPIN_C); // warm the page cache
    const judged: number[] = [];
    const bare: number[] = [];
    // interleaved, so a drift of the machine's speed during the series reaches both alike
    for (let i = 0; i < runs; i++) {
      const row = await bench.judged('BENCHSPIN', 'C', SPIN_C);
      if (row.status !== 0) throw new Error(`spin submission ended with status ${row.status}`);
      judged.push(row.time ?? 0);
      bare.push(bareRun());
    }
    const [judgedRange, judgedFar] = spread(judged);
    const [bareRange, bareFar] = spread(bare);
    return {
      title: `One CPU-bound C program judged ${runs} times (reported time: the cgroup's CPU counter), each beside a bare run`,
      rows: [
        ['judged: median · min · max', judgedRange],
        ['judged: largest distance from the median', judgedFar],
        ['bare (wait4 CPU time): median · min · max', bareRange],
        ['bare: largest distance from the median', bareFar],
      ],
    };
  } finally {
    await bench.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
