import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';
import type {
  AdminTrainingDto,
  AdminTrainingProblemList,
  TrainingProblemRow,
} from '@/shared/api/training-types';
import type { Problem } from '@/shared/api/types';
import { ProblemAuth } from '@/shared/constants/problems';
import { TRAINING_LIMITS } from '@/shared/constants/trainings';
import type {
  AddTrainingProblemForm,
  AdminTrainingProblemListQuery,
  TrainingCategoryForm,
  TrainingDtoForm,
  TrainingProblemUpdateForm,
} from '@/shared/schemas/trainings';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';
import { TRAINING_CATEGORY_PATH, TRAINING_LIST_PATH, trainingAdminPath } from './lib';

/** The training problems screen holds one training's whole list on one page. */
export const TRAINING_PROBLEMS_PAGE_SIZE = TRAINING_LIMITS.problemsMax;

/**
 * Whose trainings the training screens edit and through which calls: the console's (the default) or
 * a group's (web/features/admin/groups/editor-scopes.tsx), provided by the screen that mounts them
 * inside the group. The server checks every call again.
 */
export interface TrainingEditorScope {
  /** the scope's reads are cached under keys that start with it */
  key: readonly unknown[];
  /** what a change of one training makes stale besides it (the scope's lists) */
  listKeys: readonly (readonly unknown[])[];
  /** where Back and Cancel lead */
  listPath: string;
  path(tid: number, screen: 'edit' | 'problems'): string;
  /** where the categories are kept, null when this scope cannot reach them */
  categoryPath: string | null;
  getTraining(tid: number): Promise<AdminTrainingDto>;
  addTraining(body: TrainingDtoForm): Promise<AdminTrainingDto>;
  updateTraining(body: TrainingDtoForm & { training: { id: number } }): Promise<AdminTrainingDto>;
  /** the training's own problems (`queryExisted`), or the public ones it could take */
  listProblems(query: AdminTrainingProblemListQuery): Promise<AdminTrainingProblemList>;
  addFromPublic(body: AddTrainingProblemForm): Promise<TrainingProblemRow>;
  updateProblem(body: TrainingProblemUpdateForm): Promise<TrainingProblemRow>;
  removeProblem(tid: number, pid: number): Promise<null>;
  /** a problem the site leaves out of the training (the row says so) */
  isHidden(problem: Problem): boolean;
  /** a further way to add problems (a group's own), beside "add from the problem list" */
  AddProblems?: ComponentType<{ tid: number }>;
}

/** The console's calls, as its training screens have always made them. */
export const CONSOLE_TRAINING_SCOPE: TrainingEditorScope = {
  key: ['admin', 'trainings'],
  listKeys: [['admin', 'trainings', 'list']],
  listPath: TRAINING_LIST_PATH,
  path: trainingAdminPath,
  categoryPath: TRAINING_CATEGORY_PATH,
  getTraining: (tid) => consoleApi.adminGetTraining(tid),
  addTraining: (body) => consoleApi.adminAddTraining(body),
  updateTraining: (body) => consoleApi.adminUpdateTraining(body),
  listProblems: (query) => consoleApi.adminGetTrainingProblemList(query),
  addFromPublic: (body) => consoleApi.adminAddTrainingProblem(body),
  updateProblem: (body) => consoleApi.adminUpdateTrainingProblem(body),
  removeProblem: (tid, pid) => consoleApi.adminRemoveTrainingProblem(tid, pid),
  isHidden: (problem) => problem.auth !== ProblemAuth.PUBLIC || problem.gid !== null,
};

export const TrainingEditorScopeContext = createContext<TrainingEditorScope>(CONSOLE_TRAINING_SCOPE);

export function useTrainingEditorScope(): TrainingEditorScope {
  return useContext(TrainingEditorScopeContext);
}

const keys = {
  all: ['admin', 'trainings'] as const,
  list: (page: number, keyword: string) => ['admin', 'trainings', 'list', page, keyword] as const,
  training: (scope: TrainingEditorScope, tid: number) => [...scope.key, tid] as const,
  problems: (scope: TrainingEditorScope, tid: number) => [...scope.key, tid, 'problems'] as const,
  candidates: (scope: TrainingEditorScope, tid: number, keyword: string, page: number) =>
    [...scope.key, tid, 'candidates', keyword, page] as const,
};

/**
 * After a change the scope's training screens are read again, and so are the site's training
 * pages (keys under 'trainings'), so an open training tab shows it.
 */
function useRefresh() {
  const client = useQueryClient();
  const scope = useTrainingEditorScope();
  return (tid?: number) => {
    void client.invalidateQueries({ queryKey: tid ? keys.training(scope, tid) : scope.key });
    if (tid) for (const queryKey of scope.listKeys) void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: ['trainings'] });
  };
}

export function useAdminTrainingList(page: number, keyword: string) {
  return useQuery({
    queryKey: keys.list(page, keyword),
    queryFn: () =>
      consoleApi.adminGetTrainingList({
        currentPage: page,
        limit: TRAINING_LIMITS.adminPageSize,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTraining(tid: number | null) {
  const scope = useTrainingEditorScope();
  return useQuery({
    queryKey: keys.training(scope, tid ?? 0),
    enabled: tid !== null,
    queryFn: () => scope.getTraining(tid ?? 0),
    // the form opens on what is stored now, never on an older copy
    staleTime: 0,
    retry: false,
  });
}

export function useSaveTraining() {
  const refresh = useRefresh();
  const scope = useTrainingEditorScope();
  return useMutation({
    mutationFn: (body: TrainingDtoForm) =>
      body.training.id === undefined
        ? scope.addTraining(body)
        : scope.updateTraining({ ...body, training: { ...body.training, id: body.training.id } }),
    onSuccess: (saved) => refresh(saved.training.id),
  });
}

export function useDeleteTraining() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (tid: number) => consoleApi.adminDeleteTraining(tid),
    onSuccess: () => refresh(),
  });
}

export function useChangeTrainingStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ tid, status }: { tid: number; status: boolean }) =>
      consoleApi.adminChangeTrainingStatus(tid, status),
    onSuccess: (_, { tid }) => refresh(tid),
  });
}

/** The training's own problems in its order, with its rows by problem id. */
export function useAdminTrainingProblems(tid: number) {
  const scope = useTrainingEditorScope();
  return useQuery({
    queryKey: keys.problems(scope, tid),
    queryFn: () =>
      scope.listProblems({
        tid,
        queryExisted: true,
        currentPage: 1,
        limit: TRAINING_PROBLEMS_PAGE_SIZE,
      }),
  });
}

/** Public problems the training could take, searched by keyword. */
export function useTrainingCandidates(tid: number, keyword: string, page: number) {
  const scope = useTrainingEditorScope();
  return useQuery({
    queryKey: keys.candidates(scope, tid, keyword, page),
    queryFn: () =>
      scope.listProblems({
        tid,
        queryExisted: false,
        currentPage: page,
        limit: TRAINING_LIMITS.candidatePageSize,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingProblemEdits(tid: number) {
  const refresh = useRefresh();
  const scope = useTrainingEditorScope();
  const done = () => refresh(tid);
  return {
    add: useMutation({
      mutationFn: (body: AddTrainingProblemForm) => scope.addFromPublic(body),
      onSuccess: done,
    }),
    move: useMutation({
      /** several rows renumbered one after another (the server takes one row a call, as HOJ) */
      mutationFn: async (rows: TrainingProblemUpdateForm[]) => {
        for (const row of rows) await scope.updateProblem(row);
      },
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (pid: number) => scope.removeProblem(tid, pid),
      onSuccess: done,
    }),
  };
}

export function useTrainingCategoryEdits() {
  const client = useQueryClient();
  const done = () => {
    void client.invalidateQueries({ queryKey: ['trainings'] });
    void client.invalidateQueries({ queryKey: keys.all });
  };
  return {
    save: useMutation({
      mutationFn: (body: TrainingCategoryForm) =>
        body.id === undefined
          ? consoleApi.adminAddTrainingCategory(body)
          : consoleApi.adminUpdateTrainingCategory({ ...body, id: body.id }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (cid: number) => consoleApi.adminDeleteTrainingCategory(cid),
      onSuccess: done,
    }),
  };
}

/** The categories, the same call and cache as the site's training list. */
export function useTrainingCategoryList() {
  return useQuery({ queryKey: ['trainings', 'categories'], queryFn: () => api.getTrainingCategories() });
}
