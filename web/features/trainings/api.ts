import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingListQuery, TrainingRankQuery } from '@/shared/schemas/trainings';
import { api } from '@/web/lib/api';

/**
 * Query keys of the training screens. Everything about one training lives under
 * `['trainings', tid]`, so a registration or a verdict reloads its detail, problems and rank at
 * once; the caller's uid is in the keys whose answers depend on who asks.
 */
export const trainingKeys = {
  all: ['trainings'] as const,
  categories: ['trainings', 'categories'] as const,
  list: (query: TrainingListQuery, uid: string) => ['trainings', 'list', query, uid] as const,
  training: (tid: number) => ['trainings', tid] as const,
  detail: (tid: number, uid: string) => ['trainings', tid, 'detail', uid] as const,
  access: (tid: number, uid: string) => ['trainings', tid, 'access', uid] as const,
  problems: (tid: number, uid: string) => ['trainings', tid, 'problems', uid] as const,
  marks: (tid: number, uid: string, pids: readonly number[]) =>
    ['trainings', tid, 'marks', uid, pids] as const,
  focus: (tid: number, uid: string) => ['trainings', tid, 'focus', uid] as const,
  rank: (query: TrainingRankQuery, uid: string) => ['trainings', query.tid, 'rank', query, uid] as const,
};

/** The categories change rarely: fetched once a session unless an admin edits them. */
export function useTrainingCategories() {
  return useQuery({
    queryKey: trainingKeys.categories,
    queryFn: () => api.getTrainingCategories(),
    staleTime: 5 * 60_000,
  });
}

export function useTrainingList(query: TrainingListQuery, uid: string) {
  return useQuery({
    queryKey: trainingKeys.list(query, uid),
    queryFn: () => api.getTrainingList(query),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingDetail(tid: number, uid: string) {
  return useQuery({
    queryKey: trainingKeys.detail(tid, uid),
    queryFn: () => api.getTrainingDetail(tid),
    enabled: tid > 0,
    retry: false,
  });
}

/** Whether a logged-in caller may enter (visitors: only public trainings, decided from the detail). */
export function useTrainingAccess(tid: number, uid: string | null) {
  return useQuery({
    queryKey: trainingKeys.access(tid, uid ?? ''),
    queryFn: () => api.getTrainingAccess(tid),
    enabled: tid > 0 && !!uid,
    retry: false,
  });
}

export function useTrainingProblems(tid: number, uid: string, enabled: boolean) {
  return useQuery({
    queryKey: trainingKeys.problems(tid, uid),
    queryFn: () => api.getTrainingProblemList(tid),
    enabled: tid > 0 && enabled,
    retry: false,
  });
}

/** The caller's marks on the training's problems (none for visitors). */
export function useTrainingMarks(tid: number, uid: string | null, pids: readonly number[]) {
  return useQuery({
    queryKey: trainingKeys.marks(tid, uid ?? '', pids),
    queryFn: () => api.getUserProblemStatus({ pidList: [...pids], isContestProblemList: false }),
    enabled: !!uid && pids.length > 0,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** The training's problems with the caller's verdicts, for the problem page's switcher (HOJ's focus-mode list). */
export function useTrainingFocusList(tid: number, uid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: trainingKeys.focus(tid, uid ?? ''),
    queryFn: () => api.getFullScreenProblemList({ tid }),
    enabled: tid > 0 && !!uid && enabled,
    retry: false,
    meta: { silent: true },
  });
}

export function useTrainingRank(query: TrainingRankQuery, uid: string, enabled: boolean) {
  return useQuery({
    queryKey: trainingKeys.rank(query, uid),
    queryFn: () => api.getTrainingRank(query),
    enabled: query.tid > 0 && enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Entering a private training with its password; everything about it is read again after. */
export function useRegisterTraining(tid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.registerTraining({ tid, password }),
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKeys.training(tid) }),
  });
}
