import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';

export interface QueueGlance {
  waiting: number;
  testRunsWaiting: number;
  oldestWaitingSeconds: number | null;
  oldestSubmitId: number | null;
}

/**
 * How much work waits for a judge and how long the oldest submission has waited (since it was
 * queued or requeued: a rejudge waits from the rejudge, not from its first submit). Read from the
 * queue's status indexes; waiting rows are few.
 */
export async function queueGlance(db: Db): Promise<QueueGlance> {
  // One statement reads both the count and the oldest row, so the two agree: separate queries on
  // separate pool connections could see a submission picked up in between (waiting 1, no oldest).
  const [oldest, tests] = await Promise.all([
    db.kysely
      .selectFrom('judge')
      .select((eb) => ['submit_id', 'gmt_modified', eb.fn.countAll<number>().over().as('n')])
      .where('status', '=', JudgeStatus.PENDING)
      .orderBy('gmt_modified')
      .orderBy('submit_id')
      .limit(1)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('test_judge')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', JudgeStatus.PENDING)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    waiting: oldest ? Number(oldest.n) : 0,
    testRunsWaiting: Number(tests.n),
    oldestWaitingSeconds: oldest
      ? Math.max(0, Math.floor((Date.now() - Date.parse(oldest.gmt_modified)) / 1000))
      : null,
    oldestSubmitId: oldest?.submit_id ?? null,
  };
}
