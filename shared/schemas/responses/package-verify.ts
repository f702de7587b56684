import { z } from 'zod';
import { judgeMode } from './problems';

/**
 * Answers of the admin console's package verification (docs/problem-formats.md, Verify in the
 * console): a package's example submissions judged by the server, expected against actual.
 */

/** POST /api/admin/problem/verify-package: the job started (or waiting its turn). */
export const verifyStarted = z.object({ verifyId: z.string() });

/** One example submission of the package and what the judge made of it. */
export const verifyResult = z.object({
  /** path inside the package (submissions/accepted/a.cpp) */
  path: z.string(),
  /** judge language; null when the package's language is unknown to this judge */
  language: z.string().nullable(),
  /** the verdicts the package allows (judge status codes) */
  expected: z.array(z.number()),
  /** the final verdict; null when skipped */
  actual: z.number().nullable(),
  score: z.number().nullable(),
  /** ms */
  time: z.number().nullable(),
  state: z.enum(['ok', 'mismatch', 'skipped']),
  /** why it was skipped, in the caller's language */
  reason: z.string().optional(),
  /** the first case that did not pass */
  failedCase: z.object({ seq: z.number(), name: z.string(), message: z.string().nullable() }).optional(),
  /** the first line of the judge's message (a compile error) when no case failed */
  message: z.string().optional(),
});

export const verifyReport = z.object({
  title: z.string(),
  cases: z.number(),
  judgeMode,
  /** ms and MB */
  timeLimit: z.number(),
  memoryLimit: z.number(),
  /** the importer's notices about the package, in the caller's language */
  notices: z.array(z.string()),
  results: z.array(verifyResult),
});

/** GET /api/admin/problem/verify-package?verifyId=: progress, then the report or the failure. */
export const verifyStatus = z.object({
  state: z.enum(['running', 'done', 'failed']),
  /** submissions handled (judged or skipped) of `total` */
  done: z.number(),
  total: z.number(),
  /** verifications ahead of this one while it waits for the judge (absent once it runs) */
  waiting: z.number().optional(),
  report: verifyReport.optional(),
  /** why the job failed, in the caller's language */
  error: z.string().optional(),
});
