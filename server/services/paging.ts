import type { Page } from '../../shared/api/types';

export interface PageRequest {
  current: number;
  size: number;
  offset: number;
}

/** The page is forced to at least 1; limits are clamped so a client cannot ask for everything. */
export function pageRequest(
  currentPage: number | undefined,
  limit: number | undefined,
  defaultSize: number,
): PageRequest {
  const current = Math.max(1, Math.floor(currentPage ?? 1) || 1);
  const size = Math.min(300, Math.max(1, Math.floor(limit ?? defaultSize) || defaultSize));
  return { current, size, offset: (current - 1) * size };
}

export function toPage<T>(records: T[], total: number, req: PageRequest): Page<T> {
  return { records, total, size: req.size, current: req.current, pages: Math.ceil(total / req.size) };
}
