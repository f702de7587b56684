import { z } from 'zod';
import { dbId } from './db-int';

/** Query flags as HOJ's client sends them: "true"/"false" strings (or 1/0). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

const cid = dbId();

/** HOJ GET /api/file/download-contest-rank; `format` is Verdict's (xlsx by default, or csv). */
export const contestRankDownloadQuery = z.object({
  cid,
  forceRefresh: flag,
  removeStar: flag,
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type ContestRankDownloadParams = z.output<typeof contestRankDownloadQuery>;

/**
 * HOJ GET /api/file/download-contest-ac-submission: every participant's last accepted code, in
 * folders per user or per problem (`splitType` "user" or "problem"), admins' own left out on request.
 */
export const contestAcSubmissionQuery = z.object({
  cid,
  excludeAdmin: flag,
  splitType: z.enum(['user', 'problem']).default('user'),
});
export type ContestAcSubmissionParams = z.output<typeof contestAcSubmissionQuery>;
