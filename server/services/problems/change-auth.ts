import { ProblemAuth, type ProblemAuthValue } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canChangeProblemAuth, canPublishProblem } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound } from '../errors';
import type { JudgeEvents } from '../judge-queue/events';

/**
 * HOJ PUT /api/admin/problem/change-problem-auth: sets who sees a problem (1 public, 2 private,
 * 3 contest only). Admins may hide a problem or keep it for contests; publishing it is for root
 * and problem admins. Returns the problem's display id (its cached detail is keyed by it).
 */
export async function changeProblemAuth(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  change: { id: number; auth: ProblemAuthValue },
): Promise<{ problemId: string }> {
  if (!canChangeProblemAuth(user)) throw forbidden();
  if (change.auth === ProblemAuth.PUBLIC && !canPublishProblem(user)) {
    throw forbidden('problemAccess.publishNotAllowed');
  }
  const row = await db.kysely
    .updateTable('problem')
    .set({ auth: change.auth, gmt_modified: nowIso() })
    .where('id', '=', change.id)
    .returning('problem_id')
    .executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  // a problem just hidden must not be served from a cache a moment longer
  events.emit('problemChanged', { problemId: row.problem_id, visibility: true });
  return { problemId: row.problem_id };
}
