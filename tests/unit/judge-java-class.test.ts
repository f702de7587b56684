// @vitest-environment node
/**
 * The Java class detector (judge/java-main-class.ts) and its lexer: which file a source is
 * written to and which class runs, comments and literals ignored, names checked, and hostile
 * sources read in one pass.
 */
import { describe, expect, it } from 'vitest';
import { javaTokens, translateUnicodeEscapes } from '../../judge/java-lexer';
import { isUsableJavaName, javaEntryPoint } from '../../judge/java-main-class';
import { findLanguage, JAVA_DEFAULT_CLASS } from '../../judge/languages';
import { specForSource } from '../../judge/source-spec';

const MAIN = 'public static void main(String[] args) {}';
const entry = (code: string) => javaEntryPoint(code);
const picked = (code: string) => {
  const e = entry(code);
  return e.ok ? [e.fileClass, e.runClass] : e.message;
};

describe('the class to run and the file to write', () => {
  it.each([
    ['Main', `public class Main { ${MAIN} }`, ['Main', 'Main']],
    [
      'another public class',
      `import java.util.*;\npublic class Different { ${MAIN} }`,
      ['Different', 'Different'],
    ],
    ['a non-public class (any file name would do)', `class solution { ${MAIN} }`, ['solution', 'solution']],
    [
      'a public helper and main elsewhere',
      `public class Pub {}\nclass Runner { ${MAIN} }`,
      ['Pub', 'Runner'],
    ],
    ['several mains: the public one', `class A { ${MAIN} }\npublic class B { ${MAIN} }`, ['B', 'B']],
    ['several mains, none public: Main', `class A { ${MAIN} }\nclass Main { ${MAIN} }`, ['Main', 'Main']],
    ['a package: run by the qualified name', `package a.b_c;\npublic class P { ${MAIN} }`, ['P', 'a.b_c.P']],
    ['an interface', 'public interface I { static void main(String[] a) {} }', ['I', 'I']],
    ['an enum', `enum E { X, Y; ${MAIN} }`, ['E', 'E']],
    ['a record', `record R(int x) { ${MAIN} }`, ['R', 'R']],
    [
      'modifiers, annotations, generics, varargs',
      '@SuppressWarnings({"a"}) public final class G<T extends Comparable<T>> extends Object implements Runnable {\n' +
        '  public void run() {}\n  static public <U> void main(final String... a) throws Exception {}\n}',
      ['G', 'G'],
    ],
  ])('%s', (_, code, expected) => {
    expect(picked(code)).toEqual(expected);
  });

  it('is not fooled by comments, strings, characters, text blocks or class literals', () => {
    const code = `// public class Wrong { ${MAIN} }
/* public class Block { ${MAIN} } */
/** Javadoc: class Doc { ${MAIN} } */
public class Right {
  static String s = "public class InString { ${MAIN} }";
  static String t = """
      public class InTextBlock { ${MAIN} }
      """;
  static char q = '"';
  static Object o = Wrong.class;
  ${MAIN}
}
// " class Trailing { ${MAIN} }`;
    expect(picked(code)).toEqual(['Right', 'Right']);
  });

  it('reads Unicode escapes as Java does, and leaves escaped backslashes alone', () => {
    expect(picked(`public class \\u0041b { public static void m\\u0061in(String[] a) {} }`)).toEqual([
      'Ab',
      'Ab',
    ]);
    expect(translateUnicodeEscapes('"\\\\u0022"')).toBe('"\\\\u0022"');
    // \u000a ends a line comment, so the class after it is real
    expect(picked(`// comment\\u000apublic class Hidden { ${MAIN} }`)).toEqual(['Hidden', 'Hidden']);
  });

  it('counts only main declared directly in a top-level type, static and void', () => {
    expect(picked(`public class Outer { static class Inner { ${MAIN} } }`)).toMatch(
      /^No class declares public static void main\(String\[\] args\) \(classes found: Outer\)\.$/,
    );
    expect(picked('public class I { public void main(String[] a) {} }')).toMatch(/^No class declares/);
    expect(picked('public class F { static int main(int x) { return x; } }')).toMatch(/^No class declares/);
    expect(picked('public class C { static int x = 1; void main(String[] a) {} }')).toMatch(
      /^No class declares/,
    );
  });

  it('says in plain words when no class can be chosen', () => {
    expect(picked('')).toBe(
      'No class found: the source must declare a class with public static void main(String[] args).',
    );
    expect(picked(`// class Fake { ${MAIN} }\nint x;`)).toMatch(/^No class found/);
    expect(picked(`class A { ${MAIN} }\nclass B { ${MAIN} }`)).toBe(
      'Several classes declare main (A, B): make the one to run public, or name it Main.',
    );
  });

  it('refuses names that cannot become a file name or an argument', () => {
    expect(picked(`public class Ü { ${MAIN} }`)).toMatch(/^The class name "Ü" cannot be used here/);
    expect(picked(`public class ${'A'.repeat(101)} { ${MAIN} }`)).toMatch(/cannot be used here/);
    expect(picked(`package ä.b;\npublic class P { ${MAIN} }`)).toMatch(
      /^The package name "ä\.b" cannot be used/,
    );
    expect(isUsableJavaName('Main')).toBe(true);
    expect(isUsableJavaName('$Dollar_1')).toBe(true);
    for (const bad of ['', '1abc', 'a-b', 'a.b', '../x', 'class', 'record', 'A b', 'x/y'])
      expect(isUsableJavaName(bad)).toBe(false);
  });
});

describe('hostile sources', () => {
  // Each would take far longer than the test's timeout with a backtracking pattern or a rescan
  // per token; one pass reads each in well under it. Results are checked, not times.
  it.each([
    ['unterminated comments', '/*'.repeat(300_000)],
    ['unterminated strings', '"'.repeat(300_000)],
    ['an unterminated text block', `"""${'\\'.repeat(300_000)}`],
    ['line comments', '//x\n'.repeat(200_000)],
    ['backslash runs', `${'\\'.repeat(300_000)}u0041`],
    ['Unicode escapes', '\\u005c'.repeat(300_000)],
    ['modifiers without a class', 'public '.repeat(300_000)],
    ['imports without an end', 'import '.repeat(300_000)],
    ['open parentheses', '('.repeat(300_000)],
    ['nested braces', `${'{'.repeat(200_000)}${'}'.repeat(200_000)}`],
  ])('%s', (_, code) => {
    const e = entry(code);
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.message.length).toBeLessThan(300);
  });

  it('many classes and mains: decided, and the message stays short', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `class C${i} { ${MAIN} }`).join('\n');
    const e = entry(many);
    expect(e.ok).toBe(false);
    if (!e.ok)
      expect(e.message).toMatch(/^Several classes declare main \(C0, C1, C2, C3, C4, … \(10000 in all\)\)/);
    const withMain = `${many}\npublic class Main { ${MAIN} }`;
    expect(picked(withMain)).toEqual(['Main', 'Main']);
  });

  it('the lexer drops comments and literals and keeps words and punctuation', () => {
    const tokens = javaTokens('a /* b */ "c" \'d\' 1_000L e.f(); // g');
    expect(tokens.map((t) => t.text)).toEqual(['a', 'e', '.', 'f', '(', ')', ';']);
  });
});

describe('the Java language entry follows the source', () => {
  it('writes <class>.java and runs the class; other languages are unchanged', async () => {
    const java = await findLanguage('Java');
    if (!java) throw new Error('Java is not detected on this machine (apt-get install default-jdk-headless)');
    expect(java.sourceFile).toBe(`${JAVA_DEFAULT_CLASS}.java`);
    const adapted = specForSource(java, `package p;\npublic class Different { ${MAIN} }`);
    expect(adapted.ok).toBe(true);
    if (!adapted.ok) return;
    expect(adapted.spec.sourceFile).toBe('Different.java');
    expect(adapted.spec.compile?.at(-1)).toBe('Different.java');
    expect(adapted.spec.compile).not.toContain('Main.java');
    expect(adapted.spec.run.at(-1)).toBe('p.Different');
    expect(adapted.spec.run).not.toContain('Main');
    expect(java.run.at(-1)).toBe('Main'); // the table itself is not changed
    expect(specForSource(java, 'int x;')).toEqual({
      ok: false,
      message: 'No class found: the source must declare a class with public static void main(String[] args).',
    });
    const c = await findLanguage('C');
    if (c) expect(specForSource(c, 'class X {}')).toEqual({ ok: true, spec: c });
  });
});
