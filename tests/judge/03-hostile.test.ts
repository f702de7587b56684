/**
 * Hostile submissions (docs/judge.md, Adversarial submissions). Each asserts the verdict a user sees and a
 * host-side check (nothing of the box survives, no cgroup leaks, host files untouched). beforeAll re-proves
 * confinement and refuses to run anything here if it fails. Every bomb is self-bounded (stops after ~3 s)
 * even though the sandbox would stop it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { open, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFiles } from '../../judge/compare';
import { compileInBox } from '../../judge/compile';
import { readCapped } from '../../judge/safe-files';
import { createBox, defaultBoxRoot, destroyBox } from '../../judge/sandbox/boxes';
import { supervisorArgs } from '../../judge/sandbox/driver';
import { supervisorPath } from '../../judge/sandbox/paths';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  compileAndRun,
  leakedCgroups,
  makeProblem,
  type Problem,
  processesOfUid,
  requireLanguage,
  type Submitted,
  submit,
} from './helpers';

const READ_AB = 'long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 2;';
const PRINT_AB = 'printf("%lld\\n", a + b);';

let problem: Problem;
const uids = new Set<number>();

async function judgeC(code: string, overrides = {}): Promise<Submitted> {
  const submitted = await submit('C', code, problem.cases, overrides);
  if (submitted.uid !== null) uids.add(submitted.uid);
  return submitted;
}

/** Nothing of the box may survive the submission. */
function expectBoxGone(s: Submitted): void {
  expect(s.uid).not.toBeNull();
  expect(processesOfUid(s.uid as number)).toEqual([]);
  expect(s.boxDir && existsSync(s.boxDir)).toBeFalsy();
  expect(leakedCgroups()).toEqual([]);
}

beforeAll(async () => {
  await assertConfined();
  problem = await makeProblem([['20 22\n', '42\n']]);
});

afterAll(async () => {
  await problem?.cleanup();
});

describe('hostile submissions', () => {
  it('fork bomb: stopped (TLE or RE), every process gone afterwards', async () => {
    const s = await judgeC(`
#include <unistd.h>
int main(void) {
  /* forks and spins until the judge stops it: never ends by itself, however slow the machine */
  for (;;) {
    if (fork() == 0) for (;;) {}
  }
}`);
    expect([JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.RUNTIME_ERROR]).toContain(s.result.status);
    expectBoxGone(s);
  });

  it('kill(-1), kill(1) and kill(parent) are harmless: the run goes on to AC', async () => {
    const s = await judgeC(`
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
  kill(-1, SIGKILL);
  kill(1, SIGKILL);
  kill(getppid(), SIGKILL);
  ${READ_AB}
  ${PRINT_AB}
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expectBoxGone(s);
  });

  it('a background child left running is killed when the program exits', async () => {
    const s = await judgeC(`
#include <stdio.h>
#include <unistd.h>
int main(void) {
  if (fork() == 0) { setsid(); for (int i = 0; i < 100; i++) sleep(1); _exit(0); }
  ${READ_AB}
  ${PRINT_AB}
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    // far below the child's 100 s: the judge did not wait for it
    expect(s.elapsedMs).toBeLessThan(30_000);
    expectBoxGone(s);
  });

  it('100 MiB of output: Runtime Error "output limit exceeded"', async () => {
    const s = await judgeC(`
#include <stdio.h>
#include <string.h>
int main(void) {
  static char block[1 << 16];
  memset(block, 'x', sizeof block);
  for (int i = 0; i < 1600; i++) fwrite(block, 1, sizeof block, stdout);
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toMatch(/output limit exceeded/);
    expectBoxGone(s);
  });

  it('filling the private /tmp ends in ENOSPC, not in a crash of the judge', async () => {
    const s = await judgeC(`
#include <stdio.h>
#include <string.h>
int main(void) {
  static char block[1 << 16];
  memset(block, 'y', sizeof block);
  FILE *f = fopen("/tmp/fill", "w");
  long written = 0;
  for (int i = 0; f && i < 1024; i++) { size_t n = fwrite(block, 1, sizeof block, f); written += n; if (n < sizeof block) break; }
  if (f) fclose(f);
  fprintf(stderr, "wrote %ld\\n", written);
  ${READ_AB}
  ${PRINT_AB}
  return written < (64L << 20) ? 0 : 1;
}`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expectBoxGone(s);
  });

  it('more threads than the pids limit: pthread_create fails, Runtime Error', async () => {
    const s = await judgeC(`
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static void *idle(void *arg) { (void)arg; sleep(2); return NULL; }
int main(void) {
  for (int i = 0; i < 1000; i++) {
    pthread_t t;
    if (pthread_create(&t, NULL, idle, NULL) != 0) { printf("failed at %d\\n", i); return 1; }
  }
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toBe('exit code 1');
    expectBoxGone(s);
  });

  it('#include "/dev/zero": Compile Error saying the compilation exceeded its limits', async () => {
    const s = await judgeC('#include "/dev/zero"\nint main(void) { return 0; }\n');
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(s.result.errorMessage).toMatch(/^Compilation exceeded resource limits/);
    expectBoxGone(s);
  });

  it('#include "/etc/shadow": Compile Error, the file does not exist in the box', async () => {
    const s = await judgeC('#include "/etc/shadow"\nint main(void) { return 0; }\n');
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(s.result.errorMessage).toMatch(/\/etc\/shadow: No such file or directory/);
  });

  it('planting a link in /w while judged fails: the box is read-only during runs', async () => {
    const s = await judgeC(`
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
  if (symlink("/etc/shadow", "/w/out.txt") == 0) return 3;
  if (errno != EROFS) return 4;
  ${READ_AB}
  ${PRINT_AB}
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expectBoxGone(s);
  });

  it('a symlink out.txt -> /etc/shadow planted in a writable box is never followed by the judge', async () => {
    const shadowBefore = readFileSync('/etc/shadow');
    const planted = await compileAndRun(
      'C',
      `
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  printf("link=%d\\n", symlink("/etc/shadow", "/w/out.txt"));
  printf("fifo=%d\\n", mkfifo("/w/fifo", 0666));
  printf("hardlink=%d\\n", link("/usr/bin/gcc", "/w/gcc"));
  return 0;
}`,
      { boxWritable: true, keepBox: true },
    );
    try {
      expect(planted.stdout).toContain('link=0');
      expect(planted.stdout).toContain('fifo=0');
      // a hard link across the bind mounts is refused (EXDEV)
      expect(planted.stdout).toContain('hardlink=-1');
      const link = join(planted.box.boxDir, 'out.txt');
      await expect(readCapped(link, 1 << 20)).rejects.toMatchObject({ code: 'ELOOP' });
      await expect(compareFiles(link, problem.cases[0].outputPath, true)).rejects.toMatchObject({
        code: 'ELOOP',
      });
      // a FIFO is refused without blocking the judge
      await expect(readCapped(join(planted.box.boxDir, 'fifo'), 1 << 20)).rejects.toThrow(
        /not a regular file/,
      );
    } finally {
      await destroyBox(planted.box);
    }
    // removing the box unlinked the link, not its target
    expect(readFileSync('/etc/shadow')).toEqual(shadowBefore);
    expect(existsSync(planted.box.dir)).toBe(false);
  });

  it('SIGTERM to the supervisor kills the box and removes its cgroups', async () => {
    const spec = await requireLanguage('C');
    const box = await createBox('sigterm');
    uids.add(box.uid);
    const out = await open('/dev/null', 'w');
    try {
      await writeFile(
        join(box.boxDir, spec.sourceFile),
        'int main(void) { volatile unsigned long x = 0; for (;;) x++; }',
      );
      expect(await compileInBox(spec, box)).toEqual({ ok: true });
      const args = supervisorArgs({
        argv: ['/w/main'],
        boxDir: box.boxDir,
        uid: box.uid,
        cpuMs: 60_000,
        wallMs: 60_000,
        memoryKB: 64 * 1024,
        pids: 8,
        outputBytes: 1 << 20,
      });
      // stdin (fd 3) left closed on purpose: the inner supervisor falls back to /dev/null
      const child = spawn(supervisorPath(), args, {
        stdio: ['ignore', 'pipe', 'pipe', 'ignore', out.fd, out.fd],
      });
      let stdout = '';
      child.stdout?.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
      });
      const closed = new Promise((done) => child.on('close', done));
      await new Promise((r) => setTimeout(r, 1000));
      expect(processesOfUid(box.uid).length).toBeGreaterThan(0);
      child.kill('SIGTERM');
      await closed;
      const result = JSON.parse(stdout.trim());
      expect(result.terminated).toBe(true);
      expect(result.error).toMatch(/terminated/);
      expect(processesOfUid(box.uid)).toEqual([]);
      expect(leakedCgroups()).toEqual([]);
    } finally {
      await out.close();
      await destroyBox(box);
    }
  });
});

describe('after the hostile programs', () => {
  it('the machine is still fine: A+B is accepted, nothing leaked', async () => {
    const s = await judgeC(`#include <stdio.h>
int main(void) { ${READ_AB} ${PRINT_AB} return 0; }`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    for (const uid of uids) expect(processesOfUid(uid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
    // only boxes of judges still running may remain
    const root = defaultBoxRoot();
    const left = existsSync(root) ? await readdir(root) : [];
    for (const name of left) expect(statSync(join(root, name)).isDirectory()).toBe(true);
    expect(left.filter((n) => n.includes('-sigterm-') || n.includes('-test-'))).toEqual([]);
  });
});
