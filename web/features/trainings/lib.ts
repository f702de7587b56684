import { TrainingAuth, type TrainingAuthValue } from '@/shared/constants/trainings';

/** Paths of the training screens (HOJ's). */
export const trainingPath = (tid: number, tab?: 'problems' | 'rank') =>
  tab ? `/training/${tid}/${tab}` : `/training/${tid}`;
export const trainingProblemPath = (tid: number, problemId: string) =>
  `/training/${tid}/problem/${encodeURIComponent(problemId)}`;

/** The training id of a route parameter, or 0 when it is not a positive whole number. */
export function readTrainingId(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export const AUTH_LABEL: Record<TrainingAuthValue, string> = {
  [TrainingAuth.PUBLIC]: 'training.page.auth.Public',
  [TrainingAuth.PRIVATE]: 'training.page.auth.Private',
};

/** Solved share in whole percent (0 for an empty training). */
export function percentOf(ac: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((ac / total) * 100));
}
