/** Helpers of the judge-operation API tests (not a test file itself). */
import type { AppDependencies } from '../../server/app';
import { localJudge } from '../../server/judge-binding';
import { JudgeProtocol } from '../../server/services/judge-queue/protocol';
import { JudgeWorkerPool } from '../../server/services/judge-queue/worker-pool';
import { JudgeStatus } from '../../shared/constants/judge-status';
import type { TestServer } from '../helpers/server';

let deps: Promise<Pick<AppDependencies, 'languages' | 'judge' | 'testRun'>> | null = null;

/** In-process workers on a server started with judgeWorkers: 0, for the tests that need judging. */
export async function startWorkers(server: TestServer, name = 'test-pool'): Promise<JudgeWorkerPool> {
  deps ??= localJudge();
  const { judge, testRun } = await deps;
  if (!judge) throw new Error('the local judge is not available');
  const { ctx } = server.server;
  const pool = new JudgeWorkerPool(new JudgeProtocol(ctx.db, ctx.queue, ctx.files), judge, testRun, {
    workers: 1,
    name,
    claimWaitMs: 500,
  });
  pool.start();
  return pool;
}

/** Leaves the queue empty: everything waiting or running is cancelled, test runs are dropped. */
export async function quiesce(server: TestServer): Promise<void> {
  const { db } = server.server.ctx;
  await db.kysely
    .updateTable('judge')
    .set({ status: JudgeStatus.CANCELLED, lease_owner: null, lease_expires_at: null })
    .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING])
    .execute();
  await db.kysely.deleteFrom('test_judge').execute();
}

export async function judgeRow(server: TestServer, submitId: number) {
  return server.server.ctx.db.kysely
    .selectFrom('judge')
    .selectAll()
    .where('submit_id', '=', submitId)
    .executeTakeFirstOrThrow();
}

export async function caseRows(server: TestServer, submitId: number) {
  return server.server.ctx.db.kysely
    .selectFrom('judge_case')
    .selectAll()
    .where('submit_id', '=', submitId)
    .orderBy('seq')
    .execute();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
