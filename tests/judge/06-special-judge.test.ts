/**
 * Special judges: the testlib, HOJ and Kattis checker protocols (exit codes, messages, partial
 * scores), checker failures as System Error, a checker's confinement, and the compile-once cache.
 * Checkers are small hand-written C programs (tests/fixtures/judge/minicheck.h, not testlib).
 * beforeAll re-proves confinement: checkers here probe what they can reach.
 */
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHoj, decodeKattis, decodeTestlib } from '../../judge/checker-protocols';
import type { ProgramEvent } from '../../judge/judge-submission';
import type { PersistentSandbox } from '../../judge/sandbox/persistent';
import type { ProblemProgram } from '../../judge/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  leakedCgroups,
  makeProblem,
  type Problem,
  problemProgram,
  processesOfUid,
  submit,
} from './helpers';

/** The contestant prints what the case input's first token says, else a+b. */
const USER = `#include <stdio.h>
#include <string.h>
int main(void) {
  char mode[32]; long long a, b;
  if (scanf("%31s %lld %lld", mode, &a, &b) != 3) return 2;
  if (!strcmp(mode, "sum")) printf("%lld\\n", a + b);
  else if (!strcmp(mode, "diff")) printf("%lld\\n", a - b);
  else printf("%s\\n", mode);
  return 0;
}`;

/** testlib protocol: exit 0/1/2/3/7, a _pc-like code, and a crash, by what the contestant printed. */
const TESTLIB_CHECKER = `#include "minicheck.h"
#include <signal.h>
#include <string.h>
int main(int argc, char **argv) {
  register_checker(argc, argv);
  char mode[32], got[64]; long long a, b, expected;
  if (fscanf(inf, "%31s %lld %lld", mode, &a, &b) != 3) quit_fail("bad input");
  if (fscanf(ans, "%lld", &expected) != 1) quit_fail("bad answer");
  if (fscanf(ouf, "%63s", got) != 1) quit_pe("empty output");
  if (!strcmp(got, "half")) quit_points(50, "half of it");
  if (!strcmp(got, "pc")) { fprintf(stderr, "partially correct (30) some of it\\n"); return 30; }
  if (!strcmp(got, "fail")) quit_fail("jury answer is broken");
  if (!strcmp(got, "crash")) raise(SIGSEGV);
  char *end; long long v = strtoll(got, &end, 10);
  if (*end) quit_pe("expected an integer, found %s", got);
  if (v != expected) quit_wa("expected %lld, found %lld", expected, v);
  quit_ok("answer is %lld", v);
  return 0;
}`;

/** HOJ protocol (argv input user_output answer): 100/101/102/103/99 and a testlib text fallback. */
const HOJ_CHECKER = `#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  if (argc < 4) return 103;
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  char got[64], want[64];
  if (!out || !ans || fscanf(ans, "%63s", want) != 1) return 103;
  if (fscanf(out, "%63s", got) != 1) return 101;
  if (!strcmp(got, "half")) { printf("40\\n"); fprintf(stderr, "40 percent\\n"); return 99; }
  if (!strcmp(got, "fail")) { fprintf(stderr, "broken data\\n"); return 103; }
  if (!strcmp(got, "text")) { fprintf(stderr, "wrong answer said in text\\n"); return 1; }
  if (!strcmp(got, "format")) { fprintf(stderr, "wrong output format spaces\\n"); return 1; }
  if (!strcmp(got, "pe")) return 101;
  if (strcmp(got, want)) { fprintf(stderr, "expected %s got %s\\n", want, got); return 102; }
  return 100;
}`;

/** Kattis protocol: validator input answer feedback_dir < output; 42/43, judgemessage, score.txt. */
const KATTIS_VALIDATOR = `#include <stdio.h>
#include <string.h>
#include <stdlib.h>
static void put(const char *dir, const char *name, const char *text) {
  char path[4096]; snprintf(path, sizeof path, "%s%s", dir, name);
  FILE *f = fopen(path, "w"); if (!f) exit(1); fputs(text, f); fclose(f);
}
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  FILE *ans = fopen(argv[2], "r"); char want[64], got[64], msg[256];
  if (!ans || fscanf(ans, "%63s", want) != 1) return 1;
  if (scanf("%63s", got) != 1) { put(argv[3], "judgemessage.txt", "no output"); return 43; }
  if (!strcmp(got, "zero")) return 0;
  if (!strcmp(got, "three")) { put(argv[3], "score.txt", "3"); put(argv[3], "judgemessage.txt", "three points"); return 42; }
  if (!strcmp(got, "flags")) {
    msg[0] = 0; for (int i = 4; i < argc; i++) { strcat(msg, argv[i]); strcat(msg, ";"); }
    put(argv[3], "judgemessage.txt", msg); return 43;
  }
  if (strcmp(got, want)) { snprintf(msg, sizeof msg, "expected %s got %s", want, got); put(argv[3], "judgemessage.txt", msg); return 43; }
  return 42;
}`;

let sumProblem: Problem;
let cacheDir: string;
const testlib = problemProgram('testlib', TESTLIB_CHECKER);
const hoj = problemProgram('hoj', HOJ_CHECKER);
const kattis = problemProgram('kattis', KATTIS_VALIDATOR);

/** Case input "<mode> 20 22", answer 42: the contestant prints <mode> (or the sum for "sum"). */
async function judgeWith(
  checker: ProblemProgram,
  mode: string,
  overrides = {},
  onProgram?: (e: ProgramEvent) => void,
) {
  const problem = await makeProblem([[`${mode} 20 22\n`, '42\n']]);
  try {
    return await submit(
      'C',
      USER,
      problem.cases,
      { judgeMode: 'spj', checker, ...overrides },
      {
        programCacheDir: cacheDir,
        onProgram,
      },
    );
  } finally {
    await problem.cleanup();
  }
}

beforeAll(async () => {
  await assertConfined();
  sumProblem = await makeProblem([
    ['sum 20 22\n', '42\n'],
    ['sum 1 2\n', '3\n'],
  ]);
  cacheDir = await mkdtemp(join(tmpdir(), 'verdict-checker-cache-'));
});

afterAll(async () => {
  await sumProblem?.cleanup();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe('checker protocols (decoding)', () => {
  const exit = (exitCode: number | null, stderr = '', stdout = '', signal: number | null = null) => ({
    exitCode,
    signal,
    stdout,
    stderr,
  });

  it('testlib: exit codes first, stderr prefixes for other codes', () => {
    expect(decodeTestlib(exit(0, 'ok fine')).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeTestlib(exit(1, 'wrong answer 1 vs 2'))).toMatchObject({
      status: JudgeStatus.WRONG_ANSWER,
      message: 'wrong answer 1 vs 2',
    });
    expect(decodeTestlib(exit(2)).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(decodeTestlib(exit(4)).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(decodeTestlib(exit(3, 'FAIL bad')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeTestlib(exit(7, 'points 25 quarter'))).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 0.25,
    });
    expect(decodeTestlib(exit(7, 'points 100')).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeTestlib(exit(7, 'no points here')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeTestlib(exit(50, 'partially correct (50) half'))).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 0.5,
    });
    expect(decodeTestlib(exit(9, 'wrong output format x')).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(decodeTestlib(exit(9, 'something')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeTestlib(exit(null, '', '', 11)).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeTestlib(exit(1, 'x'.repeat(5000))).message).toHaveLength(1024);
  });

  it('hoj: 100/101/102/103/99 and the testlib text for other codes', () => {
    expect(decodeHoj(exit(0)).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeHoj(exit(100)).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeHoj(exit(101)).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(decodeHoj(exit(102)).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(decodeHoj(exit(103)).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeHoj(exit(99, '', '40\n'))).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 0.4,
    });
    expect(decodeHoj(exit(99, '', '100')).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeHoj(exit(99, '', 'lots')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeHoj(exit(1, 'ok then')).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeHoj(exit(1, 'wrong output format x'))).toMatchObject({
      status: JudgeStatus.WRONG_ANSWER,
      message: '[may be a presentation error] wrong output format x',
    });
    expect(decodeHoj(exit(1, 'points 100')).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeHoj(exit(1, 'FAIL x')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeHoj(exit(1, '')).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('kattis: 42/43, anything else System Error; scores only on OI problems', () => {
    const fb = (o = {}) => ({ judgeMessage: '', teamMessage: '', score: null, scoreMultiplier: null, ...o });
    const acm = { oi: false, caseScore: 10 };
    const oi = { oi: true, caseScore: 10 };
    expect(decodeKattis(exit(42), fb(), acm).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeKattis(exit(43), fb({ judgeMessage: 'off by one\n' }), acm)).toMatchObject({
      status: JudgeStatus.WRONG_ANSWER,
      message: 'off by one',
    });
    expect(decodeKattis(exit(0), fb(), acm).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeKattis(exit(1), fb(), acm).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(decodeKattis(exit(42), fb({ score: '4' }), acm).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeKattis(exit(42), fb({ score: '4' }), oi)).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 0.4,
    });
    expect(decodeKattis(exit(42), fb({ score: '10' }), oi).status).toBe(JudgeStatus.ACCEPTED);
    expect(decodeKattis(exit(42), fb({ scoreMultiplier: '0.5' }), oi).percentage).toBe(0.5);
  });
});

describe('testlib checker (checker input output answer)', () => {
  it('Accepted on every case, with the checker message kept', async () => {
    const s = await submit(
      'C',
      USER,
      sumProblem.cases,
      { judgeMode: 'spj', checker: testlib },
      {
        programCacheDir: cacheDir,
      },
    );
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    expect(s.result.cases[0].userOutput).toBe('ok answer is 42');
  });

  it('every case in one checker box: data linked when readable (0644), copied when not (0600)', async () => {
    const sandboxes: PersistentSandbox[] = [];
    const locked = await makeProblem([
      ['sum 20 22\n', '42\n'],
      ['sum 1 2\n', '3\n'],
      ['sum 5 5\n', '10\n'],
    ]);
    try {
      // case 2 as the server stored data before: 0600, the checker uid cannot read it
      await chmod(locked.cases[1].inputPath, 0o600);
      await chmod(locked.cases[1].outputPath, 0o600);
      const s = await submit(
        'C',
        USER,
        locked.cases,
        { judgeMode: 'spj', checker: testlib },
        { programCacheDir: cacheDir, onSandbox: (b) => sandboxes.push(b) },
      );
      expect(s.result.cases.map((c) => c.status)).toEqual([0, 0, 0]);
      expect(s.result.cases.map((c) => c.userOutput)).toEqual([
        'ok answer is 42',
        'ok answer is 3',
        'ok answer is 10',
      ]);
      // the contestant's box and the checker's box, each started once for the three cases
      expect(sandboxes.map((b) => b.started)).toEqual([1, 1]);
      // the judge never changed the test data it linked or copied
      expect((await stat(locked.cases[1].outputPath)).mode & 0o777).toBe(0o600);
      expect((await stat(locked.cases[0].outputPath)).nlink).toBe(1);
    } finally {
      await locked.cleanup();
    }
  });

  it('Wrong Answer and Presentation Error with the checker stderr as the case message', async () => {
    const wa = await judgeWith(testlib, 'diff');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toBe('wrong answer expected 42, found -2');
    const pe = await judgeWith(testlib, 'abc');
    expect(pe.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(pe.result.cases[0].userOutput).toMatch(/^wrong output format expected an integer/);
  });

  it('points (exit 7) and partially correct give Partial Accepted with floor(p x case score)', async () => {
    const half = await judgeWith(testlib, 'half', { problemType: 1 });
    expect(half.result.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(half.result.cases[0]).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 5 });
    expect(half.result.score).toBe(5);
    const pc = await judgeWith(testlib, 'pc', { problemType: 1 });
    expect(pc.result.cases[0]).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 3 });
  });

  it('FAIL (exit 3) and a crashing checker are System Error, not the contestant’s fault', async () => {
    const fail = await judgeWith(testlib, 'fail');
    expect(fail.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(fail.result.errorMessage).toMatch(/checker exited with code 3: FAIL jury answer is broken/);
    const crash = await judgeWith(testlib, 'crash');
    expect(crash.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(crash.result.errorMessage).toMatch(/checker was killed by signal 11/);
  });

  it('the checker runs only after a clean run: a crashing contestant is Runtime Error', async () => {
    const s = await submit(
      'C',
      'int main(void) { return 4; }',
      sumProblem.cases,
      {
        judgeMode: 'spj',
        checker: testlib,
      },
      { programCacheDir: cacheDir },
    );
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toBe('exit code 4');
  });

  it('a Python checker works the same way', async () => {
    const py = problemProgram(
      'testlib',
      `import sys
inp, out, ans = (open(p).read().split() for p in sys.argv[1:4])
if out == ans:
    sys.stderr.write("ok same\\n"); sys.exit(0)
sys.stderr.write("wrong answer differs\\n"); sys.exit(1)
`,
      'Python3',
      {},
    );
    expect((await judgeWith(py, 'sum')).result.status).toBe(JudgeStatus.ACCEPTED);
    expect((await judgeWith(py, 'diff')).result.status).toBe(JudgeStatus.WRONG_ANSWER);
  });
});

describe('HOJ checker (spj input user_output answer)', () => {
  it('maps 100/101/102/103 and 99 with a percentage on stdout', async () => {
    expect((await judgeWith(hoj, 'sum')).result.status).toBe(JudgeStatus.ACCEPTED);
    expect((await judgeWith(hoj, 'pe')).result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    const wa = await judgeWith(hoj, 'diff');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toBe('expected 42 got -2');
    expect((await judgeWith(hoj, 'fail')).result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    const half = await judgeWith(hoj, 'half', { problemType: 1 });
    expect(half.result.cases[0]).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 4 });
  });

  it('other exit codes: the testlib text on stderr decides', async () => {
    expect((await judgeWith(hoj, 'text')).result.status).toBe(JudgeStatus.WRONG_ANSWER);
    const format = await judgeWith(hoj, 'format');
    expect(format.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(format.result.errorMessage).toMatch(/^\[may be a presentation error\]/);
  });
});

describe('Kattis output validator (validator input answer feedback_dir < output)', () => {
  it('42 is AC, 43 WA with judgemessage.txt as the message, 0 is System Error', async () => {
    expect((await judgeWith(kattis, 'sum')).result.status).toBe(JudgeStatus.ACCEPTED);
    const wa = await judgeWith(kattis, 'diff');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toBe('expected 42 got -2');
    const zero = await judgeWith(kattis, 'zero');
    expect(zero.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(zero.result.errorMessage).toMatch(/output validator exited with code 0/);
  });

  it('score.txt makes a partial result on OI problems; validator flags are passed on', async () => {
    const three = await judgeWith(kattis, 'three', { problemType: 1 });
    expect(three.result.cases[0]).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 3,
      userOutput: 'three points',
    });
    const flags = await judgeWith(kattis, 'flags', { validatorFlags: 'float_tolerance 1e-6 case_sensitive' });
    expect(flags.result.errorMessage).toBe('float_tolerance;1e-6;case_sensitive;');
  });
});

describe('checker compilation and confinement', () => {
  it('compiles a checker once per key: later submissions reuse the cached binary', async () => {
    const events: ProgramEvent[] = [];
    const checker = problemProgram('testlib', `${TESTLIB_CHECKER}\n/* once */`);
    for (let i = 0; i < 3; i++) {
      const s = await judgeWith(checker, 'sum', {}, (e) => events.push(e));
      expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    }
    expect(events.map((e) => e.compiled)).toEqual([true, false, false]);
    expect(new Set(events.map((e) => e.key))).toEqual(new Set([checker.key]));
    // concurrent first uses of a new key share one compilation
    const events2: ProgramEvent[] = [];
    const other = problemProgram('testlib', `${TESTLIB_CHECKER}\n/* twice */`);
    await Promise.all([0, 1].map(() => judgeWith(other, 'sum', {}, (e) => events2.push(e))));
    expect(events2.map((e) => e.compiled).sort()).toEqual([false, true]);
    // nothing half-built is left in the cache
    expect((await readdir(cacheDir)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('a checker that does not compile is a System Error naming the problem', async () => {
    const broken = problemProgram('testlib', 'int main(void) { return undefined_thing; }');
    const s = await judgeWith(broken, 'sum');
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toMatch(/special judge cannot be used: .*undefined_thing/s);
  });

  it('a missing checker is a System Error', async () => {
    const s = await submit('C', USER, sumProblem.cases, { judgeMode: 'spj', checker: null });
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toBe('special judge or interactive program missing');
  });

  it('a checker is confined: its own uid, no host files, read-only program and data', async () => {
    const probe = problemProgram(
      'testlib',
      `#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static void try_open(const char *name, const char *path, int flags) {
  errno = 0; int fd = open(path, flags, 0644);
  fprintf(stderr, " %s=%s", name, fd >= 0 ? "open" : (errno == ENOENT ? "ENOENT" : errno == EROFS ? "EROFS" : errno == EACCES ? "EACCES" : "other"));
}
int main(void) {
  fprintf(stderr, "ok uid=%d", (int)getuid());
  try_open("shadow", "/etc/shadow", O_RDONLY);
  try_open("data", "${sumProblem.cases[0].outputPath}", O_RDONLY);
  try_open("plant", "/w/planted", O_WRONLY | O_CREAT);
  try_open("answer", "/judge/answer", O_WRONLY);
  try_open("input", "/judge/input", O_RDONLY);
  fprintf(stderr, "\\n");
  return 0;
}`,
    );
    let programUid = -1;
    const s = await submit(
      'C',
      USER,
      sumProblem.cases.slice(0, 1),
      { judgeMode: 'spj', checker: probe },
      {
        programCacheDir: cacheDir,
        onProgram: (e) => {
          programUid = e.uid;
        },
      },
    );
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    const message = s.result.cases[0].userOutput ?? '';
    expect(message).toContain(`uid=${programUid}`);
    expect(programUid).toBeGreaterThanOrEqual(60000);
    expect(programUid).not.toBe(s.uid);
    expect(message).toContain('shadow=ENOENT');
    expect(message).toContain('data=ENOENT');
    expect(message).toMatch(/plant=(EROFS|EACCES)/);
    expect(message).toMatch(/answer=(EROFS|EACCES)/);
    expect(message).toContain('input=open');
    expect(processesOfUid(programUid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });
});
