import { z } from 'zod';

/**
 * Request schemas of the HOJ endpoints (query strings and bodies), shared by the server's routes
 * and by tests. HOJ clients send booleans and numbers in query strings as text.
 */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

const optionalInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().optional(),
);

export const pageQuery = z.object({
  currentPage: optionalInt,
  limit: optionalInt,
});

export const problemListQuery = pageQuery.extend({
  keyword: z.string().max(255).optional(),
  difficulty: optionalInt,
});

export const problemDetailQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  gid: optionalInt,
});

export const submissionListQuery = pageQuery.extend({
  onlyMine: queryBool.optional(),
  status: optionalInt,
  problemID: z.string().max(255).optional(),
  username: z.string().max(255).optional(),
  completeProblemID: queryBool.optional(),
  gid: optionalInt,
});

export const submitIdQuery = z.object({
  submitId: z.coerce.number().int().positive(),
});

export const checkStatusBody = z.object({
  submitIds: z.array(z.coerce.number().int().positive()).max(100),
  cid: optionalInt,
});

export const languagesQuery = z.object({
  pid: optionalInt,
  all: queryBool.optional(),
});

/** What a client sends (numbers and booleans as such; the schemas also accept them as text). */
export interface ProblemListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  difficulty?: number;
}
export interface SubmissionListQuery {
  currentPage?: number;
  limit?: number;
  onlyMine?: boolean;
  status?: number;
  problemID?: string;
  username?: string;
  completeProblemID?: boolean;
  gid?: number;
}
/** What the server works with after parsing. */
export type ProblemListParams = z.output<typeof problemListQuery>;
export type SubmissionListParams = z.output<typeof submissionListQuery>;
