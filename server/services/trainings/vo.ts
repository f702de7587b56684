import type {
  AdminTraining,
  TrainingCategory,
  TrainingProblemRow,
  TrainingVO,
} from '../../../shared/api/training-types';
import type { TrainingAuthValue } from '../../../shared/constants/trainings';
import { bool } from '../../db/booleans';
import type { TrainingCategoryRow, TrainingRow } from './store';

/** Rows to HOJ's shapes on the wire. */

export function toCategory(row: TrainingCategoryRow): TrainingCategory {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    gid: row.gid,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

/** HOJ TrainingVO: never the password. */
export function toTrainingVO(
  row: TrainingRow,
  category: Pick<TrainingCategoryRow, 'id' | 'name' | 'color'> | null,
  counts: { problemCount: number; acCount: number },
): TrainingVO {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    author: row.author,
    auth: row.auth as TrainingAuthValue,
    rank: row.rank,
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    categoryColor: category?.color ?? null,
    problemCount: counts.problemCount,
    acCount: counts.acCount,
    gid: row.gid,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

/** HOJ Training for the console; the password only when `withPassword` (one training's own answer). */
export function toAdminTraining(row: TrainingRow, withPassword: boolean): AdminTraining {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    author: row.author,
    auth: row.auth as TrainingAuthValue,
    privatePwd: withPassword ? row.private_pwd : null,
    rank: row.rank,
    status: bool(row.status),
    isGroup: bool(row.is_group),
    gid: row.gid,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

export function toTrainingProblemRow(row: {
  id: number;
  tid: number;
  pid: number;
  rank: number;
  display_id: string;
  gmt_create: string;
  gmt_modified: string;
}): TrainingProblemRow {
  return {
    id: row.id,
    tid: row.tid,
    pid: row.pid,
    rank: row.rank,
    displayId: row.display_id,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}
