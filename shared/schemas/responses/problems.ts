import { z } from 'zod';
import { isoTime } from './common';

/** Answers of the problem list and the problem page (docs/architecture.md, Contracts on the wire). */

export const language = z.object({
  id: z.number(),
  name: z.string(),
  /** CodeMirror mime, e.g. text/x-c++src */
  contentType: z.string(),
  description: z.string(),
  compileCommand: z.string(),
  template: z.string(),
  codeTemplate: z.string(),
  isSpj: z.boolean(),
  oj: z.string(),
  seq: z.number(),
});

export const tag = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  oj: z.string().optional(),
  tcid: z.number().nullable().optional(),
});

const countFields = {
  total: z.number(),
  ac: z.number(),
  wa: z.number(),
  ce: z.number(),
  pa: z.number(),
  tle: z.number(),
  mle: z.number(),
  re: z.number(),
  pe: z.number(),
  se: z.number(),
};

export const problemCounts = z.object({ pid: z.number().optional(), ...countFields });

export const problemListItem = z.object({
  pid: z.number(),
  ...countFields,
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number(),
  type: z.number(),
  tags: z.array(tag),
  score: z.number().nullable(),
});

export const judgeMode = z.enum(['default', 'spj', 'interactive']);
export const judgeCaseMode = z.enum([
  'default',
  'subtask_lowest',
  'subtask_average',
  'ergodic_without_error',
]);

export const problem = z.object({
  id: z.number(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  type: z.number(),
  judgeMode,
  judgeCaseMode,
  timeLimit: z.number(),
  memoryLimit: z.number(),
  stackLimit: z.number(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  /** HOJ encoding: `<input>a</input><output>b</output>` repeated; see parseExamples */
  examples: z.string(),
  hint: z.string(),
  source: z.string(),
  difficulty: z.number(),
  auth: z.number(),
  ioScore: z.number(),
  codeShare: z.boolean(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  isRemote: z.boolean(),
  gid: z.number().nullable(),
  userExtraFile: z.string().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** A problem's Markdown fields as sanitised HTML ('' where the field is empty). */
export const statementHtml = z.object({
  description: z.string(),
  input: z.string(),
  output: z.string(),
  hint: z.string(),
  source: z.string(),
});

export const limitFactor = z.object({ time: z.number(), memory: z.number() });

export const problemDetail = z.object({
  problem,
  problemCount: problemCounts,
  tags: z.array(tag),
  languages: z.array(z.string()),
  codeTemplate: z.record(z.string(), z.string()),
  /** the caller's status on this problem (-10 when not tried, or when not logged in) */
  myStatus: z.number(),
  /**
   * Verdict extension: per language of this problem, the factors its time and memory limits are
   * multiplied by (the judge's language table: 1 for C/C++, 2 for the others, as HOJ).
   */
  limitFactors: z.record(z.string(), limitFactor).optional(),
  /**
   * Verdict extension: the statement's Markdown fields rendered on the server (GFM, KaTeX maths)
   * to sanitised HTML, so the web page needs no Markdown code. The Markdown stays in `problem`.
   */
  statementHtml: statementHtml.optional(),
});

/** HOJ TagClassification; type is the kind of tag: 1 algorithm, 2 source, 3 time. */
export const tagClassification = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  oj: z.string(),
  rank: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** One group of GET /api/get-problem-tags-and-classification; classification null: tags in none. */
export const tagGroup = z.object({ classification: tagClassification.nullable(), tagList: z.array(tag) });

/** POST /api/get-user-problem-status: per numeric problem id. */
export const userProblemStatus = z.object({
  /** 0 accepted, -10 never submitted, otherwise the latest verdict (tried) */
  status: z.number(),
  /** the score of that submission (OI problems); null otherwise */
  score: z.number().nullable().optional(),
});

/** A discussion or solution of a problem (HOJ DiscussionVO), as the Explain tab lists them. */
export const discussion = z.object({
  id: z.number(),
  categoryId: z.number().nullable(),
  title: z.string(),
  description: z.string(),
  /** Markdown */
  content: z.string(),
  /** the problem's display id */
  pid: z.string().nullable(),
  uid: z.string(),
  author: z.string(),
  avatar: z.string().nullable(),
  role: z.string(),
  viewNum: z.number(),
  likeNum: z.number(),
  commentNum: z.number(),
  topPriority: z.boolean(),
  status: z.number(),
  gid: z.number().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** A Problem Annex file (the problem's user extra files): name and size in bytes (UTF-8). */
export const problemAnnexFile = z.object({ name: z.string(), size: z.number() });
