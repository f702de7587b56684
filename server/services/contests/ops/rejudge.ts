import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { canOperateJudge } from '../../authz';
import { badRequest, forbidden } from '../../errors';
import { type JudgeQueue, QueuePriority } from '../../judge-queue/queue';
import { loadContest } from '../contest-store';

export interface ContestRejudgeContext {
  db: Db;
  queue: JudgeQueue;
}

/**
 * HOJ's GET /api/admin/judge/rejudge-contest-problem: root only, like every judge operation.
 * Every submission of that problem in that contest goes back to the queue behind new work, each
 * with a new attempt (a worker still judging an old one has its result refused). Returns how many.
 */
export async function rejudgeContestProblem(
  ctx: ContestRejudgeContext,
  user: CurrentUser,
  query: { cid: number; pid: number },
): Promise<number> {
  if (!canOperateJudge(user)) throw forbidden('server.noPermission');
  const contest = await loadContest(ctx.db, query.cid);
  const rows = await ctx.db.kysely
    .selectFrom('judge')
    .select('submit_id')
    .where('cid', '=', contest.id)
    .where('pid', '=', query.pid)
    .orderBy('submit_id', 'asc')
    .execute();
  if (rows.length === 0) throw badRequest('contestOps.nothingToRejudge');
  const requeued = await ctx.queue.requeue(
    rows.map((r) => r.submit_id),
    QueuePriority.REJUDGE,
  );
  return requeued.length;
}
