import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

/** The home page's reads; the server keeps them a few seconds to a minute, so do we. */
const homeKeys = {
  carousel: ['home', 'carousel'] as const,
  contests: ['home', 'recent-contests'] as const,
  leaders: ['home', 'week-leaders'] as const,
  problems: ['home', 'recent-problems'] as const,
  statistics: ['home', 'submission-statistics'] as const,
};

export function useCarousel() {
  return useQuery({
    queryKey: homeKeys.carousel,
    queryFn: () => api.getHomeCarouselImages(),
    staleTime: 5 * 60_000,
  });
}

export function useRecentContests() {
  return useQuery({ queryKey: homeKeys.contests, queryFn: () => api.getRecentContests() });
}

export function useWeekLeaders() {
  return useQuery({ queryKey: homeKeys.leaders, queryFn: () => api.getWeekLeaders(), staleTime: 60_000 });
}

export function useRecentProblems() {
  return useQuery({
    queryKey: homeKeys.problems,
    queryFn: () => api.getRecentUpdatedProblems(),
    staleTime: 60_000,
  });
}

export function useSubmissionStatistics() {
  return useQuery({
    queryKey: homeKeys.statistics,
    queryFn: () => api.getLastWeekSubmissionStatistics(),
    staleTime: 60_000,
  });
}
