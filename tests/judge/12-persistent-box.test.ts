/**
 * One box per submission: every case runs in the same persistent box (one supervisor, one
 * bubblewrap, one pid 1), and each case still starts clean. A case that leaves a background
 * process, fills /tmp, plants files or SysV IPC objects gets none of it into the next case; a box
 * that dies is a System Error or is replaced, never a hang. beforeAll re-proves confinement
 * (programs here plant things on purpose).
 */
import { chmod, chown, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBox, destroyBox } from '../../judge/sandbox/boxes';
import { PersistentSandbox } from '../../judge/sandbox/persistent';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  boxInitPid,
  compileAndRunInBox,
  leakedCgroups,
  makeProblem,
  type Problem,
  processesOfUid,
  submit,
} from './helpers';

/**
 * Input "plant": leave everything a program can leave behind. Input "check": report what of it
 * is still there ("clean" when nothing is, and this run is not the first of its box).
 */
const PLANT_AND_CHECK = String.raw`
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static int count_procs(void) {
  int n = 0; DIR *d = opendir("/proc"); struct dirent *e;
  while (d && (e = readdir(d))) if (atoi(e->d_name) > 0) n++;
  if (d) closedir(d);
  return n;
}

static int tmp_entries(void) {
  int n = 0; DIR *d = opendir("/tmp"); struct dirent *e;
  while (d && (e = readdir(d))) if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  if (d) closedir(d);
  return n;
}

int main(void) {
  char mode[16] = "";
  if (scanf("%15s", mode) != 1) return 2;
  if (!strcmp(mode, "plant")) {
    // a background process that would outlive the run
    if (fork() == 0) { setsid(); for (int i = 0; i < 100; i++) sleep(1); _exit(0); }
    // planted files, a directory nobody may enter, a deep tree, then /tmp filled up
    FILE *f = fopen("/tmp/planted", "w"); if (!f) return 3; fputs("from case 1\n", f); fclose(f);
    mkdir("/tmp/locked", 0700); f = fopen("/tmp/locked/inside", "w"); if (f) fclose(f); chmod("/tmp/locked", 0);
    char path[4096] = "/tmp/deep";
    for (int i = 0; i < 200 && strlen(path) < 3000; i++) { mkdir(path, 0700); strcat(path, "/d"); }
    static char block[1 << 16]; memset(block, 'z', sizeof block);
    f = fopen("/tmp/fill", "w");
    while (f && fwrite(block, 1, sizeof block, f) == sizeof block) {}
    if (f) fclose(f);
    // SysV IPC objects live in the box's IPC namespace until removed
    if (shmget(0x7e57, 4096, IPC_CREAT | 0600) < 0) return 4;
    if (msgget(0x7e57, IPC_CREAT | 0600) < 0) return 5;
    if (semget(0x7e57, 1, IPC_CREAT | 0600) < 0) return 6;
    printf("planted\n");
    return 0;
  }
  char dirty[512] = "";
  int procs = count_procs();
  if (procs != 2) sprintf(dirty + strlen(dirty), " procs=%d", procs);
  int entries = tmp_entries();
  if (entries) sprintf(dirty + strlen(dirty), " tmp_entries=%d", entries);
  struct statvfs vfs;
  if (statvfs("/tmp", &vfs) == 0 && vfs.f_bfree < vfs.f_blocks * 9 / 10) strcat(dirty, " tmp_full");
  if (shmget(0x7e57, 0, 0) >= 0 || errno != ENOENT) strcat(dirty, " shm");
  if (msgget(0x7e57, 0) >= 0 || errno != ENOENT) strcat(dirty, " msg");
  if (semget(0x7e57, 0, 0) >= 0 || errno != ENOENT) strcat(dirty, " sem");
  // the same box as the planting case: its pid namespace has seen earlier processes
  if (getpid() <= 2) strcat(dirty, " fresh_box");
  printf("%s\n", dirty[0] ? dirty + 1 : "clean");
  return 0;
}
`;

let problem: Problem;

beforeAll(async () => {
  await assertConfined();
  problem = await makeProblem([
    ['plant\n', 'planted\n'],
    ['check\n', 'clean\n'],
    ['plant\n', 'planted\n'],
    ['check\n', 'clean\n'],
  ]);
});

afterAll(async () => {
  await problem?.cleanup();
});

describe('one box per submission, every case clean', () => {
  it('a case gets nothing of the previous one: no process, empty /tmp, no SysV IPC, same box', async () => {
    const sandboxes: PersistentSandbox[] = [];
    const s = await submit('C', PLANT_AND_CHECK, problem.cases, {}, { onSandbox: (b) => sandboxes.push(b) });
    // "clean" is the expected output of cases 2 and 4: anything left over is Wrong Answer
    expect(s.result.cases.map((c) => c.status)).toEqual([0, 0, 0, 0]);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    // all four cases in one box
    expect(sandboxes).toHaveLength(1);
    expect(sandboxes[0].started).toBe(1);
    expect(processesOfUid(s.uid as number)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });

  it('each run is reported on its own and the box stays up', async () => {
    const r = await compileAndRunInBox('C', PLANT_AND_CHECK, [[], [], []], {
      run: {},
    });
    // stdin is /dev/null here: the program exits 2 on every run, each one reported separately
    expect(r.runs.map((x) => x.exitCode)).toEqual([2, 2, 2]);
    expect(r.runs.every((x) => x.boxAlive && x.error === null)).toBe(true);
    expect(r.sandbox.started).toBe(1);
  });

  it('CPU and oom_kill are per run: a memory hog and a TLE do not taint the next case', async () => {
    const code = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char mode[16] = "";
  if (scanf("%15s", mode) != 1) return 2;
  if (!strcmp(mode, "hog")) { size_t n = 512u << 20; volatile char *p = malloc(n); for (size_t i = 0; p && i < n; i += 4096) p[i] = 1; return 0; }
  if (!strcmp(mode, "spin")) { volatile unsigned long x = 0; for (;;) x++; }
  printf("ok\\n");
  return 0;
}`;
    const data = await makeProblem([
      ['hog\n', 'x\n'],
      ['ok\n', 'ok\n'],
      ['spin\n', 'x\n'],
      ['ok\n', 'ok\n'],
    ]);
    try {
      const s = await submit('C', code, data.cases, { memoryLimit: 64, timeLimit: 500 });
      expect(s.result.cases.map((c) => c.status)).toEqual([
        JudgeStatus.MEMORY_LIMIT_EXCEEDED,
        JudgeStatus.ACCEPTED,
        JudgeStatus.TIME_LIMIT_EXCEEDED,
        JudgeStatus.ACCEPTED,
      ]);
      // the cases after the hog and the loop report their own small usage
      expect(s.result.cases[1].memory).toBeLessThan(16 * 1024);
      expect(s.result.cases[3].time).toBeLessThan(400);
      expect(processesOfUid(s.uid as number)).toEqual([]);
    } finally {
      await data.cleanup();
    }
  });
});

describe('a box that dies', () => {
  it('mid-case: System Error for that case, no hang, nothing left behind', async () => {
    const code = `#include <stdio.h>
#include <unistd.h>
int main(void) { sleep(3); printf("planted\\n"); return 0; }`;
    let sandbox: PersistentSandbox | undefined;
    const started = Date.now();
    const judging = submit(
      'C',
      code,
      problem.cases,
      { timeLimit: 5000 },
      {
        onSandbox: (b) => {
          sandbox = b;
        },
      },
    );
    // wait until the first case runs, then kill the box's pid 1 from outside
    let init: number | undefined;
    for (let i = 0; i < 200 && !init; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const sup = sandbox?.supervisorPid;
      init = sup ? boxInitPid(sup) : undefined;
    }
    expect(init).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    process.kill(init as number, 'SIGKILL');
    const s = await judging;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.cases[0].status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toMatch(/box died/);
    expect(processesOfUid(s.uid as number)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });

  it('between runs: the next run gets a fresh box', async () => {
    const box = await createBox('restart');
    const sandbox = new PersistentSandbox({ boxDir: box.boxDir, uid: box.uid, memoryKB: 64 * 1024, pids: 8 });
    try {
      await copyFile('/usr/bin/true', join(box.boxDir, 'true'));
      await chown(join(box.boxDir, 'true'), box.uid, box.uid);
      await chmod(join(box.boxDir, 'true'), 0o755);
      const run = { argv: ['/w/true'], cpuMs: 1000, wallMs: 5000, outputBytes: 1 << 20 };
      expect((await sandbox.run(run)).exitCode).toBe(0);
      const init = boxInitPid(sandbox.supervisorPid as number);
      expect(init).toBeDefined();
      process.kill(init as number, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await sandbox.run(run);
      expect(again.error).toBeNull();
      expect(again.exitCode).toBe(0);
      expect(sandbox.started).toBe(2);
    } finally {
      await sandbox.close();
      await destroyBox(box);
    }
    expect(processesOfUid(box.uid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });
});
