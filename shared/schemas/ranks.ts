import { z } from 'zod';
import { RANK_LIMITS, RANK_TYPES } from '../constants/ranks';
import { pageQuery, queryBool } from './api';

/**
 * Request schemas of the rank and home page calls at HOJ's paths (docs/architecture.md, Ranks and
 * home page); the message keys are in locales/*.json under `ranks.validation`.
 */
export const RANK_MESSAGES = {
  typeInvalid: 'ranks.validation.typeInvalid',
  searchTooLong: 'ranks.validation.searchTooLong',
} as const;

/** HOJ clients send '' or null for "none". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/get-rank-list: `type` 0 ACM or 1 OI (HOJ requires it); `searchUser` part of a username or nickname. */
export const rankListQuery = pageQuery.extend({
  type: z.coerce
    .number({ error: RANK_MESSAGES.typeInvalid })
    .int(RANK_MESSAGES.typeInvalid)
    .refine((v) => (RANK_TYPES as readonly number[]).includes(v), RANK_MESSAGES.typeInvalid),
  searchUser: z.preprocess(
    blankToUndefined,
    z.string().trim().max(RANK_LIMITS.searchMax, RANK_MESSAGES.searchTooLong).optional(),
  ),
});
export interface RankListQuery {
  currentPage?: number;
  limit?: number;
  type: number;
  searchUser?: string;
}
export type RankListParams = z.output<typeof rankListQuery>;

/** GET /api/get-last-week-submission-statistics: `forceRefresh` counts afresh (root only, as HOJ). */
export const submissionStatisticsQuery = z.object({ forceRefresh: queryBool.optional() });
