import type { ScrollBoardInfoQuery, ScrollBoardSubmissionQuery } from '../schemas/scroll-board';
import type { ApiClient } from './client';
import type { ScrollBoardInfo, ScrollBoardSubmission } from './scroll-board-types';

/** The scroll board's data: an ended, sealed ACM contest. */
export function createScrollBoardEndpoints(client: ApiClient) {
  return {
    getScrollBoardInfo: (query: ScrollBoardInfoQuery) =>
      client.request<ScrollBoardInfo>('GET', '/api/get-contest-scroll-board-info', { query: { ...query } }),
    /** every judged or pending submission of the contest before its end, newest first */
    getScrollBoardSubmissions: (query: ScrollBoardSubmissionQuery) =>
      client.request<ScrollBoardSubmission[]>('GET', '/api/get-contest-scroll-board-submission', {
        query: { ...query },
      }),
  };
}
