import type {
  AddContestProblemForm,
  AdminContestListQuery,
  AdminContestProblemListQuery,
  ContestForm,
  ContestListQuery,
  ContestProblemUpdateForm,
  ContestRankForm,
  ContestSubmissionsQuery,
  ContestUpdateForm,
  RegisterContestForm,
} from '../schemas/contests';
import type { ApiClient } from './client';
import type { ContestOutsideInfo, ContestRankRow } from './contest-rank-types';
import type {
  AdminContestListItem,
  AdminContestProblemList,
  AdminContestVO,
  ContestAccess,
  ContestProblem,
  ContestProblemDetail,
  ContestProblemVO,
  ContestVO,
} from './contest-types';
import type { Page, SubmissionListItem } from './types';

/** Contest calls: the participants' ones and the admin ones at HOJ's paths. */
export function createContestEndpoints(client: ApiClient) {
  const admin = 'admin' as const;
  return {
    getContestList: (query: ContestListQuery = {}) =>
      client.request<Page<ContestVO>>('GET', '/api/get-contest-list', { query: { ...query } }),
    getContestInfo: (cid: number) =>
      client.request<ContestVO>('GET', '/api/get-contest-info', { query: { cid } }),
    getContestAccess: (cid: number) =>
      client.request<ContestAccess>('GET', '/api/get-contest-access', { query: { cid } }),
    registerContest: (body: RegisterContestForm) =>
      client.request<null>('POST', '/api/register-contest', { body }),
    getContestProblems: (cid: number, containsEnd = false) =>
      client.request<ContestProblemVO[]>('GET', '/api/get-contest-problem', { query: { cid, containsEnd } }),
    getContestProblemDetails: (cid: number, displayId: string, containsEnd = false) =>
      client.request<ContestProblemDetail>('GET', '/api/get-contest-problem-details', {
        query: { cid, displayId, containsEnd },
      }),
    getContestRank: (body: ContestRankForm) =>
      client.request<Page<ContestRankRow>>('POST', '/api/get-contest-rank', { body }),
    getContestOutsideScoreboard: (body: ContestRankForm) =>
      client.request<Page<ContestRankRow>>('POST', '/api/get-contest-outside-scoreboard', { body }),
    getContestOutsideInfo: (cid: number) =>
      client.request<ContestOutsideInfo>('GET', '/api/get-contest-outsize-info', { query: { cid } }),
    getContestSubmissions: (query: ContestSubmissionsQuery) =>
      client.request<Page<SubmissionListItem>>('GET', '/api/contest-submissions', { query: { ...query } }),
    checkContestSubmissionsStatus: (cid: number, submitIds: number[]) =>
      client.request<Record<string, SubmissionListItem>>('POST', '/api/check-contest-submissions-status', {
        body: { cid, submitIds },
      }),

    adminListContests: (query: AdminContestListQuery = {}) =>
      client.request<Page<AdminContestListItem>>('GET', '/api/admin/contest/get-contest-list', {
        query: { ...query },
        urlType: admin,
      }),
    adminGetContest: (cid: number) =>
      client.request<AdminContestVO>('GET', '/api/admin/contest', { query: { cid }, urlType: admin }),
    adminAddContest: (body: ContestForm) =>
      client.request<AdminContestVO>('POST', '/api/admin/contest', { body, urlType: admin }),
    adminUpdateContest: (body: ContestUpdateForm) =>
      client.request<AdminContestVO>('PUT', '/api/admin/contest', { body, urlType: admin }),
    adminDeleteContest: (cid: number) =>
      client.request<null>('DELETE', '/api/admin/contest', { query: { cid }, urlType: admin }),
    adminChangeContestVisible: (cid: number, visible: boolean, uid?: string) =>
      client.request<null>('PUT', '/api/admin/contest/change-contest-visible', {
        query: { cid, visible, ...(uid ? { uid } : {}) },
        urlType: admin,
      }),
    adminListContestProblems: (query: AdminContestProblemListQuery) =>
      client.request<AdminContestProblemList>('GET', '/api/admin/contest/get-problem-list', {
        query: { ...query },
        urlType: admin,
      }),
    adminAddContestProblemFromPublic: (body: AddContestProblemForm) =>
      client.request<ContestProblem>('POST', '/api/admin/contest/add-problem-from-public', {
        body,
        urlType: admin,
      }),
    adminGetContestProblem: (cid: number, pid: number) =>
      client.request<ContestProblem>('GET', '/api/admin/contest/contest-problem', {
        query: { cid, pid },
        urlType: admin,
      }),
    adminUpdateContestProblem: (body: ContestProblemUpdateForm) =>
      client.request<ContestProblem>('PUT', '/api/admin/contest/contest-problem', { body, urlType: admin }),
    adminRemoveContestProblem: (cid: number, pid: number) =>
      client.request<null>('DELETE', '/api/admin/contest/contest-problem', {
        query: { cid, pid },
        urlType: admin,
      }),
  };
}
