import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type {
  CaseResult,
  JudgeResult,
  ProblemProgram,
  TestRunResult,
  TestRunTask,
} from '../../../judge/types';
import type { WireJudgeTask } from '../../../judge/worker-protocol';
import type { JudgeCaseMode, JudgeMode } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { Database, ProblemTable } from '../../db/schema';
import { bool, isoAfter, nowIso } from '../clock';
import { QueueSignal } from './signal';

const ACTIVE: number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

/** Queue order of submissions (column `priority`, lower first); test runs come before all of them. */
export const QueuePriority = {
  CONTEST: 0,
  NEW: 1,
  REJUDGE: 2,
} as const;

/** How long a finished test-run result stays readable (clients poll it every second). */
export const TEST_RESULT_KEEP_MS = 15 * 60_000;
/** How long a test run may wait for a judge before it is dropped. */
export const TEST_PENDING_KEEP_MS = 30 * 60_000;
/** Stored test-run texts are capped (the judge already cuts stdout to 1000 characters). */
const TEST_TEXT_MAX = 65_536;

/** waiting, or being judged by a worker whose lease ran out */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'judge'>) =>
  eb.and([
    eb('status', 'in', ACTIVE),
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
  ]);

const testClaimable = (now: string) => (eb: ExpressionBuilder<Database, 'test_judge'>) =>
  eb.and([
    eb('status', 'in', ACTIVE),
    eb('expires_at', '>', now),
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
  ]);

/** A worker's hold on one attempt at a submission. */
export interface Claim {
  submitId: number;
  attempt: number;
  owner: string;
}

/** A worker's hold on one attempt at a test run. */
export interface TestClaim {
  testKey: string;
  attempt: number;
  owner: string;
}

/** Names one attempt at a submission (the owner is informative only). */
export interface SubmissionAttempt {
  submitId: number;
  attempt: number;
  owner?: string;
}

export interface TestAttempt {
  testKey: string;
  attempt: number;
  owner?: string;
}

export interface ClaimFilter {
  /** only work in these languages (absent: any) */
  languages?: readonly string[];
}

function jsonFiles(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

type ProblemRow = Pick<
  Selectable<ProblemTable>,
  | 'judge_mode'
  | 'spj_protocol'
  | 'spj_language'
  | 'spj_code'
  | 'judge_extra_file'
  | 'is_file_io'
  | 'io_read_file_name'
  | 'io_write_file_name'
  | 'user_extra_file'
>;

function problemProgram(p: ProblemRow): ProblemProgram | null {
  if (!p.spj_code || !p.spj_language) return null;
  const extraFiles = jsonFiles(p.judge_extra_file);
  const protocol = (['testlib', 'hoj', 'kattis'] as const).find((x) => x === p.spj_protocol) ?? 'testlib';
  const key = createHash('sha256')
    .update(JSON.stringify([protocol, p.spj_language, p.spj_code, extraFiles]))
    .digest('hex');
  return { protocol, language: p.spj_language, code: p.spj_code, extraFiles, key };
}

function fileIO(p: ProblemRow): { inputName: string; outputName: string } | null {
  if (!bool(p.is_file_io)) return null;
  return { inputName: p.io_read_file_name || 'input.txt', outputName: p.io_write_file_name || 'output.txt' };
}

const cap = (s: string | null | undefined, max = TEST_TEXT_MAX) =>
  s == null ? null : s.length > max ? `${s.slice(0, max)}...` : s;

const int = (v: number | null | undefined) => sql<number>`cast(${v ?? null} as integer)`;
const text = (v: string | null | undefined) => sql<string>`cast(${v ?? null} as text)`;

/**
 * The `judge` table is the queue of submissions and `test_judge` the queue of test runs (DESIGN.md
 * §4). A worker claims the next piece of work with a lease (test runs first, then contest
 * submissions, new submissions, rejudges), renews it while judging, and writes results tagged with
 * its attempt number: a worker whose lease expired, or whose work was cancelled or rejudged
 * meanwhile, cannot overwrite anything.
 */
export class JudgeQueue {
  readonly signal = new QueueSignal();
  /** told the problem id (judge.pid) of each submission finished here, so caches can drop its counts */
  onFinished: ((pid: number, cid: number) => void) | null = null;

  constructor(
    private readonly db: Db,
    readonly leaseMs = 30_000,
  ) {}

  /** Work was queued in this process: wake waiting workers and long polls. */
  notify(): void {
    this.signal.notify();
  }

  async claim(owner: string, filter: ClaimFilter = {}): Promise<Claim | null> {
    if (filter.languages && filter.languages.length === 0) return null;
    const now = nowIso();
    const k = this.db.kysely;
    let next = k
      .selectFrom('judge')
      .select('submit_id')
      .where(claimable(now))
      .orderBy('priority')
      .orderBy(sql`case when cid = 0 then 1 else 0 end`)
      .orderBy('submit_id')
      .limit(1);
    if (filter.languages) next = next.where('language', 'in', [...filter.languages]);
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

  async claimTestRun(owner: string, filter: ClaimFilter = {}): Promise<TestClaim | null> {
    if (filter.languages && filter.languages.length === 0) return null;
    const now = nowIso();
    const k = this.db.kysely;
    let next = k
      .selectFrom('test_judge')
      .select('test_key')
      .where(testClaimable(now))
      .orderBy('gmt_create')
      .orderBy('test_key')
      .limit(1);
    if (filter.languages) next = next.where('language', 'in', [...filter.languages]);
    if (this.db.dialect === 'postgres') next = next.forUpdate().skipLocked();
    const row = await k
      .updateTable('test_judge')
      .set({
        lease_owner: owner,
        lease_expires_at: isoAfter(this.leaseMs),
        attempt: sql<number>`attempt + 1`,
        status: JudgeStatus.PENDING,
        gmt_modified: now,
      })
      .where('test_key', '=', next)
      .where(testClaimable(now))
      .returning(['test_key', 'attempt'])
      .executeTakeFirst();
    return row ? { testKey: row.test_key, attempt: row.attempt, owner } : null;
  }

  /** false when the claim was lost (lease expired and someone else took it, released, cancelled, rejudged) */
  async renew(claim: SubmissionAttempt): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('judge')
      .set({ lease_expires_at: isoAfter(this.leaseMs) })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async renewTest(claim: TestAttempt): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('test_judge')
      .set({ lease_expires_at: isoAfter(this.leaseMs) })
      .where('test_key', '=', claim.testKey)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async setStatus(claim: SubmissionAttempt, status: number, judger: string): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('judge')
      .set({ status, judger, gmt_modified: nowIso() })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async setTestStatus(claim: TestAttempt, status: number, judger: string): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('test_judge')
      .set({ status, judger, gmt_modified: nowIso() })
      .where('test_key', '=', claim.testKey)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The submission as a worker receives it (test data by hash); null when it or its problem is gone. */
  async wireTask(submitId: number): Promise<WireJudgeTask | null> {
    const k = this.db.kysely;
    const row = await k
      .selectFrom('judge')
      .innerJoin('problem', 'problem.id', 'judge.pid')
      .select([
        'judge.submit_id',
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
        'problem.spj_protocol',
        'problem.spj_language',
        'problem.spj_code',
        'problem.judge_extra_file',
        'problem.validator_flags',
        'problem.is_file_io',
        'problem.io_read_file_name',
        'problem.io_write_file_name',
        'problem.user_extra_file',
      ])
      .where('judge.submit_id', '=', submitId)
      .executeTakeFirst();
    if (!row) return null;
    const cases = await k
      .selectFrom('problem_case')
      .selectAll()
      .where('pid', '=', row.pid)
      .where('status', '=', 0)
      .orderBy('seq')
      .execute();
    const judgeMode = row.judge_mode as JudgeMode;
    const program = judgeMode === 'default' ? null : problemProgram(row);
    return {
      submitId: row.submit_id,
      language: row.language,
      code: row.code,
      timeLimit: row.time_limit,
      memoryLimit: row.memory_limit,
      stackLimit: row.stack_limit,
      problemType: row.type,
      ioScore: row.io_score,
      difficulty: row.difficulty,
      judgeMode,
      judgeCaseMode: row.judge_case_mode as JudgeCaseMode,
      isRemoveEndBlank: bool(row.is_remove_end_blank),
      checker: judgeMode === 'spj' ? program : null,
      interactor: judgeMode === 'interactive' ? program : null,
      validatorFlags: row.validator_flags,
      fileIO: fileIO(row),
      userExtraFiles: jsonFiles(row.user_extra_file),
      cases: cases.map((c) => ({
        seq: c.seq,
        caseId: c.id,
        inputHash: c.input_hash,
        outputHash: c.output_hash,
        score: c.score,
        groupNum: c.group_num,
      })),
    };
  }

  /** The test run as a worker receives it; null when it or its problem is gone. */
  async testTask(testKey: string): Promise<TestRunTask | null> {
    const row = await this.db.kysely
      .selectFrom('test_judge')
      .innerJoin('problem', 'problem.id', 'test_judge.pid')
      .select([
        'test_judge.language',
        'test_judge.code',
        'test_judge.user_input',
        'test_judge.expected_output',
        'problem.time_limit',
        'problem.memory_limit',
        'problem.stack_limit',
        'problem.is_remove_end_blank',
        'problem.judge_mode',
        'problem.spj_protocol',
        'problem.spj_language',
        'problem.spj_code',
        'problem.judge_extra_file',
        'problem.is_file_io',
        'problem.io_read_file_name',
        'problem.io_write_file_name',
        'problem.user_extra_file',
      ])
      .where('test_judge.test_key', '=', testKey)
      .executeTakeFirst();
    if (!row) return null;
    return {
      language: row.language,
      code: row.code,
      timeLimit: row.time_limit,
      memoryLimit: row.memory_limit,
      stackLimit: row.stack_limit,
      input: row.user_input,
      expectedOutput: row.expected_output,
      isRemoveEndBlank: bool(row.is_remove_end_blank),
      fileIO: fileIO(row),
      userExtraFiles: jsonFiles(row.user_extra_file),
    };
  }

  /**
   * Stores one case result of the current attempt. One statement, guarded by the attempt and an
   * in-progress status, so a stale or cancelled worker adds nothing; a repeated report is ignored.
   * Returns whether the claim is still current.
   */
  async recordCase(claim: SubmissionAttempt, c: CaseResult): Promise<boolean> {
    const res = await this.db.kysely
      .insertInto('judge_case')
      .columns([
        'submit_id',
        'attempt',
        'pid',
        'uid',
        'case_id',
        'seq',
        'status',
        'time',
        'memory',
        'score',
        'user_output',
        'group_num',
        'mode',
      ])
      .expression((eb) =>
        eb
          .selectFrom('judge')
          .innerJoin('problem', 'problem.id', 'judge.pid')
          .select([
            'judge.submit_id',
            'judge.attempt',
            'judge.pid',
            'judge.uid',
            int(c.caseId).as('case_id'),
            int(c.seq).as('seq'),
            int(c.status).as('status'),
            int(c.time).as('time'),
            int(c.memory).as('memory'),
            int(c.score).as('score'),
            text(c.userOutput).as('user_output'),
            int(c.groupNum).as('group_num'),
            'problem.judge_case_mode',
          ])
          .where('judge.submit_id', '=', claim.submitId)
          .where('judge.attempt', '=', claim.attempt)
          .where('judge.status', 'in', ACTIVE)
          .where('judge.lease_owner', 'is not', null),
      )
      .onConflict((oc) => oc.columns(['submit_id', 'attempt', 'seq']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    return this.isCurrent(claim);
  }

  private async isCurrent(claim: SubmissionAttempt): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('judge')
      .select('submit_id')
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Writes the verdict; refused (false) when this attempt is no longer the current one or the row
   * left the in-progress states (cancelled, manually judged). Cases a lost progress report missed
   * are filled in from the result first.
   */
  async finish(claim: SubmissionAttempt, result: JudgeResult, judger: string): Promise<boolean> {
    const cases = result.cases ?? [];
    if (cases.length > 0) {
      const have = await this.db.kysely
        .selectFrom('judge_case')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('submit_id', '=', claim.submitId)
        .where('attempt', '=', claim.attempt)
        .executeTakeFirst();
      if (Number(have?.n ?? 0) < cases.length) for (const c of cases) await this.recordCase(claim, c);
    }
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
      .where('lease_owner', 'is not', null)
      .returning(['pid', 'cid'])
      .executeTakeFirst();
    if (!res) return false;
    this.onFinished?.(res.pid, res.cid);
    return true;
  }

  async finishTest(claim: TestAttempt, result: TestRunResult, judger: string): Promise<boolean> {
    const now = Date.now();
    const res = await this.db.kysely
      .updateTable('test_judge')
      .set({
        status: result.status,
        time: result.time,
        memory: result.memory,
        stderr: cap(result.stderr) ?? '',
        user_output: cap(result.userOutput) ?? '',
        judger,
        lease_owner: null,
        lease_expires_at: null,
        gmt_modified: new Date(now).toISOString(),
        expires_at: isoAfter(TEST_RESULT_KEEP_MS, now),
      })
      .where('test_key', '=', claim.testKey)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Gives a claimed submission back to the queue at once (graceful shutdown). */
  async release(claim: SubmissionAttempt): Promise<void> {
    await this.db.kysely
      .updateTable('judge')
      .set({ status: JudgeStatus.PENDING, lease_owner: null, lease_expires_at: null })
      .where('submit_id', '=', claim.submitId)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .execute();
    this.notify();
  }

  async releaseTest(claim: TestAttempt): Promise<void> {
    await this.db.kysely
      .updateTable('test_judge')
      .set({ status: JudgeStatus.PENDING, lease_owner: null, lease_expires_at: null })
      .where('test_key', '=', claim.testKey)
      .where('attempt', '=', claim.attempt)
      .where('status', 'in', ACTIVE)
      .where('lease_owner', 'is not', null)
      .execute();
    this.notify();
  }

  /**
   * Puts a submission back in the queue with its results cleared (rejudge, resubmit). The attempt
   * moves on at once, so a worker still judging the old attempt has its reports refused.
   * `onlyFrom` restricts it to rows in those statuses (checked in the same statement).
   */
  async requeue(submitId: number, priority: number, onlyFrom?: readonly number[]) {
    let query = this.db.kysely
      .updateTable('judge')
      .set({
        status: JudgeStatus.PENDING,
        judger: null,
        is_manual: 0,
        time: null,
        memory: null,
        score: null,
        oi_rank_score: null,
        error_message: null,
        attempt: sql<number>`attempt + 1`,
        lease_owner: null,
        lease_expires_at: null,
        priority,
        gmt_modified: nowIso(),
      })
      .where('submit_id', '=', submitId);
    if (onlyFrom) query = query.where('status', 'in', [...onlyFrom]);
    const row = await query.returningAll().executeTakeFirst();
    if (!row) return undefined;
    await this.db.kysely.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
    this.notify();
    return row;
  }

  /**
   * Cancels a submission (status -4, manual): a queued one is never claimed, and a worker judging
   * it has its reports refused. Undefined when it was cancelled already (or does not exist).
   */
  async cancel(submitId: number) {
    return this.db.kysely
      .updateTable('judge')
      .set({
        status: JudgeStatus.CANCELLED,
        score: null,
        oi_rank_score: null,
        is_manual: 1,
        lease_owner: null,
        lease_expires_at: null,
        gmt_modified: nowIso(),
      })
      .where('submit_id', '=', submitId)
      .where('status', '!=', JudgeStatus.CANCELLED)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes test runs past their keep time. */
  async sweepTestRuns(): Promise<void> {
    await this.db.kysely.deleteFrom('test_judge').where('expires_at', '<', nowIso()).execute();
  }
}
