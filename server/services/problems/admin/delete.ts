import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { canDeleteProblem } from '../../authz';
import { AppError, forbidden, notFound } from '../../errors';
import type { JudgeEvents } from '../../judge-queue/events';

/**
 * HOJ DELETE /api/admin/problem: the problem with its cases, tags, languages, templates and
 * submissions (HOJ's foreign keys cascade the same way). A problem a contest uses is refused
 * instead: deleting it would take submissions off that contest's board.
 */
export async function deleteProblem(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  pid: number,
): Promise<void> {
  if (!canDeleteProblem(user)) throw forbidden('problemAdmin.deleteNotAllowed');
  await removeProblem(db, events, pid);
}

/**
 * Deletes the problem and what hangs on it, the caller's permission already checked (the console,
 * or a group's editor through services/groups/problems.ts); refused while a contest uses it.
 */
export async function removeProblem(db: Db, events: JudgeEvents, pid: number): Promise<void> {
  const row = await db.kysely
    .selectFrom('problem')
    .select('problem_id')
    .where('id', '=', pid)
    .executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  const used = await db.kysely
    .selectFrom('contest_problem')
    .select('cid')
    .where('pid', '=', pid)
    .executeTakeFirst();
  if (used) throw new AppError(400, 'problemAdmin.inContest', { cid: used.cid });
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of [
      'judge_case',
      'judge',
      'test_judge',
      'problem_case',
      'problem_tag',
      'problem_language',
      'problem_code_template',
    ] as const)
      await trx.deleteFrom(table).where('pid', '=', pid).execute();
    await trx.deleteFrom('problem').where('id', '=', pid).execute();
  });
  events.emit('problemChanged', { problemId: row.problem_id, visibility: true });
}
