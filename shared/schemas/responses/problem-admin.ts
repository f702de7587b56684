import { z } from 'zod';

/** Answers of problem administration: package import (docs/architecture.md, Contracts on the wire). */

/** One problem a package import stored. */
export const importedProblem = z.object({
  pid: z.number(),
  problemId: z.string(),
  title: z.string(),
  /** messages for the importer about this problem, in the caller's language */
  notices: z.array(z.string()),
});

/** POST /api/file/import-{kattis,polygon,fps}-problem: the problems stored, in package order. */
export const importResult = z.object({ problems: z.array(importedProblem) });

/** GET and PUT /api/admin/import-config: site defaults a package may lack. */
export const importDefaults = z.object({
  /** ms; Kattis legacy packages carry no time limit */
  timeLimitMs: z.number(),
  /** MB */
  memoryLimitMb: z.number(),
});
