/**
 * HOJ's language names (its `language` table, oj "ME") and the judge's, both ways, for the HOJ
 * zip (docs/problem-formats.md, HOJ zip). HOJ has one row per compiler switch ("C++ With O2",
 * "C++ 17"); the judge compiles every C and C++ with -O2 and C++ as gnu++17, so several HOJ names
 * meet in one judge language.
 */
import { LANG } from './common';

const FROM_HOJ: Record<string, string> = {
  C: LANG.C,
  'C With O2': LANG.C,
  'C++': LANG.CPP,
  'C++ With O2': LANG.CPP,
  'C++ 17': LANG.CPP,
  'C++ 17 With O2': LANG.CPP,
  'C++ 14': LANG.CPP14,
  'C++ 14 With O2': LANG.CPP14,
  'C++ 20': LANG.CPP20,
  'C++ 20 With O2': LANG.CPP20,
  Java: LANG.JAVA,
  Python3: LANG.PY3,
  PyPy3: LANG.PYPY3,
  Python2: LANG.PY2,
  PyPy2: LANG.PY2,
  'JavaScript Node': LANG.JS,
  'JavaScript V8': LANG.JS,
  Rust: LANG.RUST,
  Golang: LANG.GO,
  'C#': LANG.CSHARP,
  PHP: LANG.PHP,
  Ruby: LANG.RUBY,
};

const JUDGE_NAMES = new Set<string>(Object.values(LANG));

/** The judge language of a HOJ name (a judge name is taken as it is), or null: no such language here. */
export function judgeLanguageOf(name: string): string | null {
  const trimmed = name.trim();
  return FROM_HOJ[trimmed] ?? (JUDGE_NAMES.has(trimmed) ? trimmed : null);
}

/**
 * The HOJ name of a judge language, or null when HOJ has none by default. HOJ refuses a whole
 * import when one name is not in its table, so only names every current HOJ has are given: plain
 * "C++" (not "C++ 17"), and no Rust. Golang, C#, PHP, Ruby and PyPy3 are read from HOJ zips but
 * not written: not every HOJ site keeps those rows.
 */
const TO_HOJ: Record<string, string> = {
  [LANG.C]: 'C',
  [LANG.CPP]: 'C++',
  [LANG.CPP20]: 'C++ 20',
  [LANG.JAVA]: 'Java',
  [LANG.PY3]: 'Python3',
  [LANG.PY2]: 'Python2',
  [LANG.JS]: 'JavaScript Node',
};

export function hojLanguageOf(judgeName: string): string | null {
  return TO_HOJ[judgeName] ?? null;
}

/** The judge languages HOJ has a name for: an unrestricted problem allows these in HOJ. */
export const HOJ_EXPORTABLE_LANGUAGES: readonly string[] = Object.keys(TO_HOJ);

/**
 * HOJ compiles special judges and interactors only as C or C++ ("SPJ-C", "SPJ-C++"), so a
 * checker in C++ 20 is given to HOJ as C++; the exact language travels in the `verdict` block.
 */
export function hojCheckerLanguageOf(judgeName: string): string {
  if (judgeName === LANG.C) return 'C';
  if (judgeName.startsWith('C++')) return 'C++';
  return hojLanguageOf(judgeName) ?? judgeName;
}
