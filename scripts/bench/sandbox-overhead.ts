/**
 * Per-run cost of the sandbox against a bare fork+exec of the same trivial static program, all
 * started from Node, in one run on this machine (ratios, never assertions): the one-shot chain
 * (compile, test runs, interactive pairs) and a run in a persistent box (every judged case).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBox, destroyBox } from '../../judge/sandbox/boxes';
import { runInSandbox } from '../../judge/sandbox/driver';
import { PersistentSandbox } from '../../judge/sandbox/persistent';
import { median, percentile, type Report } from './stats';

/** fork + exec + wait timed inside one C process: the kernel's floor, without Node's spawn. */
const FORK_EXEC_C = `#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  int n = atoi(argv[2]); double *t = malloc(sizeof(double) * n);
  for (int i = -10; i < n; i++) {
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
    pid_t p = fork(); if (p == 0) { execl(argv[1], argv[1], (char *)0); _exit(127); }
    waitpid(p, 0, 0); clock_gettime(CLOCK_MONOTONIC, &b);
    if (i >= 0) t[i] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
  }
  qsort(t, n, sizeof(double), cmp); printf("%.3f\\n", t[n / 2]); return 0;
}
`;

function bareRun(path: string): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
  });
}

export async function sandboxOverhead(runs: number): Promise<Report> {
  const box = await createBox('bench');
  try {
    const src = join(box.ioDir, 'true.c');
    const exe = join(box.ioDir, 'true');
    writeFileSync(src, 'int main(void) { return 0; }\n');
    execFileSync('gcc', ['-O2', '-static', '-o', exe, src]);
    copyFileSync(exe, join(box.boxDir, 'true'));
    chownSync(join(box.boxDir, 'true'), box.uid, box.uid);
    chmodSync(join(box.boxDir, 'true'), 0o755);

    const loopSrc = join(box.ioDir, 'fork-exec.c');
    const loop = join(box.ioDir, 'fork-exec');
    writeFileSync(loopSrc, FORK_EXEC_C);
    execFileSync('gcc', ['-O2', '-o', loop, loopSrc]);
    const floor = Number(execFileSync(loop, [exe, String(runs)], { encoding: 'utf8' }));
    const bare: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < 10; i++) await bareRun(exe);
    for (let i = 0; i < runs; i++) bare.push(await bareRun(exe));
    const options = {
      argv: ['/w/true'],
      boxDir: box.boxDir,
      uid: box.uid,
      cpuMs: 1000,
      wallMs: 5000,
      memoryKB: 64 * 1024,
      pids: 4,
      outputBytes: 1 << 20,
    };
    for (let i = 0; i < 5; i++) await runInSandbox(options);
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      const result = await runInSandbox(options);
      if (result.error || result.exitCode !== 0)
        throw new Error(`sandboxed run failed: ${result.error ?? result.exitCode}`);
      boxed.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    // the same program, run after run in one box (a submission's cases)
    const persistent: number[] = [];
    const sandbox = new PersistentSandbox({ boxDir: box.boxDir, uid: box.uid, memoryKB: 64 * 1024, pids: 4 });
    const startBox = process.hrtime.bigint();
    try {
      const run = { argv: ['/w/true'], cpuMs: 1000, wallMs: 5000, outputBytes: 1 << 20 };
      const first = await sandbox.run(run);
      const startMs = Number(process.hrtime.bigint() - startBox) / 1e6;
      if (first.error || first.exitCode !== 0) throw new Error(`persistent box failed: ${first.error}`);
      for (let i = 0; i < 10; i++) await sandbox.run(run);
      for (let i = 0; i < runs; i++) {
        const start = process.hrtime.bigint();
        const result = await sandbox.run(run);
        if (result.error || result.exitCode !== 0)
          throw new Error(`persistent box run failed: ${result.error ?? result.exitCode}`);
        persistent.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      if (sandbox.started !== 1) throw new Error(`the box was restarted ${sandbox.started - 1} times`);
      const b = median(bare);
      const s = median(boxed);
      const p = median(persistent);
      return {
        title: `Per run, trivial static program, ${runs} runs each, started from Node`,
        rows: [
          ['fork+exec+wait timed in C, no Node (median)', `${floor.toFixed(2)} ms`],
          ['bare fork+exec, spawned from Node (median)', `${b.toFixed(2)} ms`],
          ['one-shot sandbox: supervisor + bwrap + inner (median)', `${s.toFixed(2)} ms`],
          ['persistent box: one run (median)', `${p.toFixed(2)} ms`],
          [
            'persistent box: one run (min / 90th percentile)',
            `${Math.min(...persistent).toFixed(2)} / ${percentile(persistent, 0.9).toFixed(2)} ms`,
          ],
          ['persistent box minus bare', `${(p - b).toFixed(2)} ms`],
          ['one-shot sandbox minus bare', `${(s - b).toFixed(2)} ms`],
          ['persistent box start + first run (once per submission)', `${startMs.toFixed(2)} ms`],
        ],
      };
    } finally {
      await sandbox.close();
    }
  } finally {
    await destroyBox(box);
  }
}
