/**
 * File-IO problems: the program reads input.txt and writes output.txt in /w, which stays
 * read-only apart from that one judge-created file; and contestants' extra files next to the
 * source. beforeAll re-proves confinement (programs here try to plant links and files).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeTask } from '../../judge/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { assertConfined, leakedCgroups, makeProblem, type Problem, processesOfUid, submit } from './helpers';

const FILE_IO = { inputName: 'input.txt', outputName: 'output.txt' };

const C_FILE_AB = `#include <stdio.h>
int main(void) {
  FILE *in = fopen("input.txt", "r"), *out = fopen("output.txt", "w");
  long long a, b;
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return 2;
  fprintf(out, "%lld\\n", a + b);
  return 0;
}`;

let problem: Problem;
let secretPath: string;

function judge(code: string, overrides: Partial<JudgeTask> = {}, language = 'C') {
  return submit(language, code, problem.cases, { fileIO: FILE_IO, ...overrides });
}

beforeAll(async () => {
  await assertConfined();
  problem = await makeProblem([
    ['20 22\n', '42\n'],
    ['1 2\n', '3\n'],
  ]);
  // a host file whose content is the expected answer: following a planted link would be AC
  secretPath = join(problem.dir, 'secret.txt');
  await writeFile(secretPath, '42\n', { mode: 0o600 });
});

afterAll(async () => {
  await problem?.cleanup();
});

describe('file IO', () => {
  it('reads input.txt and writes output.txt: Accepted (C and Python)', async () => {
    const c = await judge(C_FILE_AB);
    expect(c.result.status).toBe(JudgeStatus.ACCEPTED);
    const py = await judge(
      `a, b = map(int, open('input.txt').read().split())
with open('output.txt', 'w') as f:
    f.write(str(a + b) + '\\n')`,
      {},
      'Python3',
    );
    expect(py.result.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('stdin is empty and stdout is not the output: a program using them gets Wrong Answer', async () => {
    const s = await judge(`#include <stdio.h>
int main(void) { long long a = 0, b = 0; if (scanf("%lld %lld", &a, &b) != 2) { puts("42"); return 0; } printf("%lld\\n", a + b); return 0; }`);
    expect(s.result.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('a missing output file is an empty output: Wrong Answer', async () => {
    const s = await judge('int main(void) { return 0; }');
    expect(s.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s.result.cases[0].userOutput).toBeNull();
  });

  it('a link planted as the output file is never followed (and cannot be planted)', async () => {
    const s = await judge(`#include <stdio.h>
#include <unistd.h>
int main(void) {
  unlink("output.txt");
  symlink("${secretPath}", "output.txt");
  rename("output.txt", "moved.txt");
  symlink("${secretPath}", "moved.txt");
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(processesOfUid(s.uid as number)).toEqual([]);
  });

  it('no other file can be created in /w; /tmp works', async () => {
    const s = await judge(`#include <stdio.h>
int main(void) {
  FILE *in = fopen("input.txt", "r"), *out = fopen("output.txt", "w");
  long long a, b;
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return 2;
  if (fopen("other.txt", "w") || fopen("input.txt", "w")) return 7;
  FILE *t = fopen("/tmp/scratch", "w"); if (!t) return 8; fclose(t);
  fprintf(out, "%lld\\n", a + b);
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('too much output into the file is Runtime Error "output limit exceeded"', async () => {
    const s = await judge(`#include <stdio.h>
#include <string.h>
int main(void) {
  static char block[1 << 16]; memset(block, 'x', sizeof block);
  FILE *out = fopen("output.txt", "w"); if (!out) return 2;
  for (int i = 0; i < 1600; i++) fwrite(block, 1, sizeof block, out);
  return 0;
}`);
    expect(s.result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s.result.errorMessage).toMatch(/^output limit exceeded/);
    expect(leakedCgroups()).toEqual([]);
  });

  it('every case of the persistent box gets its own input and an empty output file', async () => {
    // appends, and fails if the file was not empty or still holds another case's input
    const s = await judge(`#include <stdio.h>
int main(void) {
  FILE *in = fopen("input.txt", "r"), *out = fopen("output.txt", "a+");
  long long a, b; char c;
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return 2;
  if (fscanf(in, " %c", &c) == 1) return 3;
  fseek(out, 0, SEEK_END);
  if (ftell(out) != 0) return 4;
  fprintf(out, "%lld\\n", a + b);
  return 0;
}`);
    expect(s.result.cases.map((c) => c.status)).toEqual([0, 0]);
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('file names that could escape the box are a System Error', async () => {
    const s = await judge(C_FILE_AB, { fileIO: { inputName: '../x', outputName: 'output.txt' } });
    expect(s.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.result.errorMessage).toMatch(/not allowed/);
  });
});

describe('contestant extra files', () => {
  it('are placed next to the source: a header to include and a data file to read', async () => {
    const s = await submit(
      'C',
      `#include <stdio.h>
#include "extra.h"
int main(void) {
  long long a, b, k; FILE *f = fopen("k.txt", "r");
  if (!f || fscanf(f, "%lld", &k) != 1) return 3;
  if (scanf("%lld %lld", &a, &b) != 2) return 2;
  printf("%lld\\n", a + b + OFFSET - k);
  return 0;
}`,
      problem.cases,
      { userExtraFiles: { 'extra.h': '#define OFFSET 5\n', 'k.txt': '5\n' } },
    );
    expect(s.result.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('an extra file named like the source or with a path is a System Error', async () => {
    const clash = await submit('C', C_FILE_AB, problem.cases, { userExtraFiles: { 'main.c': 'x' } });
    expect(clash.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    const path = await submit('C', C_FILE_AB, problem.cases, { userExtraFiles: { '../evil.h': 'x' } });
    expect(path.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
});
