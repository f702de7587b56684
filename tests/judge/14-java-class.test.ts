/**
 * Java classes named freely (docs/judge.md, Java class names): the judge compiles the source as
 * `<public class>.java` and runs the class that declares main, as Kattis and DOMjudge do; comments
 * and strings naming other classes do not mislead it; a package is kept and run by its qualified
 * name; a source without a usable class is a Compile Error saying so. Submissions, test runs and
 * Kattis output validators written in Java all go the same way. Benign programs only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRun } from '../../judge/test-run';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  assertConfined,
  leakedCgroups,
  makeProblem,
  type Problem,
  problemProgram,
  processesOfUid,
  requireLanguage,
  submit,
} from './helpers';

/** A+B in a class of the given name, with `prefix` (comments, package, helper classes) before it. */
const ab = (name: string, prefix = '', modifier = 'public ') => `${prefix}import java.util.Scanner;

${modifier}class ${name} {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`;

let problem: Problem;

beforeAll(async () => {
  await assertConfined();
  await requireLanguage('Java');
  problem = await makeProblem([
    ['1 2\n', '3\n'],
    ['40 2\n', '42\n'],
  ]);
});

afterAll(() => problem?.cleanup());

async function judged(code: string) {
  const r = await submit('Java', code, problem.cases);
  if (r.uid !== null) expect(processesOfUid(r.uid)).toEqual([]);
  return r.result;
}

describe('Java submissions name their own class', () => {
  it('public class Main keeps working', async () => {
    const r = await judged(ab('Main'));
    expect(r.errorMessage).toBeNull();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a public class with another name is compiled as its own file and run', async () => {
    const r = await judged(ab('Different'));
    expect(r.errorMessage).toBeNull();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a class named in a comment or a string before the real one is not taken', async () => {
    const prefix = `// public class Wrong { public static void main(String[] a) {} }
/* class AlsoWrong { static void main(String[] a) {} } */
`;
    const code = ab('Right', prefix).replace(
      'Scanner in',
      'String decoy = "public class Decoy { public static void main(String[] a) {} }";\n        Scanner in',
    );
    const r = await judged(code);
    expect(r.errorMessage).toBeNull();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a non-public class with main, with no public class, works under any file name', async () => {
    const r = await judged(ab('solution', '', ''));
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('main in a non-public class next to a public helper: the file is the public one, main runs', async () => {
    const code = `public class Helper { static long add(long a, long b) { return a + b; } }
class Runner {
    public static void main(String[] args) {
        java.util.Scanner in = new java.util.Scanner(System.in);
        System.out.println(Helper.add(in.nextLong(), in.nextLong()));
    }
}
`;
    expect((await judged(code)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a package declaration is kept: the class runs by its qualified name', async () => {
    const r = await judged(ab('Solver', 'package contest.team;\n\n'));
    expect(r.errorMessage).toBeNull();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a file with no class is a Compile Error that says so', async () => {
    const r = await judged('// nothing here but a comment: class Fake { static void main(String[] a) {} }\n');
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/^No class found: .*public static void main\(String\[\] args\)/);
  });

  it('classes without main, or several mains with no way to choose, are Compile Errors that say so', async () => {
    const noMain = await judged('public class Lonely { int x; }\n');
    expect(noMain.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(noMain.errorMessage).toContain('No class declares public static void main(String[] args)');
    expect(noMain.errorMessage).toContain('Lonely');
    const two = await judged(
      `${ab('A', '', '')}\n${ab('B', '', '').replace('import java.util.Scanner;', '')}`,
    );
    expect(two.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(two.errorMessage).toContain('Several classes declare main (A, B)');
  });

  it('javac still judges what it compiles: a public class in a file of another name is its own error', async () => {
    const code = `${ab('First')}\npublic class Second { }\n`;
    const r = await judged(code);
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/Second/);
    expect(r.errorMessage).not.toMatch(/judge-boxes/);
  });
});

describe('test runs and problem programs in Java', () => {
  it('a test run of a class not named Main runs it', async () => {
    const r = await testRun({
      language: 'Java',
      code: ab('Different'),
      timeLimit: 1000,
      memoryLimit: 256,
      input: '20 22',
      expectedOutput: '42',
      isRemoveEndBlank: true,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    const none = await testRun({
      language: 'Java',
      code: 'int x;',
      timeLimit: 1000,
      memoryLimit: 256,
      input: '',
      expectedOutput: null,
      isRemoveEndBlank: true,
    });
    expect(none.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(none.stderr).toMatch(/^No class found/);
  });

  it('a Kattis output validator whose class is not Main judges', async () => {
    const validator = `import java.io.*;
import java.nio.file.*;

public class validate {
    public static void main(String[] args) throws IOException {
        String answer = new String(Files.readAllBytes(Paths.get(args[1]))).trim();
        String team = new BufferedReader(new InputStreamReader(System.in)).readLine();
        System.exit(team != null && team.trim().equals(answer) ? 42 : 43);
    }
}
`;
    const checker = problemProgram('kattis', validator, 'Java', {});
    const ok = await submit('Java', ab('Different'), problem.cases, { judgeMode: 'spj', checker });
    expect(ok.result.errorMessage).toBeNull();
    expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
    const wrong = ab('Off').replace('a + b', 'a + b + 1');
    const wa = await submit('Java', wrong, problem.cases, { judgeMode: 'spj', checker });
    expect(wa.result.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(leakedCgroups()).toEqual([]);
  });
});
