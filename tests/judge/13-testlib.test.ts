/**
 * Verdict's own testlib.h (judge/testlib/): checkers and interactors written against testlib's API
 * compile with the header the judge adds when the problem brings none, and end with testlib's exit
 * codes and messages — through the real judge (sandboxed compile, checker box, interactive pair).
 * Validators and generators are not run by the judge: they are compiled and run directly here, with
 * the judge's C++ flags. beforeAll re-proves confinement (the checkers run in the sandbox).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledTestlibPath } from '../../judge/bundled-testlib';
import type { ProgramEvent } from '../../judge/judge-submission';
import type { LanguageSpec } from '../../judge/languages';
import type { JudgeTask, ProblemProgram } from '../../judge/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { assertConfined, makeProblem, problemProgram, requireLanguage, submit } from './helpers';

/** The contestant: prints what the case input's first token asks for, from the two numbers after it. */
const USER = `#include <stdio.h>
#include <string.h>
int main(void) {
  char mode[32]; long long a, b;
  if (scanf("%31s %lld %lld", mode, &a, &b) != 3) return 2;
  if (!strcmp(mode, "sum")) printf("%lld\\n", a + b);
  else if (!strcmp(mode, "off")) printf("%lld\\n", a + b + 1);
  else if (!strcmp(mode, "far")) printf("%lld\\n", a + b + 100);
  else if (!strcmp(mode, "none")) {}
  else if (!strcmp(mode, "junk")) printf("abc\\n");
  else if (!strcmp(mode, "extra")) printf("%lld 7\\n", a + b);
  else if (!strcmp(mode, "div")) printf("%.10f\\n", (double)a / b);
  else if (!strcmp(mode, "rough")) printf("%.2f\\n", (double)a / b);
  else printf("%s\\n", mode);
  return 0;
}`;

/** The classic: the sum of the input's two numbers, read with readLong, decided with quitf. */
const SUM_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  inf.readToken();
  long long a = inf.readLong(), b = inf.readLong();
  long long expected = ans.readLong();
  ensuref(expected == a + b, "the answer file disagrees with the input");
  long long found = ouf.readLong();
  if (found != expected) quitf(_wa, "expected %lld, found %lld", expected, found);
  quitf(_ok, "the sum is %lld", found);
}`;

/** quitp: half the points for an answer off by at most 5. */
const POINTS_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long expected = ans.readLong(), found = ouf.readLong();
  if (found == expected) quitf(_ok, "exact");
  if (std::llabs(found - expected) <= 5) quitp(50, "off by %lld", found - expected);
  quitf(_wa, "expected %lld, found %lld", expected, found);
}`;

/** Reals with doubleCompare, absolute or relative error 1e-6. */
const DOUBLE_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  double expected = ans.readDouble(), found = ouf.readDouble();
  if (!doubleCompare(expected, found, 1e-6))
    quitf(_wa, "expected %.9f, found %.9f, error %.9f", expected, found, doubleDelta(expected, found));
  quitf(_ok, "%.9f", found);
}`;

/** A token checked against testlib's pattern language. */
const PATTERN_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  std::string word = ouf.readToken("[a-z]{1,5}", "word");
  quitf(_ok, "word %s", word.c_str());
}`;

const INTERACTOR = `#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt(1, 1000, "secret");
  for (int n = 1; n <= 50; n++) {
    int guess = ouf.readInt(1, 1000, "guess");
    if (guess == secret) {
      std::cout << "=" << std::endl;
      tout << n << std::endl;
      quitf(_ok, "found in %d guesses", n);
    }
    std::cout << (guess < secret ? "<" : ">") << std::endl;
  }
  quitf(_wa, "too many guesses");
}`;

/** Polygon style: after the interaction, a checker reads the interactor's tout. */
const TOUT_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int guesses = ouf.readInt();
  if (guesses > 10) quitf(_wa, "%d guesses", guesses);
  quitf(_ok, "%d guesses", guesses);
}`;

const BINARY_SEARCH = `#include <stdio.h>
int main(void) {
  int lo = 1, hi = 1000; char r[4];
  while (lo <= hi) {
    int m = (lo + hi) / 2;
    printf("%d\\n", m); fflush(stdout);
    if (scanf("%3s", r) != 1) return 0;
    if (r[0] == '=') return 0;
    if (r[0] == '<') lo = m + 1; else hi = m - 1;
  }
  return 0;
}`;

const ALWAYS_ONE = `#include <stdio.h>
int main(void) { char r[4]; for (;;) { printf("1\\n"); fflush(stdout); if (scanf("%3s", r) != 1) return 0; } }`;

const LINEAR_SEARCH = `#include <stdio.h>
int main(void) {
  char r[4];
  for (int g = 1; g <= 1000; g++) { printf("%d\\n", g); fflush(stdout); if (scanf("%3s", r) != 1 || r[0] == '=') return 0; }
  return 0;
}`;

/** A validator in testlib's strict mode: "n s" on the first line, n integers on the second. */
const VALIDATOR = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerValidation(argc, argv);
  int n = inf.readInt(1, 10, "n");
  inf.readSpace();
  inf.readToken("[a-z]{1,5}", "s");
  inf.readEoln();
  inf.readInts(n, -100, 100, "a");
  inf.readEoln();
  inf.readEof();
}`;

const GENERATOR = `#include "testlib.h"
#include <vector>
int main(int argc, char *argv[]) {
  registerGen(argc, argv, 1);
  int n = opt<int>("n");
  std::vector<int> p = rnd.perm(n, 1);
  shuffle(p.begin(), p.end());
  println(n, rnd.next(1, 1000000), rnd.wnext(1000, 3), rnd.next("[a-z]{8}"));
  println(p);
  println(rnd.distinct(3, 1, 100), rnd.partition(3, 10));
}`;

/** Touches much of the API, for the warnings check. */
const API_TOUR = `#include "testlib.h"
#include <vector>
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  setName("api tour");
  int n = inf.readInt(1, 100, "n");
  long long m = inf.readLong(-5LL, 5LL, "m");
  unsigned long long u = inf.readUnsignedLong();
  double r = inf.readReal(0.0, 1.0, "r") + inf.readStrictDouble(0.0, 9.0, 1, 2, "d");
  std::string t = inf.readToken("[a-z]{1,10}|(ab)+", "t");
  std::string line = inf.readLine();
  std::vector<int> a = inf.readInts(n, 1, 9, "a");
  std::vector<std::string> w = ans.readTokens(2);
  char c = ans.readChar();
  if (!ouf.seekEof()) ouf.readWord();
  bool close = doubleCompare(1.0, 1.0 + 1e-9, 1e-6) && compareDoubles(r, r, 1e-9);
  std::string s = format("%d %lld %llu", n, m, u) + vtos(c) + englishEnding(n) + upperCase(t) + lowerCase(line);
  ensuref(close, "doubles %s", s.c_str());
  ensure(a.size() == static_cast<size_t>(n));
  quitif(w.empty(), _fail, "no tokens");
  if (n == 2) quitp(12.5, "partial %d", n);
  if (n == 3) expectedButFound(_wa, 1, 2, "value %d", n);
  if (n == 4) quitf(_pc(30), "some");
  quitf(_ok, "%s", compress(s).c_str());
}`;

let cacheDir: string;
let hostDir: string;
let cpp: LanguageSpec;

const checkers = {
  sum: problemProgram('testlib', SUM_CHECKER, 'C++', {}),
  points: problemProgram('testlib', POINTS_CHECKER, 'C++', {}),
  double: problemProgram('testlib', DOUBLE_CHECKER, 'C++', {}),
  pattern: problemProgram('testlib', PATTERN_CHECKER, 'C++', {}),
};

/** One case "<mode> a b" with the given answer, judged by `checker`. */
async function judge(
  checker: ProblemProgram,
  mode: string,
  answer: string,
  overrides: Partial<JudgeTask> = {},
) {
  const problem = await makeProblem([[`${mode}\n`, answer]]);
  try {
    return await submit(
      'C',
      USER,
      problem.cases,
      { judgeMode: 'spj', checker, ...overrides },
      { programCacheDir: cacheDir },
    );
  } finally {
    await problem.cleanup();
  }
}

/** The judge's C++ command line on the host (without the sandbox's precompiled header path). */
function hostCompile(spec: LanguageSpec, source: string, out: string, extra: string[] = []) {
  const [compiler, ...args] = spec.compile as string[];
  const flags = args.slice(0, args.indexOf('-o')).filter((a) => !a.startsWith('-I/.pch'));
  const link = extra.includes('-c') ? [] : ['-lm'];
  return spawnSync(compiler, [...flags, ...extra, '-o', out, source, ...link], {
    cwd: hostDir,
    encoding: 'utf8',
  });
}

function hostProgram(name: string, code: string): string {
  writeFileSync(join(hostDir, `${name}.cpp`), code);
  const out = join(hostDir, name);
  const r = hostCompile(cpp, `${name}.cpp`, out);
  if (r.status !== 0) throw new Error(`${name} did not compile: ${r.stderr}`);
  return out;
}

beforeAll(async () => {
  await assertConfined();
  cpp = await requireLanguage('C++');
  cacheDir = await mkdtemp(join(tmpdir(), 'verdict-testlib-cache-'));
  hostDir = mkdtempSync(join(tmpdir(), 'verdict-testlib-host-'));
  copyFileSync(bundledTestlibPath() as string, join(hostDir, 'testlib.h'));
});

afterAll(async () => {
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  if (hostDir) rmSync(hostDir, { recursive: true, force: true });
});

describe('the bundled header', () => {
  it('is found beside the judge sources', () => {
    const path = bundledTestlibPath();
    expect(path).toMatch(/judge\/testlib\/testlib\.h$/);
    expect(readFileSync(path as string, 'utf8')).toContain("Verdict's own implementation of the testlib API");
  });

  it.each(['C++', 'C++ 20'])(
    'compiles with the judge’s %s flags and -Wall -Wextra without a warning',
    async (name) => {
      const spec = await requireLanguage(name);
      const sources = { tour: API_TOUR, interactor: INTERACTOR, validator: VALIDATOR, generator: GENERATOR };
      for (const [source, code] of Object.entries(sources)) {
        writeFileSync(join(hostDir, `w-${source}.cpp`), code);
        // -c: every warning of the -O2 compile, without the static link
        const warnings = ['-Wall', '-Wextra', '-Wpedantic', '-Wshadow', '-c'];
        const r = hostCompile(spec, `w-${source}.cpp`, join(hostDir, `w-${source}.o`), warnings);
        expect([source, r.status, r.stderr]).toEqual([source, 0, '']);
      }
    },
  );
});

describe('checkers (registerTestlibCmd: checker input output answer)', () => {
  it('a classic sum checker: Accepted and Wrong Answer with its quitf messages', async () => {
    const ok = await judge(checkers.sum, 'sum 20 22', '42\n');
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(ok.result.cases[0].userOutput).toBe('ok the sum is 42');
    const wa = await judge(checkers.sum, 'off 20 22', '42\n');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toBe('wrong answer expected 42, found 43');
  });

  it('reading past the end of the output is a Presentation Error (unexpected eof)', async () => {
    const s = await judge(checkers.sum, 'none 20 22', '42\n');
    expect(s.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(s.result.errorMessage).toBe('wrong output format Unexpected end of file - int64 expected');
  });

  it('garbage where a number is expected is a Presentation Error; extra output too', async () => {
    const junk = await judge(checkers.sum, 'junk 20 22', '42\n');
    expect(junk.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(junk.result.errorMessage).toBe('wrong output format Expected integer, but "abc" found');
    const extra = await judge(checkers.sum, 'extra 20 22', '42\n');
    expect(extra.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(extra.result.errorMessage).toBe('wrong output format Extra information in the output file');
  });

  it('a broken answer file or a failed ensuref is FAIL: System Error, not the contestant’s fault', async () => {
    const broken = await judge(checkers.sum, 'sum 20 22', 'forty-two\n');
    expect(broken.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(broken.result.errorMessage).toMatch(
      /FAIL Expected integer, but "forty-two" found \(\/judge\/answer\)/,
    );
    const disagree = await judge(checkers.sum, 'sum 20 22', '41\n');
    expect(disagree.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(disagree.result.errorMessage).toMatch(/FAIL the answer file disagrees with the input/);
  });

  it('quitp gives a partial score on a scoring problem', async () => {
    const s = await judge(checkers.points, 'off 20 22', '42\n', { problemType: 1 });
    expect(s.result.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(s.result.cases[0]).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 5,
      userOutput: 'points 50 off by 1',
    });
    expect(s.result.score).toBe(5);
    expect((await judge(checkers.points, 'sum 20 22', '42\n', { problemType: 1 })).result.score).toBe(100);
    expect((await judge(checkers.points, 'far 20 22', '42\n', { problemType: 1 })).result.status).toBe(
      JudgeStatus.WRONG_ANSWER,
    );
  });

  it('a double checker with doubleCompare', async () => {
    const ok = await judge(checkers.double, 'div 1 3', '0.333333333333\n');
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(ok.result.cases[0].userOutput).toBe('ok 0.333333333');
    const wa = await judge(checkers.double, 'rough 1 3', '0.333333333333\n');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toMatch(/^wrong answer expected 0\.333333333, found 0\.330000000/);
  });

  it('a token checked against a pattern', async () => {
    const ok = await judge(checkers.pattern, 'hello 0 0', 'x\n');
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(ok.result.cases[0].userOutput).toBe('ok word hello');
    const wa = await judge(checkers.pattern, 'Hello 0 0', 'x\n');
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.result.errorMessage).toBe(
      'wrong answer Token parameter [name=word] equals to "Hello", doesn\'t correspond to pattern "[a-z]{1,5}"',
    );
  });

  it('a checker that ends without quitting is FAIL, as in testlib', async () => {
    const noQuit = problemProgram(
      'testlib',
      '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); ouf.readLong(); return 0; }',
      'C++',
      {},
    );
    const s = await judge(noQuit, 'sum 1 2', '3\n');
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toMatch(/FAIL Checker must end with quit or quitf call/);
  });

  it('#include <testlib.h> works too; the bundled header is compiled into the program once', async () => {
    const events: ProgramEvent[] = [];
    const angled = problemProgram('testlib', SUM_CHECKER.replace('"testlib.h"', '<testlib.h>'), 'C++', {});
    for (const mode of ['sum', 'off']) {
      const problem = await makeProblem([[`${mode} 1 2\n`, '3\n']]);
      try {
        const s = await submit(
          'C',
          USER,
          problem.cases,
          { judgeMode: 'spj', checker: angled },
          { programCacheDir: cacheDir, onProgram: (e) => events.push(e) },
        );
        expect(s.result.status).toBe(mode === 'sum' ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER);
      } finally {
        await problem.cleanup();
      }
    }
    expect(events.map((e) => e.compiled)).toEqual([true, false]);
  });

  it('a problem’s own testlib.h wins over the bundled one', async () => {
    const own = problemProgram(
      'testlib',
      `#include "testlib.h"
int main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); std::fputs(OWN_MESSAGE "\\n", stderr); return 0; }`,
      'C++',
      {
        'testlib.h': `#include <cstdio>
#define OWN_MESSAGE "ok from the problem's own testlib.h"
inline void registerTestlibCmd(int, char **) {}
`,
      },
    );
    const s = await judge(own, 'sum 1 2', '3\n');
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.cases[0].userOutput).toBe("ok from the problem's own testlib.h");
  });
});

describe('interactors (registerInteraction: interactor input tout answer)', () => {
  const interactor = problemProgram('testlib', INTERACTOR, 'C++', {});

  async function interact(code: string, overrides: Partial<JudgeTask> = {}) {
    const problem = await makeProblem([['37\n', 'found\n']]);
    try {
      return await submit(
        'C',
        code,
        problem.cases,
        { judgeMode: 'interactive', interactor, ...overrides },
        { programCacheDir: cacheDir },
      );
    } finally {
      await problem.cleanup();
    }
  }

  it('guess the number: Accepted for a binary search', async () => {
    const s = await interact(BINARY_SEARCH);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(s.result.cases[0].userOutput).toMatch(/^ok found in \d+ guesses$/);
  });

  it('Wrong Answer after too many guesses or a guess out of range; garbage is a Presentation Error', async () => {
    expect((await interact(LINEAR_SEARCH)).result.status).toBe(JudgeStatus.ACCEPTED);
    const stuck = await interact(ALWAYS_ONE);
    expect(stuck.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(stuck.result.errorMessage).toBe('wrong answer too many guesses');
    const range = await interact(
      '#include <stdio.h>\nint main(void) { printf("5000\\n"); fflush(stdout); char r[4]; return scanf("%3s", r) == 1; }',
    );
    expect(range.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(range.result.errorMessage).toBe(
      'wrong answer Integer parameter [name=guess] equals to 5000, violates the range [1, 1000]',
    );
    const junk = await interact(
      '#include <stdio.h>\nint main(void) { printf("banana\\n"); fflush(stdout); return 0; }',
    );
    expect(junk.result.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(junk.result.errorMessage).toBe('wrong output format Expected integer, but "banana" found');
  });

  it('tout is the file a checker reads afterwards (Polygon style)', async () => {
    const checker = problemProgram('testlib', TOUT_CHECKER, 'C++', {});
    const fast = await interact(BINARY_SEARCH, { checker });
    expect(fast.result.status).toBe(JudgeStatus.ACCEPTED);
    expect(fast.result.cases[0].userOutput).toMatch(/^ok \d+ guesses$/);
    const slow = await interact(LINEAR_SEARCH, { checker });
    expect(slow.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(slow.result.errorMessage).toBe('wrong answer 37 guesses');
  });
});

describe('validators and generators (compiled with the judge’s C++ flags, run directly)', () => {
  const validate = (input: string) => {
    const r = spawnSync(join(hostDir, 'validator'), [], { input, encoding: 'utf8' });
    return { status: r.status, message: r.stderr.trim() };
  };

  beforeAll(() => {
    hostProgram('validator', VALIDATOR);
    hostProgram('generator', GENERATOR);
  });

  it('strict mode: exact input is valid; an extra space, a CR or a missing line end is FAIL', () => {
    expect(validate('3 abc\n1 -2 3\n')).toEqual({ status: 0, message: '' });
    expect(validate('3 abc \n1 -2 3\n')).toEqual({
      status: 3,
      message: 'FAIL Expected EOLN (stdin, line 1)',
    });
    expect(validate('3  abc\n1 -2 3\n')).toEqual({
      status: 3,
      message: 'FAIL Unexpected white-space - token expected (stdin, line 1)',
    });
    expect(validate('3 abc\n1 -2  3\n').status).toBe(3);
    expect(validate('3 abc\r\n1 -2 3\r\n')).toEqual({
      status: 3,
      message: 'FAIL Expected EOLN (stdin, line 1)',
    });
    expect(validate('3 abc\n1 -2 3')).toEqual({ status: 3, message: 'FAIL Expected EOLN (stdin, line 2)' });
    expect(validate('3 abc\n1 -2 3\n\n')).toEqual({
      status: 3,
      message: 'FAIL Expected EOF (stdin, line 3)',
    });
    expect(validate('11 abc\n1\n')).toEqual({
      status: 3,
      message: 'FAIL Integer parameter [name=n] equals to 11, violates the range [1, 10] (stdin, line 1)',
    });
    expect(validate('2 ABC\n1 2\n').message).toBe(
      'FAIL Token parameter [name=s] equals to "ABC", doesn\'t correspond to pattern "[a-z]{1,5}" (stdin, line 1)',
    );
  });

  it('a generator is deterministic for its arguments and follows them', () => {
    const gen = (...args: string[]) => execFileSync(join(hostDir, 'generator'), args, { encoding: 'utf8' });
    const a = gen('-n', '6', 'seed1');
    expect(gen('-n', '6', 'seed1')).toBe(a);
    expect(gen('-n', '6', 'seed2')).not.toBe(a);
    const [head, perm, rest] = a.trim().split('\n');
    expect(head).toMatch(/^6 \d+ \d+ [a-z]{8}$/);
    expect(perm.split(' ').map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const numbers = rest.split(' ').map(Number);
    expect(new Set(numbers.slice(0, 3)).size).toBe(3);
    expect(numbers.slice(3).reduce((x, y) => x + y, 0)).toBe(10);
  });
});
