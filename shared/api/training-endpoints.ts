import type {
  AddTrainingProblemForm,
  AdminTrainingProblemListQuery,
  RegisterTrainingForm,
  TrainingCategoryForm,
  TrainingDtoForm,
  TrainingListQuery,
  TrainingProblemUpdateForm,
  TrainingRankQuery,
} from '../schemas/trainings';
import type { ApiClient } from './client';
import type {
  AdminTraining,
  AdminTrainingDto,
  AdminTrainingProblemList,
  FullScreenProblem,
  TrainingAccess,
  TrainingCategory,
  TrainingDetail,
  TrainingProblemItem,
  TrainingProblemRow,
  TrainingRankItem,
  TrainingVO,
} from './training-types';
import type { Page } from './types';

/** Trainings at HOJ's paths: categories, list, detail, problems, registration, access, rank, focus-mode list. */
export function createTrainingEndpoints(client: ApiClient) {
  return {
    getTrainingCategories: () => client.request<TrainingCategory[]>('GET', '/api/get-training-category'),
    getTrainingList: (query: TrainingListQuery) =>
      client.request<Page<TrainingVO>>('GET', '/api/get-training-list', { query: { ...query } }),
    getTrainingDetail: (tid: number) =>
      client.request<TrainingDetail>('GET', '/api/get-training-detail', { query: { tid } }),
    getTrainingProblemList: (tid: number) =>
      client.request<TrainingProblemItem[]>('GET', '/api/get-training-problem-list', { query: { tid } }),
    registerTraining: (body: RegisterTrainingForm) =>
      client.request<null>('POST', '/api/register-training', { body }),
    getTrainingAccess: (tid: number) =>
      client.request<TrainingAccess>('GET', '/api/get-training-access', { query: { tid } }),
    getTrainingRank: (query: TrainingRankQuery) =>
      client.request<Page<TrainingRankItem>>('GET', '/api/get-training-rank', { query: { ...query } }),
    /** a training's (`tid`) or a contest's (`cid`) problems with the caller's verdicts */
    getFullScreenProblemList: (query: { tid?: number; cid?: number }) =>
      client.request<FullScreenProblem[]>('GET', '/api/get-full-screen-problem-list', {
        query: { ...query },
      }),
  };
}

/** The admin console's training calls (HOJ's /api/admin/training*). */
export function createTrainingAdminEndpoints(client: ApiClient) {
  const admin = { urlType: 'admin' } as const;
  return {
    adminGetTrainingList: (query: { currentPage?: number; limit?: number; keyword?: string }) =>
      client.request<Page<AdminTraining>>('GET', '/api/admin/training/get-training-list', {
        query: { ...query },
        ...admin,
      }),
    adminGetTraining: (tid: number) =>
      client.request<AdminTrainingDto>('GET', '/api/admin/training', { query: { tid }, ...admin }),
    adminAddTraining: (body: TrainingDtoForm) =>
      client.request<AdminTrainingDto>('POST', '/api/admin/training', { body, ...admin }),
    adminUpdateTraining: (body: TrainingDtoForm & { training: { id: number } }) =>
      client.request<AdminTrainingDto>('PUT', '/api/admin/training', { body, ...admin }),
    adminDeleteTraining: (tid: number) =>
      client.request<null>('DELETE', '/api/admin/training', { query: { tid }, ...admin }),
    adminChangeTrainingStatus: (tid: number, status: boolean, author?: string) =>
      client.request<null>('PUT', '/api/admin/training/change-training-status', {
        query: { tid, status, author },
        ...admin,
      }),
    adminGetTrainingProblemList: (query: AdminTrainingProblemListQuery) =>
      client.request<AdminTrainingProblemList>('GET', '/api/admin/training/get-problem-list', {
        query: { ...query },
        ...admin,
      }),
    adminAddTrainingProblem: (body: AddTrainingProblemForm) =>
      client.request<TrainingProblemRow>('POST', '/api/admin/training/add-problem-from-public', {
        body,
        ...admin,
      }),
    adminUpdateTrainingProblem: (body: TrainingProblemUpdateForm) =>
      client.request<TrainingProblemRow>('PUT', '/api/admin/training/problem', { body, ...admin }),
    adminRemoveTrainingProblem: (tid: number, pid: number) =>
      client.request<null>('DELETE', '/api/admin/training/problem', { query: { tid, pid }, ...admin }),
    adminAddTrainingCategory: (body: TrainingCategoryForm) =>
      client.request<TrainingCategory>('POST', '/api/admin/training/category', { body, ...admin }),
    adminUpdateTrainingCategory: (body: TrainingCategoryForm & { id: number }) =>
      client.request<TrainingCategory>('PUT', '/api/admin/training/category', { body, ...admin }),
    adminDeleteTrainingCategory: (cid: number) =>
      client.request<null>('DELETE', '/api/admin/training/category', { query: { cid }, ...admin }),
  };
}
