import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRAINING_LIMITS } from '@/shared/constants/trainings';
import type {
  AddTrainingProblemForm,
  TrainingCategoryForm,
  TrainingDtoForm,
  TrainingProblemUpdateForm,
} from '@/shared/schemas/trainings';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';

/** The training problems screen holds one training's whole list on one page. */
export const TRAINING_PROBLEMS_PAGE_SIZE = TRAINING_LIMITS.problemsMax;

const keys = {
  all: ['admin', 'trainings'] as const,
  list: (page: number, keyword: string) => ['admin', 'trainings', 'list', page, keyword] as const,
  training: (tid: number) => ['admin', 'trainings', tid] as const,
  problems: (tid: number) => ['admin', 'trainings', tid, 'problems'] as const,
  candidates: (tid: number, keyword: string, page: number) =>
    ['admin', 'trainings', tid, 'candidates', keyword, page] as const,
};

/**
 * After a change the console's training screens are read again, and so are the site's training
 * pages (keys under 'trainings'), so an open training tab shows it.
 */
function useRefresh() {
  const client = useQueryClient();
  return (tid?: number) => {
    void client.invalidateQueries({ queryKey: tid ? keys.training(tid) : keys.all });
    if (tid) void client.invalidateQueries({ queryKey: ['admin', 'trainings', 'list'] });
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
  return useQuery({
    queryKey: keys.training(tid ?? 0),
    enabled: tid !== null,
    queryFn: () => consoleApi.adminGetTraining(tid ?? 0),
    // the form opens on what is stored now, never on an older copy
    staleTime: 0,
    retry: false,
  });
}

export function useSaveTraining() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TrainingDtoForm) =>
      body.training.id === undefined
        ? consoleApi.adminAddTraining(body)
        : consoleApi.adminUpdateTraining({ ...body, training: { ...body.training, id: body.training.id } }),
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
  return useQuery({
    queryKey: keys.problems(tid),
    queryFn: () =>
      consoleApi.adminGetTrainingProblemList({
        tid,
        queryExisted: true,
        currentPage: 1,
        limit: TRAINING_PROBLEMS_PAGE_SIZE,
      }),
  });
}

/** Public problems the training could take, searched by keyword. */
export function useTrainingCandidates(tid: number, keyword: string, page: number) {
  return useQuery({
    queryKey: keys.candidates(tid, keyword, page),
    queryFn: () =>
      consoleApi.adminGetTrainingProblemList({
        tid,
        currentPage: page,
        limit: TRAINING_LIMITS.candidatePageSize,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingProblemEdits(tid: number) {
  const refresh = useRefresh();
  const done = () => refresh(tid);
  return {
    add: useMutation({
      mutationFn: (body: AddTrainingProblemForm) => consoleApi.adminAddTrainingProblem(body),
      onSuccess: done,
    }),
    move: useMutation({
      /** several rows renumbered one after another (the server takes one row a call, as HOJ) */
      mutationFn: async (rows: TrainingProblemUpdateForm[]) => {
        for (const row of rows) await consoleApi.adminUpdateTrainingProblem(row);
      },
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (pid: number) => consoleApi.adminRemoveTrainingProblem(tid, pid),
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
