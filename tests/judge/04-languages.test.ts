/**
 * Every detected language judges its own A+B template as Accepted and reports a syntax error as
 * Compile Error; the factors and detection rules of the table hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguages, type LanguageSpec } from '../../judge/languages';
import { runLimits } from '../../judge/limits';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeProblem, type Problem, requireSandbox, submit } from './helpers';

const BROKEN: Record<string, string> = {
  C: 'int main(void) { return }',
  'C++': 'int main() { return }',
  'C++ 14': 'int main() { return }',
  'C++ 20': 'int main() { return }',
  Java: 'public class Main { public static void main(String[] a) { int x = ; } }',
  Python3: 'print(1',
  Python2: 'print 1 +',
  Rust: 'fn main() { let x = ; }',
  'JavaScript (Node)': 'const x = ;',
  Golang: 'package main\nfunc main() { x := }',
  Kotlin: 'fun main() { val x = }',
  'C#': 'public class P { public static void Main() { int x = ; } }',
  PHP: '<?php $x = ;',
  Ruby: 'def f(\n',
  Pascal: 'program main; begin x := ; end.',
  Haskell: 'main = print (1 +',
  PyPy3: 'print(1',
  TypeScript: 'const x: number = "not a number";',
};

/** The languages `bash scripts/setup --languages all` installs (docs/judge.md, Languages). */
const MORE = ['Golang', 'Kotlin', 'C#', 'PHP', 'Ruby', 'Pascal', 'Haskell', 'PyPy3', 'TypeScript'];

/** Hello, World! in each language: the first program anyone submits. */
const HELLO: Record<string, string> = {
  C: '#include <stdio.h>\nint main(void) { puts("Hello, World!"); return 0; }\n',
  'C++': '#include <iostream>\nint main() { std::cout << "Hello, World!" << std::endl; }\n',
  'C++ 14': '#include <iostream>\nint main() { std::cout << "Hello, World!" << std::endl; }\n',
  'C++ 20': '#include <iostream>\nint main() { std::cout << "Hello, World!" << std::endl; }\n',
  Java: 'public class Hello {\n  public static void main(String[] a) { System.out.println("Hello, World!"); }\n}\n',
  Python3: 'print("Hello, World!")\n',
  Python2: 'print "Hello, World!"\n',
  Rust: 'fn main() { println!("Hello, World!"); }\n',
  'JavaScript (Node)': 'console.log("Hello, World!");\n',
  Golang: 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("Hello, World!") }\n',
  Kotlin: 'fun main() { println("Hello, World!") }\n',
  'C#': 'class P { static void Main() { System.Console.WriteLine("Hello, World!"); } }\n',
  PHP: '<?php echo "Hello, World!\\n";\n',
  Ruby: 'puts "Hello, World!"\n',
  Pascal: "begin writeln('Hello, World!'); end.\n",
  Haskell: 'main = putStrLn "Hello, World!"\n',
  PyPy3: 'print("Hello, World!")\n',
  TypeScript: 'const greeting: string = "Hello, World!";\nconsole.log(greeting);\n',
};

/** The languages every judge machine of the project must have (docs/judge.md, Languages). */
const REQUIRED = ['C', 'C++', 'C++ 14', 'C++ 20', 'Java', 'Python3', 'Python2'];

let languages: LanguageSpec[] = [];
let problem: Problem;
let helloProblem: Problem;

beforeAll(async () => {
  requireSandbox();
  languages = await detectLanguages();
  problem = await makeProblem([
    ['1 2\n', '3\n'],
    ['-5 1000000000000000000\n', '999999999999999995\n'],
  ]);
  helloProblem = await makeProblem([['', 'Hello, World!\n']]);
});

afterAll(async () => {
  await problem?.cleanup();
  await helloProblem?.cleanup();
});

describe('language table', () => {
  it('detects the required languages from real executables, never shims', () => {
    const names = languages.map((l) => l.name);
    for (const name of REQUIRED) expect(names).toContain(name);
    for (const l of languages) {
      for (const arg of [...(l.compile ?? []), ...l.run]) {
        expect(arg).not.toMatch(/\/shims\/|\.cargo\/bin/);
      }
      expect(l.template.trim().length).toBeGreaterThan(0);
      expect(l.contentType).toMatch(/^text\//);
    }
    // the test machines install every language (`npm test` runs `scripts/setup --languages all`)
    for (const name of MORE) expect(names).toContain(name);
    const py3 = languages.find((l) => l.name === 'Python3');
    expect(py3?.run[0]).toMatch(/^\/usr\/bin\/python3/);
  });

  it('doubles time and memory for languages whose source is not .c/.cpp (HOJ)', () => {
    for (const l of languages) {
      const native = /\.(c|cpp)$/.test(l.sourceFile);
      expect(l.timeFactor).toBe(native ? 1 : 2);
      expect(l.memoryFactor).toBe(native ? 1 : 2);
      const limits = runLimits({ timeLimit: 1000, memoryLimit: 256 }, l);
      expect(limits.timeMs).toBe(native ? 1000 : 2000);
      expect(limits.memoryMB).toBe(native ? 256 : 512);
      expect(limits.cpuMs).toBeGreaterThan(limits.timeMs);
      expect(limits.wallMs).toBeGreaterThanOrEqual(3 * limits.cpuMs);
    }
  });
});

describe('each detected language', () => {
  it.each(REQUIRED.concat(MORE, ['Rust', 'JavaScript (Node)']))(
    '%s: Hello, World! and the A+B template are Accepted, a syntax error is a Compile Error',
    async (name) => {
      const spec = languages.find((l) => l.name === name);
      if (!spec) {
        // optional languages are only judged where their toolchain exists
        expect(REQUIRED).not.toContain(name);
        return;
      }
      const hello = await submit(name, HELLO[name] ?? '', helloProblem.cases);
      expect(hello.result.errorMessage).toBeNull();
      expect(hello.result.status).toBe(JudgeStatus.ACCEPTED);
      const ok = await submit(name, spec.template, problem.cases);
      expect(ok.result.errorMessage).toBeNull();
      expect(ok.result.status).toBe(JudgeStatus.ACCEPTED);
      const broken = await submit(name, BROKEN[name], problem.cases);
      expect(broken.result.status).toBe(JudgeStatus.COMPILE_ERROR);
      expect(broken.result.errorMessage?.length).toBeGreaterThan(0);
      expect(broken.result.errorMessage).not.toMatch(/judge-boxes/);
    },
  );

  it('an unknown language is a System Error, not an exception', async () => {
    const r = await submit('Brainfuck', '+', problem.cases);
    expect(r.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.result.errorMessage).toMatch(/not available/);
  });

  it('missing test data is a System Error', async () => {
    const r = await submit('C', languages[0].template, [
      { ...problem.cases[0], inputPath: `${problem.dir}/missing.in` },
    ]);
    expect(r.result.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.result.errorMessage).toMatch(/missing test data/);
  });
});
