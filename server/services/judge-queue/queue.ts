import { type ExpressionBuilder, sql } from 'kysely';
import type { CaseResult, JudgeResult, JudgeTask } from '../../../judge/types';
import type { JudgeCaseMode, JudgeMode } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { bool, isoAfter, nowIso } from '../clock';
import type { FileStore } from '../files/store';

const ACTIVE: number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

/** waiting, or being judged by a worker whose lease ran out */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'judge'>) =>
  eb.and([
    eb('status', 'in', ACTIVE),
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
  ]);

export interface ClaimedTask {
  task: JudgeTask;
  pid: number;
  uid: string;
}

export interface Claim {
  submitId: number;
  attempt: number;
  owner: string;
}

/**
 * The `judge` table is the queue (DESIGN.md §4). A worker claims the oldest waiting submission
 * (contest submissions first) with a lease, renews it while judging, and writes results tagged
 * with its attempt number, so a worker whose lease expired cannot overwrite a newer attempt.
 */
export class JudgeQueue {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    readonly leaseMs = 30_000,
  ) {}

  async claim(owner: string): Promise<Claim | null> {
    const now = nowIso();
    const k = this.db.kysely;
    let next = k
      .selectFrom('judge')
      .select('submit_id')
      .where(claimable(now))
      .orderBy(sql`case when cid = 0 then 1 else 0 end`)
      .orderBy('submit_id')
      .limit(1);
    if (this.db.dialect === 'postgres') next = next.forUpdate().skipLocked();
    const row = await k
      .updateTable('judge')
      .set({
        lease_owner: owner,
        lease_expires_at: isoAfter(this.leaseMs),
        attempt: sql<number>`attempt + 1`,
        status: JudgeStatus.PENDING,
        gmt_modified: now,
      })
      .where('submit_id', '=', next)
      .where(claimable(now))
      .returning(['submit_id', 'attempt'])
      .executeTakeFirst();
    if (!row) return null;
    await k
      .deleteFrom('judge_case')
      .where('submit_id', '=', row.submit_id)
      .where('attempt', '<', row.attempt)
      .execute();
    return { submitId: row.submit_id, attempt: row.attempt, owner };
  }

  /** false when the claim was lost (lease expired and someone else took it) */
  async renew(claim: Claim): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('judge')
      .set({ lease_expires_at: isoAfter(this.leaseMs) })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async setStatus(claim: Claim, status: number, judger: string): Promise<void> {
    await this.db.kysely
      .updateTable('judge')
      .set({ status, judger, gmt_modified: nowIso() })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .execute();
  }

  async buildTask(claim: Claim): Promise<ClaimedTask | null> {
    const k = this.db.kysely;
    const row = await k
      .selectFrom('judge')
      .innerJoin('problem', 'problem.id', 'judge.pid')
      .select([
        'judge.submit_id',
        'judge.uid',
        'judge.language',
        'judge.code',
        'problem.id as pid',
        'problem.time_limit',
        'problem.memory_limit',
        'problem.stack_limit',
        'problem.type',
        'problem.io_score',
        'problem.difficulty',
        'problem.judge_mode',
        'problem.judge_case_mode',
        'problem.is_remove_end_blank',
      ])
      .where('judge.submit_id', '=', claim.submitId)
      .executeTakeFirst();
    if (!row) return null;
    const cases = await k
      .selectFrom('problem_case')
      .selectAll()
      .where('pid', '=', row.pid)
      .where('status', '=', 0)
      .orderBy('seq')
      .execute();
    const task: JudgeTask = {
      submitId: row.submit_id,
      language: row.language,
      code: row.code,
      timeLimit: row.time_limit,
      memoryLimit: row.memory_limit,
      stackLimit: row.stack_limit,
      problemType: row.type,
      ioScore: row.io_score,
      difficulty: row.difficulty,
      judgeMode: row.judge_mode as JudgeMode,
      judgeCaseMode: row.judge_case_mode as JudgeCaseMode,
      isRemoveEndBlank: bool(row.is_remove_end_blank),
      cases: cases.map((c) => ({
        seq: c.seq,
        caseId: c.id,
        inputPath: this.files.pathOf(c.input_hash),
        outputPath: this.files.pathOf(c.output_hash),
        score: c.score,
        groupNum: c.group_num,
      })),
    };
    return { task, pid: row.pid, uid: row.uid };
  }

  async recordCase(claim: Claim, claimed: ClaimedTask, result: CaseResult): Promise<void> {
    await this.db.kysely
      .insertInto('judge_case')
      .values({
        submit_id: claim.submitId,
        attempt: claim.attempt,
        pid: claimed.pid,
        uid: claimed.uid,
        case_id: result.caseId,
        seq: result.seq,
        status: result.status,
        time: result.time,
        memory: result.memory,
        score: result.score,
        user_output: result.userOutput,
        group_num: result.groupNum,
        mode: claimed.task.judgeCaseMode,
      })
      .execute();
  }

  /** Writes the verdict; ignored when this attempt is no longer the current one. */
  async finish(claim: Claim, result: JudgeResult, judger: string): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('judge')
      .set({
        status: result.status,
        time: result.time,
        memory: result.memory,
        score: result.score,
        oi_rank_score: result.oiRankScore,
        error_message: result.errorMessage,
        judger,
        lease_owner: null,
        lease_expires_at: null,
        gmt_modified: nowIso(),
      })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Gives a claimed submission back to the queue at once (graceful shutdown). */
  async release(claim: Claim): Promise<void> {
    await this.db.kysely
      .updateTable('judge')
      .set({ status: JudgeStatus.PENDING, lease_owner: null, lease_expires_at: null })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .execute();
  }
}
