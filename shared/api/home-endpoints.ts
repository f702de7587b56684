import type { CarouselImage } from './admin-config-types';
import type { ApiClient } from './client';
import type { ContestVO } from './contest-types';
import type { OtherContest, RecentProblem, SubmissionStatistics } from './home-types';
import type { WeekLeader } from './rank-types';

/** The home page's calls at HOJ's paths (announcements have their own). */
export function createHomeEndpoints(client: ApiClient) {
  return {
    getRecentContests: () => client.request<ContestVO[]>('GET', '/api/get-recent-contest'),
    getRecentOtherContests: () => client.request<OtherContest[]>('GET', '/api/get-recent-other-contest'),
    getWeekLeaders: () => client.request<WeekLeader[]>('GET', '/api/get-recent-seven-ac-rank'),
    getRecentUpdatedProblems: () => client.request<RecentProblem[]>('GET', '/api/get-recent-updated-problem'),
    /** `forceRefresh` counts afresh for root; others get the cached counts */
    getLastWeekSubmissionStatistics: (forceRefresh?: boolean) =>
      client.request<SubmissionStatistics>('GET', '/api/get-last-week-submission-statistics', {
        query: forceRefresh ? { forceRefresh } : {},
      }),
    /** the public list of carousel images (the console uploads them) */
    getHomeCarouselImages: () => client.request<CarouselImage[]>('GET', '/api/home-carousel'),
  };
}
