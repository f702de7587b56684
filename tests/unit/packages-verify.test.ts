// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { javaForJudge, matches } from '../../scripts/cli/verify';
import { JudgeStatus as S } from '../../shared/constants/judge-status';

describe('verify: expectations', () => {
  it('accept the listed verdicts, and Partially Accepted when a case got one of them', () => {
    expect(matches([S.ACCEPTED], S.ACCEPTED, [S.ACCEPTED])).toBe(true);
    expect(matches([S.ACCEPTED], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(false);
    expect(matches([S.WRONG_ANSWER], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(true);
    expect(matches([S.TIME_LIMIT_EXCEEDED], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(false);
    expect(matches([S.WRONG_ANSWER], S.RUNTIME_ERROR, [S.RUNTIME_ERROR])).toBe(false);
  });
});

describe('verify: Java programs named after their file (Kattis)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-java-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep their class and get a Main that calls it', () => {
    const source =
      'import java.util.*;\npublic class hello {\n  public static void main(String[] a) {\n    System.out.println("Hello World!");\n  }\n}\n';
    const adapted = javaForJudge(source, 'submissions/accepted/hello.java');
    expect(adapted).toContain('\nclass hello {');
    expect(adapted).toContain('class Main {');
    writeFileSync(join(dir, 'Main.java'), adapted);
    execFileSync('javac', ['-d', dir, join(dir, 'Main.java')]);
    expect(execFileSync('java', ['-cp', dir, 'Main'], { encoding: 'utf8' })).toBe('Hello World!\n');
  });

  it('leave Main and classes not named after the file alone', () => {
    const main = 'public class Main { public static void main(String[] a) {} }';
    expect(javaForJudge(main, 'x/Main.java')).toBe(main);
    const other = 'public class Solver { public static void main(String[] a) {} }';
    expect(javaForJudge(other, 'x/sol.java')).toBe(other);
  });
});
