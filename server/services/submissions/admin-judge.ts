import type { Submission } from '../../../shared/api/types';
import {
  JUDGING_STATUSES,
  JudgeStatus,
  RESUBMITTABLE_STATUSES,
} from '../../../shared/constants/judge-status';
import type { ManualJudgeParams, ManualJudgeResult } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canOperateJudge, canSubmit } from '../authz';
import { badRequest, forbidden, notFound } from '../errors';
import { type JudgeQueue, QueuePriority } from '../judge-queue/queue';
import { assertCanOpenSubmissionOf } from '../problems/visibility';
import { toSubmission } from './mapping';

export interface JudgeOpsContext {
  db: Db;
  queue: JudgeQueue;
}

const isJudging = (status: number) => (JUDGING_STATUSES as readonly number[]).includes(status);

/**
 * Statuses a manual judge may set: the verdicts of a program that ran (AC, PE, WA, TLE, MLE, RE, PA),
 * System Error and Submitted Failed. Never Cancelled, Compile Error, a waiting or running state,
 * Submitted Unknown or Not Submitted (-4, -2, 5, 6, 7, 9, -5, -10).
 */
export const MANUAL_JUDGE_STATUSES: readonly number[] = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

/** Only a failed judgement may be resubmitted by its owner (ours are never remote). */
const RESUBMITTABLE = RESUBMITTABLE_STATUSES;

const OI_PROBLEM = 1;

function requireJudgeOperator(user: CurrentUser): void {
  if (!canOperateJudge(user)) throw forbidden('server.noPermission');
}

async function submissionWithProblem(db: Db, submitId: number) {
  const row = await db.kysely
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .selectAll('judge')
    .select([
      'problem.title',
      'problem.type as problem_type',
      'problem.io_score',
      'problem.difficulty',
      'problem.auth as problem_auth',
      'problem.gid as problem_gid',
      'problem.apply_public_progress',
    ])
    .where('judge.submit_id', '=', submitId)
    .executeTakeFirst();
  if (!row) throw notFound('server.submissionNotFound');
  return row;
}

/**
 * HOJ /api/admin/judge/rejudge: clears the result and queues the submission again behind new work
 * (priority REJUDGE). The attempt moves on at once, so a worker still judging the old attempt has
 * its result refused.
 */
export async function rejudge(
  ctx: JudgeOpsContext,
  user: CurrentUser,
  submitId: number,
): Promise<Submission> {
  requireJudgeOperator(user);
  const { title } = await submissionWithProblem(ctx.db, submitId);
  const [row] = await ctx.queue.requeue([submitId], QueuePriority.REJUDGE);
  if (!row) throw notFound('server.submissionNotFound');
  return toSubmission(row, title);
}

/**
 * HOJ /api/admin/judge/manual-judge: sets a final status (and for OI problems a score clamped to
 * [0, ioScore], with its rank score by judge/scoring.ts); refused while the submission
 * is being judged and for compile errors.
 */
export async function manualJudge(
  ctx: JudgeOpsContext,
  user: CurrentUser,
  params: ManualJudgeParams,
): Promise<ManualJudgeResult> {
  requireJudgeOperator(user);
  if (!MANUAL_JUDGE_STATUSES.includes(params.status)) throw badRequest('judgeOps.manualStatusInvalid');
  const row = await submissionWithProblem(ctx.db, params.submitId);
  if (isJudging(row.status)) throw badRequest('judgeOps.beingJudged');
  if (row.status === JudgeStatus.COMPILE_ERROR) throw badRequest('judgeOps.compileErrorFixed');
  const set = await ctx.queue.setManualVerdict(
    { submitId: params.submitId, status: params.status, score: params.score, judger: user.username },
    { oi: row.problem_type === OI_PROBLEM, ioScore: row.io_score, difficulty: row.difficulty },
  );
  if (!set) throw badRequest('judgeOps.beingJudged');
  const { score, oiRankScore } = set;
  return { submitId: params.submitId, judger: user.username, status: params.status, score, oiRankScore };
}

/**
 * HOJ /api/admin/judge/cancel-judge: status Cancelled, score cleared, marked manual. A queued
 * submission is then never judged; a worker judging it has its result refused.
 */
export async function cancelJudge(
  ctx: JudgeOpsContext,
  user: CurrentUser,
  submitId: number,
): Promise<Submission> {
  requireJudgeOperator(user);
  const { title } = await submissionWithProblem(ctx.db, submitId);
  const row = await ctx.queue.cancel(submitId);
  if (!row) throw badRequest('judgeOps.alreadyCancelled');
  return toSubmission(row, title);
}

/**
 * HOJ /api/resubmit: the owner queues a submission again. HOJ offers it for remote-judge failures;
 * ours are judged here, so only a failed judgement (System Error, Submitted Failed) qualifies.
 */
export async function resubmit(
  ctx: JudgeOpsContext,
  user: CurrentUser,
  submitId: number,
): Promise<Submission> {
  const current = await submissionWithProblem(ctx.db, submitId);
  if (current.uid !== user.uid) throw forbidden('judgeOps.notYourSubmission');
  if (!current.cid) {
    const problem = {
      auth: current.problem_auth,
      gid: current.problem_gid,
      apply_public_progress: current.apply_public_progress,
    };
    await assertCanOpenSubmissionOf(ctx.db, problem, user);
  }
  if (!canSubmit(user)) throw forbidden('server.noSubmitPermission');
  if (!RESUBMITTABLE.includes(current.status)) throw badRequest('judgeOps.resubmitNotAllowed');
  const priority = current.cid ? QueuePriority.CONTEST : QueuePriority.NEW;
  const [row] = await ctx.queue.requeue([submitId], priority, RESUBMITTABLE);
  if (!row) throw badRequest('judgeOps.resubmitNotAllowed');
  return toSubmission(row, current.title);
}
