import { DIFFICULTY_LEVELS } from '@/shared/constants/problems';

/** The problem list's filters as the URL query keeps them (so a filtered list can be reloaded or shared). */
export interface ProblemListFilters {
  keyword: string;
  /** 0-6, or undefined for every level */
  difficulty: number | undefined;
  /** the problem must carry every one of these tags (HOJ), kept as repeated `tagId` keys */
  tagIds: number[];
}

export function readListFilters(params: URLSearchParams): ProblemListFilters {
  const level = Number.parseInt(params.get('difficulty') ?? '', 10);
  const tagIds = [
    ...new Set(
      params
        .getAll('tagId')
        .map((v) => Number.parseInt(v, 10))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
  return {
    keyword: params.get('keyword') ?? '',
    difficulty: (DIFFICULTY_LEVELS as readonly number[]).includes(level) ? level : undefined,
    tagIds,
  };
}

/** A copy of params with the changed filters; any filter change goes back to the first page. */
export function writeListFilters(
  params: URLSearchParams,
  changes: Partial<ProblemListFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('currentPage');
  if (changes.keyword !== undefined) {
    if (changes.keyword) next.set('keyword', changes.keyword);
    else next.delete('keyword');
  }
  if ('difficulty' in changes) {
    if (changes.difficulty === undefined) next.delete('difficulty');
    else next.set('difficulty', String(changes.difficulty));
  }
  if (changes.tagIds) {
    next.delete('tagId');
    for (const id of changes.tagIds) next.append('tagId', String(id));
  }
  return next;
}

export function hasListFilters(filters: ProblemListFilters): boolean {
  return !!filters.keyword || filters.difficulty !== undefined || filters.tagIds.length > 0;
}
