/**
 * The rlimit fallback used when no cgroups can be created: benign programs only (no fork bomb:
 * without cgroups only RLIMIT_NPROC would stand between it and the machine).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAndRun, compileAndRunInBox, parseProbe, processesOfUid, requireSandbox } from './helpers';

beforeAll(() => {
  requireSandbox();
});

describe('without cgroups (forced fallback)', () => {
  it('reports that no cgroup was used and still confines pid and uid', async () => {
    const r = await compileAndRun(
      'C',
      `#include <stdio.h>
#include <unistd.h>
int main(void) { printf("pid=%d\\nuid=%d\\n", (int)getpid(), (int)getuid()); return 0; }`,
      { useCgroups: false },
    );
    expect(r.run.cgroup).toBe('none');
    expect(r.run.error).toBeNull();
    const seen = parseProbe(r.stdout);
    expect(Number(seen.pid)).toBeLessThanOrEqual(3);
    expect(Number(seen.uid)).toBe(r.box.uid);
  });

  it('limits memory with RLIMIT_AS: a big allocation fails cleanly', async () => {
    const r = await compileAndRun(
      'C',
      `#include <stdio.h>
#include <stdlib.h>
int main(void) { volatile char *p = malloc(512u << 20); if (!p) { puts("null"); return 3; } p[0] = 1; return 0; }`,
      { useCgroups: false, addressSpaceKB: 64 * 1024 },
    );
    expect(r.stdout.trim()).toBe('null');
    expect(r.run.exitCode).toBe(3);
  });

  it('stops an endless loop with RLIMIT_CPU and reports a CPU time-out', async () => {
    const r = await compileAndRun('C', 'int main(void) { volatile unsigned long x = 0; for (;;) x++; }', {
      useCgroups: false,
      cpuMs: 1000,
    });
    expect(r.run.tle).toBe('cpu');
    expect(processesOfUid(r.box.uid)).toEqual([]);
  });

  it('a persistent box works the same way: pid and uid confined, RLIMIT_CPU per run, box reused', async () => {
    const r = await compileAndRunInBox(
      'C',
      `#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  printf("pid=%d\\nuid=%d\\n", (int)getpid(), (int)getuid());
  fflush(stdout);
  if (argc > 1 && !strcmp(argv[1], "spin")) { volatile unsigned long x = 0; for (;;) x++; }
  return 0;
}`,
      [[], ['spin'], []],
      { box: { useCgroups: false }, run: { cpuMs: 1000 } },
    );
    expect(r.sandbox.started).toBe(1);
    expect(r.runs.map((x) => x.cgroup)).toEqual(['none', 'none', 'none']);
    expect(r.runs.map((x) => x.error)).toEqual([null, null, null]);
    expect(r.runs[1].tle).toBe('cpu');
    expect(r.runs[2].exitCode).toBe(0);
    for (const stdout of r.stdouts) expect(Number(parseProbe(stdout).uid)).toBe(r.box.uid);
    expect(Number(parseProbe(r.stdouts[2]).pid)).toBeGreaterThan(2);
    expect(processesOfUid(r.box.uid)).toEqual([]);
  });
});
