import {
  type InvalidateQueryFilters,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Endpoints } from '@/shared/api/endpoints';
import type { ContestListQuery, ContestSubmissionsQuery } from '@/shared/schemas/contests';
import { api } from '@/web/lib/api';

export const contestKeys = {
  all: ['contests'] as const,
  /** everything of one contest */
  contest: (cid: number) => ['contests', cid] as const,
  list: (query: ContestListQuery) => ['contests', 'list', query] as const,
  info: (cid: number) => ['contests', cid, 'info'] as const,
  access: (cid: number, uid: string) => ['contests', cid, 'access', uid] as const,
  problems: (cid: number, containsEnd: boolean) => ['contests', cid, 'problems', containsEnd] as const,
  problem: (cid: number, displayId: string) => ['contests', cid, 'problem', displayId] as const,
  userStatus: (cid: number, uid: string) => ['contests', cid, 'user-status', uid] as const,
  submissions: (query: ContestSubmissionsQuery) =>
    ['contests', query.contestID, 'submissions', query] as const,
};

/** The parts of a contest a verdict changes; its info, access, clarifications and announcements stay. */
const CHANGED_BY_VERDICT = new Set<unknown>(['problem', 'problems', 'user-status', 'submissions', 'board']);

/** The contest's queries to reload after one of the user's verdicts. */
export const verdictChanges = (cid: number): InvalidateQueryFilters => ({
  queryKey: contestKeys.contest(cid),
  predicate: (query) => CHANGED_BY_VERDICT.has(query.queryKey[2]),
});

/** The list's call; the server makes it too, with its own API, for the page's first render (prefetch.ts). */
export const contestListOptions = (query: ContestListQuery, endpoints: Endpoints = api) =>
  queryOptions({ queryKey: contestKeys.list(query), queryFn: () => endpoints.getContestList(query) });

export function useContestList(query: ContestListQuery) {
  return useQuery({ ...contestListOptions(query), placeholderData: keepPreviousData });
}

/** The contest with the server's clock at the time of the answer (`now`). */
export function useContestInfo(cid: number) {
  return useQuery({
    queryKey: contestKeys.info(cid),
    queryFn: async () => {
      const sent = Date.now();
      const contest = await api.getContestInfo(cid);
      // half the round trip is the best guess of when the server read its clock
      const offsetMs = Date.parse(contest.now) - (sent + Date.now()) / 2;
      return { contest, offsetMs };
    },
    enabled: cid > 0,
  });
}

export function useContestAccess(cid: number, uid: string | null) {
  return useQuery({
    queryKey: contestKeys.access(cid, uid ?? ''),
    queryFn: () => api.getContestAccess(cid),
    enabled: cid > 0 && !!uid,
  });
}

export function useRegisterContest(cid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string | null) => api.registerContest({ cid, password }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contests', cid] }),
  });
}

export function useContestProblems(cid: number, containsEnd: boolean, enabled = true) {
  return useQuery({
    queryKey: contestKeys.problems(cid, containsEnd),
    queryFn: () => api.getContestProblems(cid, containsEnd),
    enabled,
  });
}

export function useContestProblemDetail(cid: number, displayId: string) {
  return useQuery({
    queryKey: contestKeys.problem(cid, displayId),
    queryFn: () => api.getContestProblemDetails(cid, displayId),
  });
}

/** The caller's status per problem of the contest (accepted, tried, or hidden while sealed). */
export function useContestUserStatus(
  cid: number,
  uid: string | null,
  pids: readonly number[],
  containsEnd: boolean,
) {
  return useQuery({
    queryKey: [...contestKeys.userStatus(cid, uid ?? ''), pids, containsEnd],
    queryFn: () =>
      api.getUserProblemStatus({ pidList: [...pids], isContestProblemList: true, cid, containsEnd }),
    enabled: !!uid && pids.length > 0,
    meta: { silent: true },
  });
}

export function useContestSubmissions(query: ContestSubmissionsQuery) {
  return useQuery({
    queryKey: contestKeys.submissions(query),
    queryFn: () => api.getContestSubmissions(query),
    placeholderData: keepPreviousData,
  });
}
