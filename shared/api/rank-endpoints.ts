import type { RankListQuery } from '../schemas/ranks';
import type { ApiClient } from './client';
import type { AcmRankItem, OiRankItem } from './rank-types';
import type { Page } from './types';

/** The site's ranks at HOJ's path: ACM (`type` 0) and OI (`type` 1), with search and paging. */
export function createRankEndpoints(client: ApiClient) {
  return {
    getAcmRank: (query: Omit<RankListQuery, 'type'>) =>
      client.request<Page<AcmRankItem>>('GET', '/api/get-rank-list', { query: { ...query, type: 0 } }),
    getOiRank: (query: Omit<RankListQuery, 'type'>) =>
      client.request<Page<OiRankItem>>('GET', '/api/get-rank-list', { query: { ...query, type: 1 } }),
  };
}
