import type { ChangeProblemAuthForm, ProblemDtoForm } from '../schemas/problem-admin';
import type { ApiClient } from './client';
import type {
  AdminProblem,
  AdminProblemCase,
  CodeTemplate,
  SavedProblem,
  StagedUpload,
} from './problem-editor-types';
import type { Page, Problem, Tag } from './types';

/**
 * HOJ GET /api/file/export-problem?pid=1&pid=2 (root only): the problems as HOJ's zip. A file,
 * so it is fetched as a download (query `{ pid: [ids] }`), not through the JSON client.
 */
export const PROBLEM_EXPORT_PATH = '/api/file/export-problem';

/** The admin console's problem editor, at HOJ's paths. */
export function createProblemEditorEndpoints(client: ApiClient) {
  return {
    adminGetProblemList: (query: { currentPage?: number; limit?: number; keyword?: string; auth?: number }) =>
      client.request<Page<Problem>>('GET', '/api/admin/problem/get-problem-list', { query: { ...query } }),
    adminGetProblem: (pid: number) =>
      client.request<AdminProblem>('GET', '/api/admin/problem', { query: { pid } }),
    adminCreateProblem: (body: ProblemDtoForm) =>
      client.request<SavedProblem>('POST', '/api/admin/problem', { body }),
    adminEditProblem: (body: ProblemDtoForm) =>
      client.request<SavedProblem>('PUT', '/api/admin/problem', { body }),
    adminDeleteProblem: (pid: number) =>
      client.request<null>('DELETE', '/api/admin/problem', { query: { pid } }),
    adminGetProblemCases: (pid: number) =>
      client.request<AdminProblemCase[]>('GET', '/api/admin/problem/get-problem-cases', { query: { pid } }),
    adminGetProblemTags: (pid: number) =>
      client.request<Tag[]>('GET', '/api/get-problem-tags', { query: { pid } }),
    adminGetAllProblemTags: () =>
      client.request<Tag[]>('GET', '/api/get-all-problem-tags', { query: { oj: 'ME' } }),
    adminGetProblemCodeTemplates: (pid: number) =>
      client.request<CodeTemplate[]>('GET', '/api/get-problem-code-template', { query: { pid } }),
    /** a problem made for a contest (kept for contests only); placed with adminUpdateContestProblem */
    adminCreateContestOnlyProblem: (body: ProblemDtoForm) =>
      client.request<SavedProblem>('POST', '/api/admin/contest/problem', { body }),
    /** with `cid`: takes the problem out of that contest; without: deletes it */
    adminDeleteContestOnlyProblem: (pid: number, cid?: number) =>
      client.request<null>('DELETE', '/api/admin/contest/problem', { query: { pid, cid } }),
    /** the zip as multipart field `file` */
    adminUploadTestcaseZip: (form: FormData) =>
      client.request<StagedUpload>('POST', '/api/file/upload-testcase-zip', { body: form }),
    /** the save with the server's message (the editor shows it) */
    adminSaveProblem: (body: ProblemDtoForm, method: 'POST' | 'PUT') =>
      client.requestRaw<SavedProblem>(method, '/api/admin/problem', { body }),
    /** HOJ's visibility switch (1 public, 2 private, 3 contest only), with the server's message */
    adminChangeProblemAuth: (body: ChangeProblemAuthForm) =>
      client.requestRaw<null>('PUT', '/api/admin/problem/change-problem-auth', { body }),
    /** compiles a special judge or an interactor in the judge's sandbox; a failure carries the compiler's words */
    adminCompileChecker: (kind: 'spj' | 'interactive', body: { code: string; language: string }) =>
      client.requestRaw<null>('POST', `/api/admin/problem/compile-${kind}`, { body }),
  };
}
