import type {
  AdminTraining,
  AdminTrainingDto,
  AdminTrainingProblemList,
  TrainingProblemRow,
  TrainingVO,
} from '../../../shared/api/training-types';
import type { Page } from '../../../shared/api/types';
import type {
  GroupContentListParams,
  GroupTrainingCreateParams,
  GroupTrainingProblemFromGroupForm,
} from '../../../shared/schemas/group-content';
import type {
  AddTrainingProblemForm,
  AdminTrainingProblemListParams,
  TrainingProblemUpdateForm,
  TrainingUpdateParams,
} from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { notFound } from '../errors';
import {
  adminAddTraining,
  adminChangeTrainingStatus,
  adminDeleteTraining,
  adminGetTraining,
  adminUpdateTraining,
  loadManagedTraining,
  pageAdminTrainings,
} from '../trainings/admin';
import {
  addTrainingProblem,
  linkTrainingProblem,
  listAdminTrainingProblems,
  removeTrainingProblem,
  updateTrainingProblem,
} from '../trainings/admin-problems';
import { listTrainings } from '../trainings/queries';
import { assertGroupRole } from './contests-access';

/**
 * A group's trainings at HOJ's paths (/api/group/*training*; HOJ's GroupTrainingManager and
 * GroupTrainingProblemManager), through the site's training services in their `group` scope:
 * members list the visible ones, group admins list all and create; one training is managed by the
 * site's root, the group's roots and its author while a group admin (authz canManageTraining).
 * Membership is read on every call.
 */

/** GET /api/group/get-training-list: the group's visible trainings, for its members. */
export async function listGroupTrainings(
  db: Db,
  user: CurrentUser,
  query: GroupContentListParams,
): Promise<Page<TrainingVO>> {
  await assertGroupRole(db, query.gid, user, 'member');
  return listTrainings(db, user, { currentPage: query.currentPage, limit: query.limit }, query.gid);
}

/** GET /api/group/get-admin-training-list: every training of the group (hidden ones too), for its admins. */
export async function listGroupAdminTrainings(
  db: Db,
  user: CurrentUser,
  query: GroupContentListParams,
): Promise<Page<AdminTraining>> {
  await assertGroupRole(db, query.gid, user, 'admin');
  return pageAdminTrainings(db, query, query.gid);
}

/** GET /api/group/training: one training with its password and category, for its managers. */
export function getGroupTraining(db: Db, user: CurrentUser, tid: number): Promise<AdminTrainingDto> {
  return adminGetTraining(db, user, tid, 'group');
}

/** POST /api/group/training: a group admin makes a training of the group (its author: the caller). */
export async function addGroupTraining(
  db: Db,
  user: CurrentUser,
  body: GroupTrainingCreateParams,
): Promise<AdminTrainingDto> {
  const { gid, ...training } = body.training;
  await assertGroupRole(db, gid, user, 'admin');
  return adminAddTraining(db, user, { training, trainingCategory: body.trainingCategory }, gid);
}

/** PUT /api/group/training: its managers change it (a `gid` in the body is ignored: it stays in its group). */
export function updateGroupTraining(
  db: Db,
  user: CurrentUser,
  body: TrainingUpdateParams,
): Promise<AdminTrainingDto> {
  return adminUpdateTraining(db, user, body, 'group');
}

/** DELETE /api/group/training: its managers delete it, with its problem rows, registrations and records. */
export function deleteGroupTraining(db: Db, user: CurrentUser, tid: number): Promise<void> {
  return adminDeleteTraining(db, user, tid, 'group');
}

/** PUT /api/group/change-training-status: shows or hides it in the group. */
export function changeGroupTrainingStatus(
  db: Db,
  user: CurrentUser,
  tid: number,
  status: boolean,
): Promise<void> {
  return adminChangeTrainingStatus(db, user, tid, status, 'group');
}

/** GET /api/group/get-training-problem-list: its problems (HOJ's default), or the public ones it could add. */
export function listGroupTrainingProblems(
  db: Db,
  user: CurrentUser,
  query: AdminTrainingProblemListParams,
): Promise<AdminTrainingProblemList> {
  return listAdminTrainingProblems(db, user, query, 'group');
}

/** PUT /api/group/training-problem: a problem's place in the training. */
export function updateGroupTrainingProblem(
  db: Db,
  user: CurrentUser,
  body: TrainingProblemUpdateForm,
): Promise<TrainingProblemRow> {
  return updateTrainingProblem(db, user, body, 'group');
}

/** DELETE /api/group/training-problem: takes a problem out of the training (the problem stays). */
export function removeGroupTrainingProblem(
  db: Db,
  user: CurrentUser,
  tid: number,
  pid: number,
): Promise<void> {
  return removeTrainingProblem(db, user, tid, pid, 'group');
}

/** POST /api/group/add-training-problem-from-public: a problem open to everyone joins the training. */
export function addGroupTrainingProblemFromPublic(
  db: Db,
  user: CurrentUser,
  body: AddTrainingProblemForm,
): Promise<TrainingProblemRow> {
  return addTrainingProblem(db, user, body, 'group');
}

/**
 * POST /api/group/add-training-problem-from-group (HOJ): a problem of the training's own group, by its
 * display id, joins the training under that id. A problem of another group, or of the site, is not one
 * (404 with HOJ's words): a group's training never holds another group's problem.
 */
export async function addGroupTrainingProblemFromGroup(
  db: Db,
  user: CurrentUser,
  query: GroupTrainingProblemFromGroupForm,
): Promise<TrainingProblemRow> {
  const training = await loadManagedTraining(db, user, query.tid, 'group');
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id', 'gid'])
    .where('problem_id', '=', query.problemId)
    .executeTakeFirst();
  if (!problem || problem.gid === null || problem.gid !== training.gid) {
    throw notFound('groupContent.problemNotInGroup');
  }
  return linkTrainingProblem(db, training, problem);
}
