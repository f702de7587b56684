import type { RecentProblem, SubmissionStatistics } from '../../../shared/api/home-types';
import { ReadCache } from '../cache/read-cache';
import type { ContestRow } from '../contests/contest-store';

/**
 * The home page's reads, the same for every visitor (docs/architecture.md, Caches of hot reads):
 * - the contests not ended that start soon, 5 s (their status and the server's time are worked
 *   out on every request, so a contest that starts shows as running at once);
 * - the recently updated problems, 60 s, dropped in this process when a problem changes;
 * - the week's submissions per day, 60 s (HOJ: 30 minutes; root may count afresh).
 */
export const HOME_CACHE = { contestsMs: 5_000, problemsMs: 60_000, statisticsMs: 60_000 } as const;

export class HomeCaches {
  readonly contests = new ReadCache<ContestRow[]>({ max: 1, ttlMs: HOME_CACHE.contestsMs });
  readonly problems = new ReadCache<RecentProblem[]>({ max: 1, ttlMs: HOME_CACHE.problemsMs });
  readonly statistics = new ReadCache<SubmissionStatistics>({ max: 1, ttlMs: HOME_CACHE.statisticsMs });
}
