import type { RegisterTrainingForm } from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { passwordMatches } from '../contests/password';
import { badRequest } from '../errors';
import { isPrivateTraining, loadVisibleTraining } from './access';
import { countTrainingPasswordTry, forgetTrainingPasswordTries } from './password-tries';
import { syncRecordsOfUser } from './records';
import { findRegistration } from './store';

/**
 * POST /api/register-training (HOJ): enters a private training with its password, in HOJ's order:
 * the training, the password (wrong ones limited per user and training, password-tries.ts), then
 * a second registration is refused. The user's earlier accepted submissions of its problems join
 * its rank at once (HOJ).
 */
export async function registerTraining(db: Db, user: CurrentUser, body: RegisterTrainingForm): Promise<void> {
  const training = await loadVisibleTraining(db, user, body.tid);
  if (!isPrivateTraining(training)) throw badRequest('training.notPrivate');
  // counted before the comparison, so a burst of guesses cannot outrun the count
  const wait = await countTrainingPasswordTry(db, training.id, user.uid);
  if (!passwordMatches(body.password, training.private_pwd)) {
    throw wait > 0
      ? badRequest('training.wrongPasswordWait', { seconds: wait })
      : badRequest('training.wrongPassword');
  }
  await forgetTrainingPasswordTries(db, training.id, user.uid);
  if (await findRegistration(db, training.id, user.uid)) throw badRequest('training.alreadyRegistered');
  const now = nowIso();
  const inserted = await db.kysely
    .insertInto('training_register')
    .values({ tid: training.id, uid: user.uid, status: 1, gmt_create: now, gmt_modified: now })
    .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // two requests at once: the second finds the first's row
  if (!inserted) throw badRequest('training.alreadyRegistered');
  await syncRecordsOfUser(db, training.id, user.uid);
}
