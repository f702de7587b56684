import { TrainingAuth } from '../../../shared/constants/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canManageTraining } from '../authz';
import { forbidden, notFound, unauthorized } from '../errors';
import { groupContentRefusal } from '../groups/contests-access';
import { findRegistration, loadAnyTraining, type TrainingRow } from './store';

/**
 * Who may see and enter a training (HOJ's TrainingValidator), in one place: every training call
 * of the site, the problem page's submit with `tid` and the focus-mode list agree.
 *
 * - A hidden training (status 0) exists only for those who may manage it (root, its creator).
 * - A group's training exists only for the group's members and the site's root (403 for others).
 * - A public training is open to everyone, visitors included (HOJ asks for a login; Verdict lets
 *   visitors browse as they browse problems).
 * - A private training shows its introduction to everyone; its problems, rank and submissions are
 *   for those who registered with its password, its creator and root. A registration an admin
 *   banned (status 0) opens nothing.
 */

/**
 * The training, if the caller may know of it (a hidden one only for its managers). A group's
 * training is its group's members' (and the site's root's), read afresh on every call (HOJ's
 * TrainingValidator); its managers are the group's (authz canManageTraining).
 */
export async function loadVisibleTraining(
  db: Db,
  user: CurrentUser | null,
  tid: number,
): Promise<TrainingRow> {
  const training = await loadAnyTraining(db, tid, user);
  const refusal = groupContentRefusal(
    training,
    user,
    'training.notFound',
    'groupContent.trainingMembersOnly',
  );
  if (refusal) throw refusal;
  if (training.status !== 1 && !canManageTraining(user, training)) throw notFound('training.notFound');
  return training;
}

export const isPrivateTraining = (training: TrainingRow) => training.auth === TrainingAuth.PRIVATE;

/** May the caller enter the training (HOJ isInTrainingOrAdmin)? */
export async function hasTrainingAccess(
  db: Db,
  user: CurrentUser | null,
  training: TrainingRow,
): Promise<boolean> {
  if (!isPrivateTraining(training)) return true;
  if (!user) return false;
  if (canManageTraining(user, training)) return true;
  const registration = await findRegistration(db, training.id, user.uid);
  return registration?.status === 1;
}

/** 401, 403 or nothing: HOJ's validateTrainingAuth with its three refusals. */
export async function assertTrainingEnterable(
  db: Db,
  user: CurrentUser | null,
  training: TrainingRow,
): Promise<void> {
  if (!isPrivateTraining(training)) return;
  if (!user) throw unauthorized('training.loginFirst');
  if (canManageTraining(user, training)) return;
  const registration = await findRegistration(db, training.id, user.uid);
  if (!registration) throw forbidden('training.registerFirst');
  if (registration.status !== 1) throw forbidden('training.banned');
}

/** A visible training the caller may enter. */
export async function loadEnterableTraining(
  db: Db,
  user: CurrentUser | null,
  tid: number,
): Promise<TrainingRow> {
  const training = await loadVisibleTraining(db, user, tid);
  await assertTrainingEnterable(db, user, training);
  return training;
}
