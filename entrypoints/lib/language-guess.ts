/**
 * Guesses the submit language from the code, among the languages the problem allows. Simple
 * markers, most specific first: `#include` → C++ (C when only C is allowed or the code looks
 * like C), `public class` / `static void main` → Java, `def` / `print(` / `import x` → Python3.
 * Null when nothing fits; the user can always choose another.
 */
export function guessLanguage(code: string, allowed: readonly string[]): string | null {
  const pick = (...names: string[]) => names.find((n) => allowed.includes(n)) ?? null;
  const text = code.replace(/\r\n/g, '\n');
  if (/^\s*#\s*include\b/m.test(text)) {
    const looksLikeC =
      /#\s*include\s*<stdio\.h>/.test(text) &&
      !/\b(std::|using\s+namespace|cin|cout|iostream|bits\/stdc\+\+)/.test(text);
    return looksLikeC ? pick('C', 'C++', 'C++ 20') : pick('C++', 'C++ 20', 'C');
  }
  if (/\bpublic\s+class\b|\bstatic\s+void\s+main\s*\(/.test(text)) return pick('Java');
  if (/\bfn\s+main\s*\(/.test(text)) return pick('Rust');
  if (/^\s*package\s+main\b/m.test(text)) return pick('Go');
  if (/^\s*def\s+\w+\s*\(|\bprint\s*\(|^\s*(import|from)\s+\w+/m.test(text))
    return pick('Python3', 'PyPy3', 'Python2');
  if (/^\s*print\s+[^(]/m.test(text)) return pick('Python2', 'Python3');
  if (/\b(console\.log|require\s*\(|process\.stdin)\b/.test(text))
    return pick('JavaScript (Node)', 'JavaScript');
  return null;
}
