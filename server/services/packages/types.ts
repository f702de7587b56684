/**
 * What every package parser (Kattis, Polygon, FPS) produces and the writer stores. Parsers read an
 * in-memory PackageFiles (archive.ts) and never touch the disk; the writer puts case data into the
 * content-addressed file store and the rest into the database.
 */
import type { CheckerProtocol } from '../../../judge/types';
import type { Example } from '../../../shared/api/examples';
import type { JudgeCaseMode, JudgeMode } from '../../../shared/api/types';

/** A message for the importer (translated from locales/, section `import`). */
export interface ImportNotice {
  key: string;
  params?: Record<string, string | number>;
}

export interface ParsedCase {
  /** where it came from in the package (data/secret/g1/01), for messages */
  name: string;
  input: Buffer;
  output: Buffer;
  score: number;
  groupNum: number | null;
  /** the file names the case came with (HOJ zips); absent: <seq>.in / <seq>.out */
  inputName?: string;
  outputName?: string;
}

/** Checker or interactor as stored in problem.spj_* and judge_extra_file. */
export interface ParsedProgram {
  protocol: CheckerProtocol;
  /** language name of the judge's language table (C, C++, Python3 ...) */
  language: string;
  code: string;
  /** files next to the source when compiling: name → content */
  extraFiles: Record<string, string>;
}

/** Verdicts an example submission may get (JudgeStatus codes; PE counts as WA). */
export interface ExampleSubmission {
  /** path inside the package (submissions/accepted/a.cpp) */
  path: string;
  /** judge language name, or null when this judge has no such language */
  language: string | null;
  code: string;
  /** what the package says, e.g. "accepted" or "wrong-answer" */
  expectation: string;
  /** acceptable final statuses; empty: not judged (do-not-run) */
  expected: number[];
  /** set when the submission cannot be judged as it is (multi-file program, unknown language) */
  unsupported?: ImportNotice;
}

export interface ParsedProblem {
  /** display id proposed by the package (Kattis short name, Polygon short-name); null: assign P<id> */
  problemId: string | null;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  /** ms and MB */
  timeLimit: number;
  memoryLimit: number;
  /** 0 ACM, 1 OI */
  type: number;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  /** OI total (sum of the maximal scores) */
  ioScore: number;
  /** 0-6, very easy to very hard (DIFFICULTY_LEVELS); packages carry none, so imports use 1 */
  difficulty?: number;
  isRemoveEndBlank: boolean;
  examples: Example[];
  cases: ParsedCase[];
  /** spj checker (judgeMode spj) or interactor (judgeMode interactive) */
  program: ParsedProgram | null;
  /**
   * Polygon interactive problems: the checker run on the interactor's output file. The database
   * keeps one program per problem (the interactor), so only `verdict verify` uses it.
   */
  interactionChecker?: ParsedProgram | null;
  /** Kattis default output validator flags ('' = Kattis comparison without flags); null: HOJ comparison */
  validatorFlags: string | null;
  fileIO: { inputName: string; outputName: string } | null;
  /** allowed languages (judge names); null: all */
  languages: string[] | null;
  tags: string[];
  /** the problem's own code templates by judge language (HOJ zips carry them); absent: none */
  codeTemplates?: { language: string; code: string }[];
  /** files placed next to a contestant's source (HOJ user_extra_file); absent: none */
  userExtraFiles?: Record<string, string> | null;
  /** HOJ switches the other formats lack; absent: on */
  codeShare?: boolean;
  openCaseResult?: boolean;
  submissions: ExampleSubmission[];
  notices: ImportNotice[];
}

/** Site defaults a package may lack (site setting `import`). */
export interface ImportDefaults {
  /** ms; Kattis legacy packages carry no time limit */
  timeLimitMs: number;
  /** MB */
  memoryLimitMb: number;
}
