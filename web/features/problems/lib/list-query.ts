import type { ProblemListQuery } from '@/shared/api/endpoints';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { readLimit, readPage } from '@/web/lib/search-params';
import { readListFilters } from './list-filters';

/** The page sizes the list offers. */
export const LIMIT_OPTIONS = [...new Set([PAGE_SIZES.problems, ...PAGE_SIZES.pagerOptions])].sort(
  (a, b) => a - b,
);

/** The list's call for a URL query: the screen and the server's first render ask the same. */
export function problemListQueryOf(
  params: URLSearchParams,
): ProblemListQuery & { currentPage: number; limit: number } {
  const filters = readListFilters(params);
  return {
    currentPage: readPage(params),
    limit: readLimit(params, PAGE_SIZES.problems, LIMIT_OPTIONS),
    keyword: filters.keyword || undefined,
    difficulty: filters.difficulty,
    tagId: filters.tagIds.length > 0 ? filters.tagIds : undefined,
  };
}
