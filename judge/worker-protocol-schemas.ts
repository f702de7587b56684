/**
 * The server's answers to remote judge daemons under /api/judge/* (docs/scaling.md, The judge
 * protocol), as zod schemas: the routes declare them (docs/architecture.md, Contracts on the wire)
 * and worker-protocol.ts infers its wire types from them. Plain schemas only, so what the server
 * returns is what is sent.
 */
import { z } from 'zod';
import { judgeCaseMode, judgeMode } from '../shared/schemas/responses/problems';

/** A test case with its files named by content hash (sha256, hex). */
export const wireCase = z.object({
  /** 1-based position in the problem's case list */
  seq: z.number(),
  /** id of the problem_case row (reported back) */
  caseId: z.number(),
  inputHash: z.string(),
  outputHash: z.string(),
  /** OI score of the case */
  score: z.number(),
  groupNum: z.number().nullable(),
});

/** A program the problem supplies: special judge checker or interactor. */
export const problemProgram = z.object({
  /** checker or interactor protocol (docs/judge.md, Special judge) */
  protocol: z.enum(['testlib', 'hoj', 'kattis']),
  /** language name from the language table (C, C++, Python3 ...) */
  language: z.string(),
  code: z.string(),
  /** files placed next to the source when compiling (testlib.h ...): name → content */
  extraFiles: z.record(z.string(), z.string()),
  /** changes whenever code, language or extra files change: the compiled program is cached by it */
  key: z.string(),
});

/** File IO problems: the program reads inputName and writes outputName in its working directory. */
const fileIO = z.object({ inputName: z.string(), outputName: z.string() });

/** A JudgeTask as it travels: cases reference test data by hash. */
export const wireJudgeTask = z.object({
  submitId: z.number(),
  /** language name exactly as in the language table (C, C++, Python3 ...) */
  language: z.string(),
  code: z.string(),
  /** the problem's limits before any language factor: ms and MB */
  timeLimit: z.number(),
  memoryLimit: z.number(),
  /** MB; defaults to the memory limit */
  stackLimit: z.number().optional(),
  /** 0 ACM, 1 OI (the problem's type, as HOJ) */
  problemType: z.number(),
  ioScore: z.number(),
  difficulty: z.number(),
  judgeMode,
  judgeCaseMode,
  isRemoveEndBlank: z.boolean(),
  cases: z.array(wireCase),
  /** judgeMode 'spj' */
  checker: problemProgram.nullable().optional(),
  /** judgeMode 'interactive' */
  interactor: problemProgram.nullable().optional(),
  /**
   * Kattis default output validator flags for judgeMode 'default' (e.g. "float_tolerance 1e-6
   * case_sensitive space_change_sensitive"; "" = Kattis defaults); null: HOJ's comparison (remove-end-blank / PE rule).
   */
  validatorFlags: z.string().nullable().optional(),
  fileIO: fileIO.nullable().optional(),
  /** files placed next to the contestant's source: name → content */
  userExtraFiles: z.record(z.string(), z.string()).optional(),
});

/** An online test run (HOJ's submit-problem-test-judge): one run on the user's input. */
export const testRunTask = z.object({
  language: z.string(),
  code: z.string(),
  timeLimit: z.number(),
  memoryLimit: z.number(),
  stackLimit: z.number().optional(),
  /** at most 1000 characters (LIMITS.testInputMaxLength); the judge appends a newline */
  input: z.string(),
  /** compared like the problem's output when given; absent: AC when the program ran fine */
  expectedOutput: z.string().nullable(),
  isRemoveEndBlank: z.boolean(),
  fileIO: fileIO.nullable().optional(),
  userExtraFiles: z.record(z.string(), z.string()).optional(),
});

/**
 * Work handed to a worker. Renew the lease at least every leaseMs / 3. A union of two objects:
 * the worker tells a submission from a test run by `kind`, and each carries its own task.
 */
export const workItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('submission'),
    submitId: z.number(),
    attempt: z.number(),
    leaseMs: z.number(),
    task: wireJudgeTask,
  }),
  z.object({
    kind: z.literal('test'),
    testKey: z.string(),
    attempt: z.number(),
    leaseMs: z.number(),
    task: testRunTask,
  }),
]);

/** POST /api/judge/hello: the server accepts the token; renew leases at least every leaseMs / 3. */
export const helloAnswer = z.object({ leaseMs: z.number() });

/** POST /api/judge/claim: the work, or null when none came within the wait. */
export const claimAnswer = workItem.nullable();

/** POST /api/judge/renew: false when the claim was lost (expired and re-claimed, cancelled, rejudged). */
export const renewAnswer = z.object({ held: z.boolean() });

/** POST /api/judge/progress and /api/judge/finish: false when the report was refused. */
export const reportAnswer = z.object({ accepted: z.boolean() });

/*
 * What a judge announces of each language it runs, on hello and on every claim (docs/scaling.md,
 * The judge protocol): what the server needs to offer the language to its users. The server
 * checks it with this schema and keeps it in judge_server.languages.
 */
export const announcedLanguage = z.object({
  /** exactly as stored in submissions; LANGUAGE_NAME_MAX of judge/languages-file.ts */
  name: z.string().trim().min(1).max(64),
  description: z.string().max(200),
  /** CodeMirror mode */
  contentType: z.string().max(100),
  /** the A+B template the editor starts from */
  template: z.string().max(65_536),
  /** the name a source is saved under (downloads keep its extension) */
  sourceFile: z.string().max(100),
  /** the compile command as text, shown to users; "" when nothing is compiled */
  compileCommand: z.string().max(4096),
  timeFactor: z.number().positive().max(20),
  memoryFactor: z.number().positive().max(20),
});
