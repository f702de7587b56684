/**
 * The operator's languages file (docs/judge.md, Languages): a language added by
 * VERDICT_LANGUAGES_FILE is judged in the sandbox like a detected one, and an entry with a detected
 * language's name replaces it. Numbered last: the variable must not reach the other judge tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguages, type LanguageSpec } from '../../judge/languages';
import { LANGUAGES_FILE_ENV } from '../../judge/languages-file';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeProblem, type Problem, requireSandbox, submit } from './helpers';

const AB_BASH = 'read a b\necho $((a + b))\n';
const AB_PY3 = 'a, b = map(int, input().split())\nprint(a + b)\n';

const dir = mkdtempSync(join(tmpdir(), 'verdict-languages-file-'));
const previous = process.env[LANGUAGES_FILE_ENV];
let languages: LanguageSpec[] = [];
let problem: Problem;

beforeAll(async () => {
  requireSandbox();
  const file = join(dir, 'languages.json');
  writeFileSync(
    file,
    JSON.stringify([
      {
        name: 'Bash',
        description: 'GNU Bash',
        contentType: 'text/x-sh',
        sourceFile: 'main.sh',
        // `bash -n` reads without running: a syntax error is a Compile Error
        compile: ['/bin/bash', '-n', 'main.sh'],
        run: ['/bin/bash', 'main.sh'],
        timeFactor: 2,
        memoryFactor: 2,
        template: AB_BASH,
      },
      {
        name: 'Python3',
        description: 'Python 3 (the operator’s)',
        contentType: 'text/x-python',
        sourceFile: 'main.py',
        compile: ['python3', '-m', 'py_compile', 'main.py'],
        run: ['/usr/bin/python3', '-B', '-S', 'main.py'],
        timeFactor: 3,
        memoryFactor: 2,
        template: AB_PY3,
      },
    ]),
  );
  process.env[LANGUAGES_FILE_ENV] = file;
  languages = await detectLanguages();
  problem = await makeProblem([
    ['1 2\n', '3\n'],
    ['-5 1000000000000000000\n', '999999999999999995\n'],
  ]);
});

afterAll(async () => {
  if (previous === undefined) delete process.env[LANGUAGES_FILE_ENV];
  else process.env[LANGUAGES_FILE_ENV] = previous;
  await problem?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('a language from the operator’s file', () => {
  it('joins the detected table: a new name last, a detected name replaced in place', () => {
    const names = languages.map((l) => l.name);
    expect(names.at(-1)).toBe('Bash');
    expect(names.filter((n) => n === 'Python3')).toHaveLength(1);
    // detected languages keep their order around the replaced one
    expect(names.indexOf('Python3')).toBeLessThan(names.indexOf('Python2'));
    const py3 = languages.find((l) => l.name === 'Python3');
    expect(py3).toMatchObject({ description: 'Python 3 (the operator’s)', timeFactor: 3 });
    expect(py3?.compile?.[0]).toMatch(/^\/usr\/bin\/python3/);
    const bash = languages.find((l) => l.name === 'Bash');
    expect(bash?.run).toEqual(['/usr/bin/bash', 'main.sh']);
  });

  it('judges its A+B template as Accepted in the sandbox, a wrong sum as Wrong Answer', async () => {
    const ok = await submit('Bash', AB_BASH, problem.cases);
    expect(ok.result.errorMessage).toBeNull();
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    const wrong = await submit('Bash', 'read a b\necho $((a - b))\n', problem.cases);
    expect(wrong.result.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('compiles with its own command: a syntax error is a Compile Error', async () => {
    const broken = await submit('Bash', 'if then fi (\n', problem.cases);
    expect(broken.result.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(broken.result.errorMessage).toMatch(/syntax error/);
  });

  it('judges with the replacing entry, its time factor applied', async () => {
    const ok = await submit('Python3', AB_PY3, problem.cases);
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    const slow = await submit(
      'Python3',
      'import time\nt = time.time()\nwhile time.time() - t < 2.5: pass\nprint(3)\n',
      [problem.cases[0] as Problem['cases'][number]],
    );
    // 1000 ms × 3 = 3000 ms: 2.5 s of work fits, where the detected entry's 2× would not
    expect(slow.result.status).toBe(JudgeStatus.ACCEPTED);
  });
});
