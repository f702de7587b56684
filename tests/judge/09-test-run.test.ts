/**
 * Online test runs (docs/judge.md, Test runs): one run on the user's input plus "\n", compared with the
 * expected output when given. Benign programs plus one obviously endless loop.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OUTPUT_CHARS, testRun } from '../../judge/test-run';
import type { TestRunTask } from '../../judge/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { assertConfined, leakedCgroups, processesOfUid } from './helpers';

const AB = `#include <stdio.h>
int main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 2; printf("%lld\\n", a + b); return 0; }`;

function task(code: string, overrides: Partial<TestRunTask> = {}): TestRunTask {
  return {
    language: 'C',
    code,
    timeLimit: 1000,
    memoryLimit: 256,
    input: '20 22',
    expectedOutput: null,
    isRemoveEndBlank: true,
    ...overrides,
  };
}

beforeAll(async () => {
  await assertConfined();
});

describe('test runs', () => {
  it('without an expected output: Accepted when the program ran fine, with its output', async () => {
    let uid = -1;
    const r = await testRun(task(AB), {
      onBox: (box) => {
        uid = box.uid;
      },
    });
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '42\n', stderr: '' });
    expect(r.time).not.toBeNull();
    expect(r.memory).toBeGreaterThan(0);
    expect(processesOfUid(uid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });

  it('the input gets a newline appended', async () => {
    const r = await testRun(
      task(
        `#include <stdio.h>
#include <string.h>
int main(void) { char s[64]; if (!fgets(s, sizeof s, stdin)) return 2; printf("%zu\\n", strlen(s)); return 0; }`,
        { input: 'abc' },
      ),
    );
    expect(r.userOutput).toBe('4\n');
  });

  it('with an expected output: Wrong Answer or Accepted (rtrim or exact, never PE)', async () => {
    expect((await testRun(task(AB, { expectedOutput: '43' }))).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await testRun(task(AB, { expectedOutput: '42  \n\n' }))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await testRun(task(AB, { expectedOutput: '42\n', isRemoveEndBlank: false }))).status).toBe(
      JudgeStatus.ACCEPTED,
    );
    expect((await testRun(task(AB, { expectedOutput: '42', isRemoveEndBlank: false }))).status).toBe(
      JudgeStatus.WRONG_ANSWER,
    );
  });

  it('a compile error is status -2 with the compiler message in stderr', async () => {
    const r = await testRun(task('int main(void) { return undefined_name; }'));
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.stderr).toMatch(/main\.c:1:\d+: error: .undefined_name. undeclared/);
    expect(r).toMatchObject({ time: null, memory: null, userOutput: '' });
  });

  it('long output is cut to 1000 characters and "..."', async () => {
    const r = await testRun(
      task(`#include <stdio.h>
int main(void) { for (int i = 0; i < 5000; i++) fputs("\\xc3\\xa9", stdout); return 0; }`),
    );
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.userOutput).toBe(`${'é'.repeat(TEST_OUTPUT_CHARS)}...`);
  });

  it('stderr and the verdict message are reported together', async () => {
    const r = await testRun(
      task(`#include <stdio.h>
int main(void) { fprintf(stderr, "debug line\\n"); puts("partial"); return 1; }`),
    );
    expect(r.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(r.userOutput).toBe('partial\n');
    expect(r.stderr).toBe('debug line\nexit code 1');
  });

  it('an endless loop is Time Limit Exceeded', async () => {
    const r = await testRun(
      task('int main(void) { volatile unsigned long x = 0; for (;;) x++; }', { timeLimit: 500 }),
    );
    expect(r.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it('file IO and extra files work as in judging; the language factor applies', async () => {
    const r = await testRun(
      task(
        `a, b = map(int, open('input.txt').read().split())
open('output.txt', 'w').write(str(a + b + int(open('k.txt').read())) + '\\n')`,
        {
          language: 'Python3',
          fileIO: { inputName: 'input.txt', outputName: 'output.txt' },
          userExtraFiles: { 'k.txt': '100' },
          expectedOutput: '142',
        },
      ),
    );
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '142\n' });
  });

  it('an unknown language is reported as -2 with a message', async () => {
    const r = await testRun(task(AB, { language: 'Brainfuck' }));
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.stderr).toMatch(/not available/);
  });
});
