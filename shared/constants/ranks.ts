/**
 * The site's ranks and the home page (docs/architecture.md, Ranks and home page): HOJ's rank types,
 * page sizes and list lengths, read by the server, the web app and the tests.
 */

/** HOJ's `type` of GET /api/get-rank-list: 0 ACM (problems solved), 1 OI (scores). */
export const RankType = { ACM: 0, OI: 1 } as const;
export type RankTypeValue = (typeof RankType)[keyof typeof RankType];
export const RANK_TYPES: readonly RankTypeValue[] = [RankType.ACM, RankType.OI];

export const RANK_LIMITS = {
  /** a page of the rank (HOJ: 30) */
  pageSize: 30,
  /** the pager's sizes; a client asking for more gets the largest */
  pageSizes: [10, 30, 50, 100],
  maxPageSize: 100,
  /** the search box: part of a username or nickname */
  searchMax: 64,
  /** HOJ cuts the signature a rank row carries to its first 100 characters */
  signatureMax: 100,
  /** the rank's bar chart shows the first page's top users */
  chartUsers: 10,
} as const;

export const HOME_LIMITS = {
  /** the week's leaders on the home page (HOJ: 10) */
  weekLeaders: 10,
  /** HOJ counts problems first solved since midnight this many days ago */
  weekLeaderDays: 7,
  /** recently updated problems (HOJ: 10) */
  recentProblems: 10,
  /** recent contests: those not ended that start within this many days (HOJ: 14) */
  recentContestDays: 14,
  /** the submissions chart: today and the days before it (HOJ: 7 in all) */
  chartDays: 7,
  /** announcements per page on the home page */
  announcements: 5,
} as const;
