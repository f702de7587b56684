import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RankType, type RankTypeValue } from '@/shared/constants/ranks';
import { api } from '@/web/lib/api';

export interface RankPageQuery {
  currentPage: number;
  limit: number;
  searchUser?: string;
}

export const rankKeys = {
  page: (type: RankTypeValue, query: RankPageQuery) => ['ranks', type, query] as const,
};

/** A page of the ACM rank (problems solved). */
export function useAcmRank(query: RankPageQuery, enabled: boolean) {
  return useQuery({
    queryKey: rankKeys.page(RankType.ACM, query),
    queryFn: () => api.getAcmRank(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page of the OI rank (scores). */
export function useOiRank(query: RankPageQuery, enabled: boolean) {
  return useQuery({
    queryKey: rankKeys.page(RankType.OI, query),
    queryFn: () => api.getOiRank(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
