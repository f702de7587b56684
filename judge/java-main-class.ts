/**
 * Which class a Java submission is compiled as and run as. Users and problem packages name their
 * class freely (Kattis and DOMjudge run whatever class declares main), while javac insists that a
 * public class lives in a file of its own name. The judge therefore reads the source's top-level
 * declarations (comments and literals ignored, see java-lexer.ts) and picks:
 *
 * - the class to run: the one top-level type declaring `static void main(`; among several, the
 *   public one, else the one named Main; none, or several with no way to choose: a Compile Error;
 * - the file name: the public top-level type when there is one (javac requires it), otherwise the
 *   class to run (javac accepts any name for a file without a public type);
 * - a `package` declaration is kept: the class runs under its qualified name, as javac's `-d .`
 *   places it in the package's directory.
 *
 * Every name becomes part of a file name or an argument, so it must be a plain ASCII Java
 * identifier; anything else is refused with a message rather than passed on.
 */
import { type JavaToken, javaTokens } from './java-lexer';

export type JavaEntryPoint =
  | {
      ok: true;
      /** the source is written as `<fileClass>.java` */
      fileClass: string;
      /** what `java` is asked to run: the class, qualified by its package when there is one */
      runClass: string;
    }
  | { ok: false; message: string };

interface TopLevelType {
  name: string;
  isPublic: boolean;
  hasMain: boolean;
}

interface Declarations {
  packageName: string | null;
  types: TopLevelType[];
}

const TYPE_KEYWORDS = new Set(['class', 'interface', 'enum']);

/** Reserved words and literals: never a class name even when they look like one. */
const RESERVED = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else ' +
    'enum extends final finally float for goto if implements import instanceof int interface long ' +
    'native new package private protected public return short static strictfp super switch ' +
    'synchronized this throw throws transient try void volatile while true false null _ var record ' +
    'yield sealed permits'
  ).split(' '),
);

/** Long enough for any real class; keeps `<name>$Inner$1.class` well inside a file name's 255 bytes. */
const MAX_NAME = 100;
/** javac makes one directory per package part inside the box. */
const MAX_PACKAGE = 200;
const ASCII_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function isUsableJavaName(name: string): boolean {
  return name.length <= MAX_NAME && ASCII_IDENTIFIER.test(name) && !RESERVED.has(name);
}

const isWord = (t: JavaToken | undefined, text?: string): boolean =>
  t?.kind === 'word' && (text === undefined || t.text === text);
const isPunct = (t: JavaToken | undefined, text: string): boolean => t?.kind === 'punct' && t.text === text;

/** Index just past the `;` ending the statement that starts at `i` (package, import). */
function statementEnd(tokens: JavaToken[], i: number): number {
  let j = i;
  while (j < tokens.length && !isPunct(tokens[j], ';')) j++;
  return j + 1;
}

/** Whether the type keyword at `i` starts a declaration (not `Foo.class`, not a word used otherwise). */
function declaresType(tokens: JavaToken[], i: number): boolean {
  const t = tokens[i] as JavaToken;
  if (isPunct(tokens[i - 1], '.')) return false;
  if (TYPE_KEYWORDS.has(t.text)) return isWord(tokens[i + 1]);
  // `record` is a keyword only in this position: `record Name(` or `record Name<`
  return (
    t.text === 'record' &&
    isWord(tokens[i + 1]) &&
    (isPunct(tokens[i + 2], '(') || isPunct(tokens[i + 2], '<'))
  );
}

/**
 * The package and the top-level types with their modifiers and whether each declares
 * `static … void main(` directly in its body. One pass over the tokens.
 */
function readDeclarations(tokens: JavaToken[]): Declarations {
  const types: TopLevelType[] = [];
  let packageName: string | null = null;
  let depth = 0;
  let parens = 0;
  // at depth 0: the public modifier of the declaration being read, the type waiting for its body
  let sawPublic = false;
  let pending: TopLevelType | null = null;
  let inBody: TopLevelType | null = null;
  // at depth 1 of a body: whether the member being read is static
  let memberStatic = false;
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as JavaToken;
    if (t.kind === 'punct') {
      if (t.text === '(') parens++;
      else if (t.text === ')') parens = Math.max(0, parens - 1);
      else if (t.text === '{') {
        if (depth === 0 && parens === 0 && pending) {
          inBody = pending;
          pending = null;
          memberStatic = false;
        }
        depth++;
      } else if (t.text === '}') {
        depth = Math.max(0, depth - 1);
        if (depth === 1) memberStatic = false;
        if (depth === 0 && inBody) {
          inBody = null;
          sawPublic = false;
          parens = 0;
        }
      } else if (t.text === ';') {
        if (depth === 0 && parens === 0) {
          sawPublic = false;
          pending = null;
        } else if (depth === 1 && parens === 0) memberStatic = false;
      }
      i++;
      continue;
    }
    if (depth === 0 && parens === 0 && !pending) {
      if (t.text === 'package' || t.text === 'import') {
        const end = statementEnd(tokens, i);
        if (t.text === 'package') {
          packageName = tokens
            .slice(i + 1, end - 1)
            .map((x) => x.text)
            .join('');
        }
        i = end;
        continue;
      }
      if (t.text === 'public') sawPublic = true;
      else if (declaresType(tokens, i)) {
        pending = { name: (tokens[i + 1] as JavaToken).text, isPublic: sawPublic, hasMain: false };
        types.push(pending);
        i += 2;
        continue;
      }
    } else if (depth === 1 && inBody && parens === 0) {
      if (t.text === 'static') memberStatic = true;
      else if (
        t.text === 'main' &&
        memberStatic &&
        isWord(tokens[i - 1], 'void') &&
        isPunct(tokens[i + 1], '(')
      ) {
        inBody.hasMain = true;
      }
    }
    i++;
  }
  return { packageName, types };
}

const MAIN_SIGNATURE = 'public static void main(String[] args)';

/** A name as quoted in a message: a hostile source may hold megabytes of them. */
function shown(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}

function shownList(names: string[]): string {
  const head = names.slice(0, 5).map(shown).join(', ');
  return names.length > 5 ? `${head}, … (${names.length} in all)` : head;
}

/** The class to run among the top-level types, or why none can be chosen. */
function chooseRunClass(types: TopLevelType[]): TopLevelType | string {
  if (types.length === 0) return `No class found: the source must declare a class with ${MAIN_SIGNATURE}.`;
  const mains = types.filter((t) => t.hasMain);
  if (mains.length === 0) {
    return `No class declares ${MAIN_SIGNATURE} (classes found: ${shownList(types.map((t) => t.name))}).`;
  }
  if (mains.length === 1) return mains[0] as TopLevelType;
  const publicMains = mains.filter((t) => t.isPublic);
  if (publicMains.length === 1) return publicMains[0] as TopLevelType;
  const main = mains.find((t) => t.name === 'Main');
  if (main) return main;
  const names = shownList(mains.map((t) => t.name));
  return `Several classes declare main (${names}): make the one to run public, or name it Main.`;
}

export function javaEntryPoint(code: string): JavaEntryPoint {
  const { packageName, types } = readDeclarations(javaTokens(code));
  const run = chooseRunClass(types);
  if (typeof run === 'string') return { ok: false, message: run };
  const file = run.isPublic ? run : (types.find((t) => t.isPublic) ?? run);
  for (const name of new Set([run.name, file.name])) {
    if (!isUsableJavaName(name))
      return {
        ok: false,
        message: `The class name "${shown(name)}" cannot be used here: use ASCII letters, digits, _ and $ (at most ${MAX_NAME} characters).`,
      };
  }
  if (packageName !== null) {
    const parts = packageName.split('.');
    if (!parts.every(isUsableJavaName) || packageName.length > MAX_PACKAGE)
      return {
        ok: false,
        message: `The package name "${shown(packageName)}" cannot be used here: use ASCII letters, digits, _ and $ between dots.`,
      };
  }
  return {
    ok: true,
    fileClass: file.name,
    runClass: packageName ? `${packageName}.${run.name}` : run.name,
  };
}
