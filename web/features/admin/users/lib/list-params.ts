import { Role } from '@/shared/constants/roles';
import type { UserListQuery } from '@/shared/schemas/user-admin';
import { readPage } from '@/web/lib/search-params';

/** The list's filters as the URL keeps them: a keyword and one of all users, staff only, or one role. */
export const STAFF_FILTER = 'staff';
export const ALL_FILTER = 'all';

export interface UserFilters {
  currentPage: number;
  keyword: string;
  /** ALL_FILTER, STAFF_FILTER or a role id as text */
  who: string;
}

const ROLE_IDS = new Set<string>(Object.values(Role).map(String));

export function readUserFilters(params: URLSearchParams): UserFilters {
  const role = params.get('role') ?? '';
  const who = params.get('onlyAdmin') === 'true' ? STAFF_FILTER : ROLE_IDS.has(role) ? role : ALL_FILTER;
  return { currentPage: readPage(params), keyword: params.get('keyword') ?? '', who };
}

/** The URL's keys for a filter choice (HOJ's parameter names, as the server reads them). */
export function whoParams(who: string): { role: string | null; onlyAdmin: string | null } {
  if (who === STAFF_FILTER) return { role: null, onlyAdmin: 'true' };
  return { role: ROLE_IDS.has(who) ? who : null, onlyAdmin: null };
}

export function listQuery(filters: UserFilters, limit: number): UserListQuery {
  const { role, onlyAdmin } = whoParams(filters.who);
  return {
    currentPage: filters.currentPage,
    limit,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(role ? { role: Number(role) } : {}),
    ...(onlyAdmin ? { onlyAdmin: true } : {}),
  };
}
