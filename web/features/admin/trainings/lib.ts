/** Paths of the console's training screens. */
export const TRAINING_LIST_PATH = '/admin/training';
export const TRAINING_CATEGORY_PATH = '/admin/training/category';
export const trainingAdminPath = (tid: number, screen: 'edit' | 'problems') =>
  `/admin/training/${tid}/${screen}`;

/** The training id of the route (/admin/training/:tid/...), or null when it is not a positive whole number. */
export function readConsoleTrainingId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}
