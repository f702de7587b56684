import { bit, bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canShareCode } from '../authz';
import { forbidden, notFound } from '../errors';
import { assertCanOpenSubmissionOf } from '../problems/visibility';

/**
 * HOJ PUT /api/submission: shares or unshares a submission's code. Only its owner (or an
 * admin), only outside contests, and only when the problem allows code sharing. Returns the
 * message key of the success text.
 */
export async function setSubmissionShare(
  db: Db,
  user: CurrentUser,
  submitId: number,
  share: boolean,
): Promise<'workspace.shared' | 'workspace.unshared'> {
  const row = await db.kysely
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .select([
      'judge.uid',
      'judge.cid',
      'problem.code_share',
      'problem.auth',
      'problem.gid',
      'problem.apply_public_progress',
    ])
    .where('judge.submit_id', '=', submitId)
    .executeTakeFirst();
  if (!row) throw notFound('server.submissionNotFound');
  if (row.cid === 0) await assertCanOpenSubmissionOf(db, row, user);
  if (!canShareCode(user, row.uid)) throw forbidden('workspace.shareNotYours');
  if (row.cid !== 0) throw forbidden('workspace.shareContest');
  if (!bool(row.code_share)) throw forbidden('workspace.shareOff');
  await db.kysely
    .updateTable('judge')
    .set({ share: bit(share) })
    .where('submit_id', '=', submitId)
    .execute();
  return share ? 'workspace.shared' : 'workspace.unshared';
}
