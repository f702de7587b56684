/**
 * The rows of the adversarial table (docs/judge.md, Adversarial submissions) not covered by 01-03 and 07:
 * each gives its verdict and host-side checks (nothing of the box survives, no cgroup leaks, host files
 * untouched). beforeAll re-proves confinement. Rows elsewhere: #1 #2 #4 #6 #7 #11 #12 #13 #14 #16 #17 in
 * 02/03, #8 #9 #10 #21 #24 in 01, #25 in 07, per-case cleanliness in 12.
 */
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  leakedCgroups,
  makeProblem,
  type Problem,
  processesOfUid,
  requireLanguage,
  type Submitted,
  submit,
} from './helpers';

let problem: Problem;

/** Nothing of the box may survive the submission. */
function expectBoxGone(s: Submitted): void {
  expect(s.uid).not.toBeNull();
  expect(processesOfUid(s.uid as number)).toEqual([]);
  expect(leakedCgroups()).toEqual([]);
}

const AB = 'long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 2; printf("%lld\\n", a + b);';

beforeAll(async () => {
  await assertConfined();
  problem = await makeProblem([
    ['20 22\n', '42\n'],
    ['1 2\n', '3\n'],
  ]);
});

afterAll(async () => {
  await problem?.cleanup();
});

describe('adversarial table: run time', () => {
  it('#3 malloc of 1 GiB never touched: Accepted under the cgroup (untouched pages are free)', async () => {
    const s = await submit(
      'C',
      `#include <stdio.h>
#include <stdlib.h>
int main(void) { char *volatile p = malloc(1u << 30); if (!p) return 3; ${AB} return 0; }`,
      problem.cases,
      { memoryLimit: 64 },
    );
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.memory).toBeLessThan(64 * 1024);
    expectBoxGone(s);
  });

  it('#5 sleep(10) and a read that never returns: wall-clock Time Limit Exceeded, at the wall limit', async () => {
    for (const body of ['sleep(10);', 'int p[2]; char c; if (pipe(p) == 0) read(p[0], &c, 1);']) {
      const s = await submit(
        'C',
        `#include <stdio.h>
#include <unistd.h>
int main(void) { ${body} ${AB} return 0; }`,
        problem.cases,
        { timeLimit: 500, judgeCaseMode: 'ergodic_without_error' },
      );
      expect(s.result.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
      expect(s.result.errorMessage).toBe('wall-clock time limit exceeded');
      // wall limit 3 x (500 + 200) + 500 ms; far below the program's 10 s
      expect(s.elapsedMs).toBeLessThan(9000);
      expectBoxGone(s);
    }
  });

  const RECURSE = (mb: number) => `#include <stdio.h>
static long depth(long n) { volatile char frame[4096]; frame[n % 4096] = (char)n; if (n == 0) return frame[0]; return depth(n - 1) + frame[n % 4096]; }
int main(void) { long r = depth(${mb}L * 256); ${AB} return (int)(r & 0); }`;

  it('#15 deep recursion within the limits (64 MiB of stack, ML 256): Accepted', async () => {
    const s = await submit('C', RECURSE(64), problem.cases, { memoryLimit: 256 });
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.memory).toBeGreaterThan(60 * 1024);
    expectBoxGone(s);
  });

  it('#15 deep recursion past the memory limit (400 MiB of stack, ML 128, stack 512): MLE', async () => {
    const s = await submit('C', RECURSE(400), problem.cases, {
      memoryLimit: 128,
      stackLimit: 512,
      judgeCaseMode: 'ergodic_without_error',
    });
    expect(s.result.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expectBoxGone(s);
  });

  it('#15 deep recursion past a small stack limit (64 MiB of stack, stack 8): Runtime Error SIGSEGV', async () => {
    const s = await submit('C', RECURSE(64), problem.cases, {
      memoryLimit: 256,
      stackLimit: 8,
      judgeCaseMode: 'ergodic_without_error',
    });
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toBe('signal 11 (SIGSEGV)');
    expectBoxGone(s);
  });

  it('#22 Java asking for more than -Xmx: OutOfMemoryError, Runtime Error (exit code 1)', async () => {
    await requireLanguage('Java');
    // ML 64 -> ML' 128 -> -Xmx128m; one 192 MiB array is refused at once, nothing is touched
    const s = await submit(
      'Java',
      `public class Main { public static void main(String[] a) {
  long[] big = new long[192 * 1024 * 1024 / 8];
  System.out.println(big.length);
} }`,
      problem.cases,
      { memoryLimit: 64, judgeCaseMode: 'ergodic_without_error' },
    );
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toBe('exit code 1');
    expectBoxGone(s);
  });

  it('#22 Java holding memory outside the heap, past the cgroup: Memory Limit Exceeded', async () => {
    await requireLanguage('Java');
    // cgroup for ML 64: 128 (ML') + 128 (JVM) + 64 MiB; 400 MiB off the heap, every page touched
    const s = await submit(
      'Java',
      `import java.lang.reflect.Field;
public class Main { public static void main(String[] a) throws Exception {
  Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
  f.setAccessible(true);
  sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
  long n = 400L << 20, p = u.allocateMemory(n);
  for (long i = 0; i < n; i += 4096) u.putByte(p + i, (byte) 1);
  System.out.println(u.getByte(p));
} }`,
      problem.cases,
      { memoryLimit: 64, judgeCaseMode: 'ergodic_without_error' },
    );
    expect(s.result.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expectBoxGone(s);
  });

  it('#23 Python holding 300 MB with a 256 MB limit: Memory Limit Exceeded', async () => {
    // Python's memory factor is 2: a problem limit of 128 MB is 256 MB for Python
    const s = await submit(
      'Python3',
      `block = b"x" * (300 * 1024 * 1024)
a, b = map(int, input().split())
print(a + b, len(block) > 0)`,
      problem.cases,
      { memoryLimit: 128, judgeCaseMode: 'ergodic_without_error' },
    );
    expect(s.result.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expectBoxGone(s);
  });
});

describe('adversarial table: compilation', () => {
  it('#18 template explosion: Compile Error for exceeding the compile limits, within seconds', async () => {
    const s = await submit(
      'C++',
      `template <int N, long M> struct T { static const long v = T<N - 1, 2 * M>::v + T<N - 1, 2 * M + 1>::v; };
template <long M> struct T<0, M> { static const long v = M; };
int main() { return (int)T<26, 0>::v; }`,
      problem.cases,
    );
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(s.result.errorMessage).toMatch(/^Compilation exceeded resource limits \((time|memory|wall)/);
    // compile limits: 10 s CPU, 20 s wall
    expect(s.elapsedMs).toBeLessThan(25_000);
    expectBoxGone(s);
  });

  it('#18 constexpr bomb: Compile Error from the compiler’s own evaluation limit', async () => {
    const s = await submit(
      'C++',
      `constexpr long spin(long n) { long s = 0; for (long i = 0; i < n; i++) s += i; return s; }
constexpr long x = spin(1L << 40);
int main() { return (int)(x & 1); }`,
      problem.cases,
    );
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(s.result.errorMessage).toMatch(/constexpr|loop iteration|operations/);
    expect(s.elapsedMs).toBeLessThan(25_000);
  });

  it('#19 a 1 GiB initialised array: Compile Error (the object file would exceed the file limit)', async () => {
    const s = await submit(
      'C',
      `char big[1u << 30] = {1};
int main(void) { return big[12345]; }`,
      problem.cases,
    );
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(s.result.errorMessage).toMatch(/exceeded resource limits|File size limit|internal compiler error/);
    expect(s.elapsedMs).toBeLessThan(25_000);
    expectBoxGone(s);
  });

  it('#20 huge compiler output: Compile Error, the message cut at 64 KiB', async () => {
    // every error quotes this 200 KB line; -fmax-errors=10 still prints ~2 MB
    const line = Array.from({ length: 20_000 }, (_, i) => `u${i}`).join(' + ');
    const s = await submit('C', `int main(void) { return ${line}; }\n`, problem.cases);
    expect(s.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    const message = s.result.errorMessage ?? '';
    expect(message).toMatch(/error: .u0. undeclared/);
    expect(message.endsWith('... (truncated)')).toBe(true);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(64 * 1024 + 32);
    expectBoxGone(s);
  });
});

describe('adversarial table: two boxes at once', () => {
  it('#26 cannot talk through abstract sockets, /dev/shm or file locks on shared inodes', async () => {
    // "serve": listen on an abstract socket, lock a file every box sees, create /dev/shm files,
    // and wait for a peer; "probe": look for all of that from the other box.
    const code = String.raw`#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
static struct sockaddr_un addr(void) {
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  memcpy(a.sun_path, "\0verdict-channel", 16);
  return a;
}
int main(void) {
  char mode[16] = "";
  if (scanf("%15s", mode) != 1) return 2;
  char leaks[256] = "";
  int shared = open("/usr/bin/true", O_RDONLY);
  if (flock(shared, LOCK_EX | LOCK_NB) == 0) strcat(leaks, " lock");
  if (open("/dev/shm/verdict-channel", O_RDWR | O_CREAT, 0666) >= 0) strcat(leaks, " shm_create");
  struct sockaddr_un a = addr();
  socklen_t len = offsetof(struct sockaddr_un, sun_path) + 16;
  if (!strcmp(mode, "serve")) {
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(s, (struct sockaddr *)&a, len) < 0 || listen(s, 4) < 0) return 3;
    // a peer connecting within 2 s would be a channel
    struct pollfd p = {.fd = s, .events = POLLIN};
    if (poll(&p, 1, 2000) > 0) strcat(leaks, " connected");
  } else {
    for (int i = 0; i < 15; i++) {
      int c = socket(AF_UNIX, SOCK_STREAM, 0);
      if (connect(c, (struct sockaddr *)&a, len) == 0) { strcat(leaks, " connect"); break; }
      close(c);
      usleep(100000);
    }
    if (access("/dev/shm/verdict-channel", F_OK) == 0) strcat(leaks, " shm_seen");
  }
  printf("%s\n", leaks[0] ? leaks + 1 : "isolated");
  return 0;
}`;
    const serve = await makeProblem([['serve\n', 'isolated\n']]);
    const probe = await makeProblem([['probe\n', 'isolated\n']]);
    try {
      const [a, b] = await Promise.all([
        submit('C', code, serve.cases, { timeLimit: 3000 }),
        submit('C', code, probe.cases, { timeLimit: 3000 }),
      ]);
      expect(a.uid).not.toBe(b.uid);
      expect([a.result.status, b.result.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
      expectBoxGone(a);
      expectBoxGone(b);
      // nothing was locked on the host's inode, nothing created in the host's /dev/shm
      const ino = statSync('/usr/bin/true').ino;
      expect(readFileSync('/proc/locks', 'utf8')).not.toMatch(new RegExp(`:${ino} `));
      expect(() => statSync('/dev/shm/verdict-channel')).toThrow();
    } finally {
      await serve.cleanup();
      await probe.cleanup();
    }
  });
});
