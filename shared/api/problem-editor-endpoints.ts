import type { ProblemDtoForm } from '../schemas/problem-admin';
import type { ApiClient } from './client';
import type {
  AdminProblem,
  AdminProblemCase,
  CodeTemplate,
  SavedProblem,
  StagedUpload,
} from './problem-editor-types';
import type { Page, Problem, Tag } from './types';

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
    /** the zip as multipart field `file` */
    adminUploadTestcaseZip: (form: FormData) =>
      client.request<StagedUpload>('POST', '/api/file/upload-testcase-zip', { body: form }),
  };
}
