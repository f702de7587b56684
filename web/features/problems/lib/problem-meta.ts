import { parseExamples } from '@/shared/api/examples';
import type { Problem } from '@/shared/api/types';

/**
 * The problem page's machine-readable block (docs/problem-formats.md): the fields of Competitive
 * Companion's problem format, so tools read name, limits and samples the same way in any
 * interface language. Limits are the problem's own (C/C++; other languages get the judge's factor).
 */
export interface ProblemMeta {
  name: string;
  group: string;
  url: string;
  problemId: string;
  interactive: boolean;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  tests: { input: string; output: string }[];
  testType: 'single';
  input: { type: 'stdin' } | { type: 'file'; fileName: string };
  output: { type: 'stdout' } | { type: 'file'; fileName: string };
  languages: { java: { mainClass: string; taskClass: string } };
}

export function problemMeta(problem: Problem, url: string, siteName: string): ProblemMeta {
  const fileIO = problem.isFileIO;
  return {
    name: problem.title,
    group: siteName,
    url,
    problemId: problem.problemId,
    interactive: problem.judgeMode === 'interactive',
    timeLimit: problem.timeLimit,
    memoryLimit: problem.memoryLimit,
    tests: parseExamples(problem.examples).map((e) => ({ input: e.input, output: e.output })),
    testType: 'single',
    input:
      fileIO && problem.ioReadFileName
        ? { type: 'file', fileName: problem.ioReadFileName }
        : { type: 'stdin' },
    output:
      fileIO && problem.ioWriteFileName
        ? { type: 'file', fileName: problem.ioWriteFileName }
        : { type: 'stdout' },
    // the judge compiles Java as class Main (judge/languages.ts)
    languages: { java: { mainClass: 'Main', taskClass: 'Main' } },
  };
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end or change it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
