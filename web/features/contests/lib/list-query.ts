import { CONTEST_PAGE_SIZE } from '@/shared/constants/contests';
import type { ContestListQuery } from '@/shared/schemas/contests';
import { readInt, readPage } from '@/web/lib/search-params';

/** The contest list's call for a URL query: the screen and the server's first render ask the same. */
export function contestListQueryOf(params: URLSearchParams): ContestListQuery & { currentPage: number } {
  const keyword = params.get('keyword') ?? '';
  return {
    currentPage: readPage(params),
    limit: CONTEST_PAGE_SIZE,
    status: readInt(params, 'status'),
    type: readInt(params, 'type'),
    auth: readInt(params, 'auth'),
    keyword: keyword || undefined,
  };
}
