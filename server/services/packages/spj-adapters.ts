/**
 * Special judges written for other judges' calling conventions, kept verbatim and wrapped by a
 * small C or C++ adapter that presents them to the judge as testlib-protocol checkers
 * (`checker input output answer`; exit 0 = AC, 1 = WA, 3 = the checker failed), so the judge
 * needs no protocol per foreign judge (docs/problem-formats.md, Special judges of other judges).
 *
 * - HUSTOJ (FPS <spj>, Hydro `checker_type: hustoj`): `spj input answer output`, exit 0 = accepted,
 *   anything else wrong.
 * - QDUOJ (problem.json `spj`, Hydro `checker_type: qduoj`): `spj input output` with no answer file,
 *   exit 0 = accepted, 1 = wrong, anything else an error of the checker.
 */
import { LANG } from './common';
import type { ParsedProgram } from './types';

export type SpjConvention = 'hustoj' | 'qduoj';

interface Convention {
  /** the foreign judge's argv after argv[0], from the testlib order (input, output, answer) */
  args: readonly ('argv[1]' | 'argv[2]' | 'argv[3]')[];
  /** the adapter's exit code for the foreign one in `rc` */
  exit: string;
  what: string;
}

const CONVENTIONS: Record<SpjConvention, Convention> = {
  hustoj: {
    args: ['argv[1]', 'argv[3]', 'argv[2]'],
    exit: 'rc == 0 ? 0 : 1',
    what: 'HUSTOJ special judge (spj input answer output; exit 0 = accepted)',
  },
  qduoj: {
    args: ['argv[1]', 'argv[2]'],
    exit: 'rc == 0 ? 0 : rc == 1 ? 1 : 3',
    what: 'QDUOJ special judge (spj input output; exit 0 = accepted, 1 = wrong)',
  },
};

function cppAdapter(c: Convention, file: string): string {
  const argv = ['argv[0]', ...c.args, 'nullptr'].join(', ');
  return `// Verdict: runs the ${c.what}
// as a testlib-protocol checker (checker input output answer; exit 0 = AC, 1 = WA, 3 = failed).
#define main foreign_spj_main
#include "${file}"
#undef main
static int verdict_call(int (*f)(int, char **), int c, char **v) { return f(c, v); }
static int verdict_call(int (*f)(int, const char **), int c, char **v) { return f(c, const_cast<const char **>(v)); }
static int verdict_call(int (*f)(int, char **, char **), int c, char **v) { return f(c, v, nullptr); }
static int verdict_call(int (*f)(), int, char **) { return f(); }
static int verdict_call(void (*f)(int, char **), int c, char **v) { f(c, v); return 0; }
int main(int argc, char *argv[]) {
  if (argc < 4) return 3;
  char *args[] = {${argv}};
  int rc = verdict_call(foreign_spj_main, ${c.args.length + 1}, args);
  return ${c.exit};
}
`;
}

function cAdapter(c: Convention, file: string): string {
  const n = c.args.length + 1;
  const assign = ['argv[0]', ...c.args, '0'].map((v, i) => `  args[${i}] = ${v};`).join('\n');
  return `/* Verdict: runs the ${c.what}
   as a testlib-protocol checker (checker input output answer; exit 0 = AC, 1 = WA, 3 = failed). */
#define main foreign_spj_main
#include "${file}"
#undef main
int main(int argc, char *argv[]) {
  char *args[${n + 1}];
  int rc;
  if (argc < 4) return 3;
${assign}
  rc = foreign_spj_main(${n}, args);
  return ${c.exit};
}
`;
}

/** C or C++ by a language name other judges write (C, C++, cpp, g++ ...); null: neither. */
export function spjLanguage(name: string | undefined): string | null {
  const l = (name ?? 'C++').trim().toLowerCase();
  if (l === 'c' || l === 'gcc') return LANG.C;
  if (['c++', 'cpp', 'cc', 'g++', 'cxx'].includes(l) || /^c\+\+\s*\d+$/.test(l)) return LANG.CPP;
  return null;
}

/** The foreign special judge `code` in `language` (LANG.C or LANG.CPP) as a testlib-protocol checker. */
export function wrapSpj(convention: SpjConvention, language: string, code: string): ParsedProgram {
  const c = CONVENTIONS[convention];
  const isC = language === LANG.C;
  const file = `${convention}_spj.${isC ? 'c' : 'cpp'}`;
  return {
    protocol: 'testlib',
    language,
    code: isC ? cAdapter(c, file) : cppAdapter(c, file),
    extraFiles: { [file]: code },
  };
}
