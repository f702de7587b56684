import { z } from 'zod';
import { problem } from './problems';

/** Answers of the admin console's problem editor (docs/architecture.md, Contracts on the wire). */

/** HOJ's Problem entity as the editor reads it: the problem with its checker. */
export const adminProblem = problem.extend({
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  /** HOJ's judgeExtraFile: JSON of the files placed next to the checker or interactor */
  judgeExtraFile: z.string().nullable(),
  /** the cases came from a zip: the case list gives file names, not contents */
  isUploadCase: z.boolean(),
  caseVersion: z.string(),
});

/** HOJ ProblemCase, with what the console shows of each case. */
export const adminProblemCase = z.object({
  id: z.number(),
  pid: z.number(),
  /** the file names of the case */
  input: z.string(),
  output: z.string(),
  score: z.number(),
  groupNum: z.number().nullable(),
  status: z.number(),
  inputSize: z.number(),
  outputSize: z.number(),
  /** the first bytes of each file as text */
  inputPreview: z.string(),
  outputPreview: z.string(),
});

/** HOJ CodeTemplate: a problem's own starting code for a language (lid: its place in the language list). */
export const codeTemplate = z.object({
  lid: z.number(),
  pid: z.number(),
  language: z.string(),
  code: z.string(),
  status: z.boolean(),
});

/** POST /api/file/upload-testcase-zip: the cases by file name, and the upload's id to save with. */
export const stagedUpload = z.object({
  fileList: z.array(z.object({ input: z.string(), output: z.string() })),
  fileListDir: z.string(),
});

/** POST and PUT /api/admin/problem: the saved problem (HOJ's contest editor reads `pid`). */
export const savedProblem = z.object({ pid: z.number(), problemId: z.string() });
