import type {
  AdminGroupProblemListQuery,
  ChangeGroupProblemProgressForm,
  GroupProblemDtoForm,
  GroupProblemListQuery,
} from '../schemas/group-problems';
import type { ApiClient } from './client';
import type {
  ApplyPublicProblem,
  GroupAdminProblem,
  GroupProblemListItem,
  GroupTag,
} from './group-problem-types';
import type { AdminProblem, AdminProblemCase, SavedProblem } from './problem-editor-types';
import type { Page } from './types';

/**
 * A group's problems at HOJ's paths (its GroupProblemController), and root's answer to a group's
 * request to publish one (its AdminGroupProblemController). Opening, submitting and listing the
 * group's submissions use the site's calls with `gid` (getProblemDetail, submitProblemJudge,
 * getSubmissionList, getUserProblemStatus).
 */
export function createGroupProblemEndpoints(client: ApiClient) {
  return {
    getGroupProblemList: (query: GroupProblemListQuery) =>
      client.request<Page<GroupProblemListItem>>('GET', '/api/group/get-problem-list', {
        query: { ...query },
      }),
    getGroupAdminProblemList: (query: GroupProblemListQuery) =>
      client.request<Page<GroupAdminProblem>>('GET', '/api/group/get-admin-problem-list', {
        query: { ...query },
      }),
    getGroupProblem: (pid: number) =>
      client.request<AdminProblem>('GET', '/api/group/problem', { query: { pid } }),
    addGroupProblem: (body: GroupProblemDtoForm) =>
      client.request<SavedProblem>('POST', '/api/group/problem', { body }),
    updateGroupProblem: (body: GroupProblemDtoForm) =>
      client.request<SavedProblem>('PUT', '/api/group/problem', { body }),
    deleteGroupProblem: (pid: number) =>
      client.request<null>('DELETE', '/api/group/problem', { query: { pid } }),
    getGroupProblemCases: (pid: number, isUpload?: boolean) =>
      client.request<AdminProblemCase[]>('GET', '/api/group/get-problem-cases', { query: { pid, isUpload } }),
    getGroupProblemTagList: (gid: number) =>
      client.request<GroupTag[]>('GET', '/api/group/get-all-problem-tags', { query: { gid } }),
    groupCompileSpj: (
      body: { code: string; language: string; extraFiles?: Record<string, string> },
      gid: number,
    ) => client.request<null>('POST', '/api/group/compile-spj', { body, query: { gid } }),
    groupCompileInteractive: (
      body: { code: string; language: string; extraFiles?: Record<string, string> },
      gid: number,
    ) => client.request<null>('POST', '/api/group/compile-interactive', { body, query: { gid } }),
    changeGroupProblemAuth: (pid: number, auth: number) =>
      client.request<null>('PUT', '/api/group/change-problem-auth', { query: { pid, auth } }),
    applyGroupProblemPublic: (pid: number, isApplied: boolean) =>
      client.request<null>('PUT', '/api/group/apply-public', { query: { pid, isApplied } }),
    /** the upload path a group's editor posts its zip to (multipart, field `file`) */
    groupTestcaseUploadPath: (gid: number) => `/api/file/upload-testcase-zip?gid=${gid}`,
    adminGetGroupApplyProblemList: (query: AdminGroupProblemListQuery) =>
      client.request<Page<ApplyPublicProblem>>('GET', '/api/admin/group-problem/list', {
        query: { ...query },
        urlType: 'admin',
      }),
    adminChangeGroupProblemApplyProgress: (body: ChangeGroupProblemProgressForm) =>
      client.request<null>('PUT', '/api/admin/group-problem/change-progress', { body, urlType: 'admin' }),
  };
}
