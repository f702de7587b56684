import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { manualOiRankScore } from '../../../judge/scoring';
import type { CaseResult, JudgeResult, TestRunResult } from '../../../judge/types';
import type { ClaimRef, Progress } from '../../../judge/worker-protocol';
import { JUDGING_STATUSES, JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { Database, JudgeTable, TestJudgeTable } from '../../db/schema';
import { isoAfter, nowIso } from '../clock';
import { isCurrent, isCurrentAttempt, type QueueTable, setOnCurrentAttempt } from './attempts';
import { JudgeEvents, type SubmissionRef } from './events';
import { type QueuedWork, QueueSignal } from './signal';

/** Queue order of submissions (column `priority`, lower first); test runs come before all of them. */
export const QueuePriority = {
  CONTEST: 0,
  NEW: 1,
  REJUDGE: 2,
} as const;

/** How long a finished test-run result stays readable (clients poll it every second). */
const TEST_RESULT_KEEP_MS = 15 * 60_000;
/** How long a test run may wait for a judge before it is dropped. */
const TEST_PENDING_KEEP_MS = 30 * 60_000;
/** Stored test-run texts are capped (the judge already cuts stdout to 1000 characters). */
const TEST_TEXT_MAX = 65_536;

const JUDGING = [...JUDGING_STATUSES];

export type SubmissionClaim = Extract<ClaimRef, { kind: 'submission' }> & { owner?: string };
export type TestClaim = Extract<ClaimRef, { kind: 'test' }> & { owner?: string };

export interface ClaimFilter {
  /** only work in these languages (absent: any) */
  languages?: readonly string[];
}

/** A new submission: what the submitter sent and where it is filed; the queue fills in the rest. */
export interface NewSubmission {
  pid: number;
  displayPid: string;
  uid: string;
  username: string;
  code: string;
  language: string;
  cid: number;
  cpid: number;
  ip: string | null;
  priority: number;
  /** the group the submission belongs to (a group problem's, HOJ judge.gid); null or absent: none */
  gid?: number | null;
  /** the virtual run of a contest it is made in (judge.virtual_id); null or absent: none */
  virtualId?: number | null;
}

/** A new test run (the problem's own judge mode travels with it). */
export interface NewTestRun {
  uid: string;
  pid: number;
  language: string;
  code: string;
  userInput: string;
  expectedOutput: string | null;
  judgeMode: string;
}

/** A verdict an administrator sets by hand. */
export interface ManualVerdict {
  submitId: number;
  status: number;
  /** the OI score (clamped to [0, the problem's total]); absent: unchanged */
  score?: number;
  judger: string;
}

type JudgeRow = Selectable<JudgeTable>;

/** waiting, or being judged by a worker whose lease ran out */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, QueueTable>) =>
  eb.and([
    eb('status', 'in', JUDGING),
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
  ]);

const cap = (s: string | null | undefined, max = TEST_TEXT_MAX) =>
  s == null ? null : s.length > max ? `${s.slice(0, max)}...` : s;

const int = (v: number | null | undefined) => sql<number>`cast(${v ?? null} as integer)`;
const text = (v: string | null | undefined) => sql<string>`cast(${v ?? null} as text)`;

const refOfRow = (row: Pick<JudgeRow, 'submit_id' | 'pid' | 'cid' | 'uid'>): SubmissionRef => ({
  submitId: row.submit_id,
  pid: row.pid,
  cid: row.cid,
  uid: row.uid,
});

/**
 * The owner of a submission's life, and a test run's (docs/architecture.md, A submission's life):
 * `enqueue` files it, a worker `claim`s it with a lease, reports `progress`, and `finish`es it; an
 * administrator may `requeue`, `cancel` or `setManualVerdict`. The `judge` table is the queue of
 * submissions and `test_judge` the queue of test runs. Every write of a worker is tagged with its
 * attempt (attempts.ts): a worker whose lease expired, or whose work was cancelled or rejudged
 * meanwhile, cannot overwrite anything. Each change is told on `events`, once, to whoever keeps a
 * copy of what it changes.
 */
export class JudgeQueue {
  readonly signal = new QueueSignal();
  readonly events: JudgeEvents;

  constructor(
    private readonly db: Db,
    readonly leaseMs = 30_000,
    events?: JudgeEvents,
  ) {
    this.events = events ?? new JudgeEvents();
  }

  /** Work was queued in this process: wake a waiting worker or long poll that can take it. */
  notify(work: QueuedWork = {}): void {
    this.signal.notify(work);
  }

  /** Files a new submission, waiting for a judge. Once this returns, it will be judged. */
  async enqueue(s: NewSubmission): Promise<JudgeRow> {
    const now = nowIso();
    const values: Insertable<JudgeTable> = {
      pid: s.pid,
      display_pid: s.displayPid,
      uid: s.uid,
      username: s.username,
      submit_time: now,
      status: JudgeStatus.PENDING,
      share: 0,
      error_message: null,
      time: null,
      memory: null,
      score: null,
      length: s.code.length,
      code: s.code,
      language: s.language,
      cid: s.cid,
      cpid: s.cpid,
      gid: s.gid ?? null,
      judger: null,
      ip: s.ip,
      oi_rank_score: null,
      is_manual: 0,
      attempt: 0,
      lease_owner: null,
      lease_expires_at: null,
      gmt_modified: now,
      priority: s.priority,
      virtual_id: s.virtualId ?? null,
    };
    const row = await this.db.kysely
      .insertInto('judge')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.notify({ language: row.language });
    this.events.emit('submitted', refOfRow(row));
    return row;
  }

  /** Files a test run under a fresh key; it is dropped if no judge takes it in time. */
  async enqueueTest(testKey: string, t: NewTestRun): Promise<void> {
    await this.sweepTestRuns();
    const now = Date.now();
    const created = new Date(now).toISOString();
    const values: Insertable<TestJudgeTable> = {
      test_key: testKey,
      uid: t.uid,
      pid: t.pid,
      language: t.language,
      code: t.code,
      user_input: t.userInput,
      expected_output: t.expectedOutput,
      judge_mode: t.judgeMode,
      status: JudgeStatus.PENDING,
      time: null,
      memory: null,
      stderr: null,
      user_output: null,
      judger: null,
      attempt: 0,
      lease_owner: null,
      lease_expires_at: null,
      gmt_create: created,
      gmt_modified: created,
      expires_at: isoAfter(TEST_PENDING_KEEP_MS, now),
    };
    await this.db.kysely.insertInto('test_judge').values(values).execute();
    this.notify({ language: values.language, test: true });
    this.events.emit('testQueued', { testKey, uid: t.uid });
  }

  /** The next submission (contest ones first, then new ones, then rejudges), leased to `owner`. */
  async claim(owner: string, filter: ClaimFilter = {}): Promise<SubmissionClaim | null> {
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
      .set(this.leaseTo(owner, now))
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
    return { kind: 'submission', submitId: row.submit_id, attempt: row.attempt, owner };
  }

  /** The oldest test run still wanted, leased to `owner`. */
  async claimTestRun(owner: string, filter: ClaimFilter = {}): Promise<TestClaim | null> {
    if (filter.languages && filter.languages.length === 0) return null;
    const now = nowIso();
    const k = this.db.kysely;
    let next = k
      .selectFrom('test_judge')
      .select('test_key')
      .where(claimable(now))
      .where('expires_at', '>', now)
      .orderBy('gmt_create')
      .orderBy('test_key')
      .limit(1);
    if (filter.languages) next = next.where('language', 'in', [...filter.languages]);
    if (this.db.dialect === 'postgres') next = next.forUpdate().skipLocked();
    const row = await k
      .updateTable('test_judge')
      .set(this.leaseTo(owner, now))
      .where('test_key', '=', next)
      .where(claimable(now))
      .where('expires_at', '>', now)
      .returning(['test_key', 'attempt'])
      .executeTakeFirst();
    return row ? { kind: 'test', testKey: row.test_key, attempt: row.attempt, owner } : null;
  }

  private leaseTo(owner: string, now: string) {
    return {
      lease_owner: owner,
      lease_expires_at: isoAfter(this.leaseMs),
      attempt: sql<number>`attempt + 1`,
      status: JudgeStatus.PENDING,
      gmt_modified: now,
    };
  }

  /** false when the claim was lost (lease expired and someone else took it, released, cancelled, rejudged) */
  renew(ref: ClaimRef): Promise<boolean> {
    return setOnCurrentAttempt(this.db, ref, { lease_expires_at: isoAfter(this.leaseMs) });
  }

  /** Compiling or judging started, or one case finished; false when the claim is no longer current. */
  progress(ref: ClaimRef, judger: string, progress: Progress): Promise<boolean> {
    if ('status' in progress) return this.setStatus(ref, progress.status, judger);
    if (ref.kind !== 'submission') return Promise.resolve(false);
    return this.recordCase(ref, progress.case);
  }

  async setStatus(ref: ClaimRef, status: number, judger: string): Promise<boolean> {
    const held = await setOnCurrentAttempt(this.db, ref, { status, judger, gmt_modified: nowIso() });
    if (
      held &&
      ref.kind === 'submission' &&
      (status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING)
    )
      this.events.emit('stage', { submitId: ref.submitId, attempt: ref.attempt, status });
    return held;
  }

  /**
   * Stores one case result of the current attempt. One statement, guarded by the attempt and an
   * in-progress status, so a stale or cancelled worker adds nothing; a repeated report is ignored.
   * Committed without waiting for the disk: the verdict's own commit flushes it, and a crash before
   * that judges the submission again from its first case. Returns whether the claim is still current.
   */
  async recordCase(ref: SubmissionClaim, c: CaseResult): Promise<boolean> {
    const res = await this.db.unflushed
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
          .where('judge.submit_id', '=', ref.submitId)
          .where('judge.attempt', '=', ref.attempt)
          .where('judge.status', 'in', JUDGING)
          .where('judge.lease_owner', 'is not', null),
      )
      .onConflict((oc) => oc.columns(['submit_id', 'attempt', 'seq']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
      this.events.emit('caseJudged', { submitId: ref.submitId, attempt: ref.attempt, seq: c.seq });
      return true;
    }
    return isCurrent(this.db, ref);
  }

  /**
   * Writes the result; refused (false) when this attempt is no longer the current one or the row
   * left the in-progress states (cancelled, judged by hand).
   */
  finish(ref: ClaimRef, result: JudgeResult | TestRunResult, judger: string): Promise<boolean> {
    const isTest = 'userOutput' in result;
    if (ref.kind === 'test') return isTest ? this.finishTest(ref, result, judger) : Promise.resolve(false);
    return isTest ? Promise.resolve(false) : this.finishSubmission(ref, result, judger);
  }

  /** Cases a lost progress report missed are filled in from the result first. */
  private async finishSubmission(
    ref: SubmissionClaim,
    result: JudgeResult,
    judger: string,
  ): Promise<boolean> {
    const cases = result.cases ?? [];
    if (cases.length > 0) {
      const have = await this.db.kysely
        .selectFrom('judge_case')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('submit_id', '=', ref.submitId)
        .where('attempt', '=', ref.attempt)
        .executeTakeFirst();
      if (Number(have?.n ?? 0) < cases.length) for (const c of cases) await this.recordCase(ref, c);
    }
    const row = await this.db.kysely
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
      .where(isCurrentAttempt(ref))
      .returning(['submit_id', 'pid', 'cid', 'uid', 'language'])
      .executeTakeFirst();
    if (!row) return false;
    this.events.emit('judged', {
      ...refOfRow(row),
      status: result.status,
      manual: false,
      language: row.language,
      attempt: ref.attempt,
      caseTimes: cases.map((c) => c.time),
    });
    return true;
  }

  private async finishTest(ref: TestClaim, result: TestRunResult, judger: string): Promise<boolean> {
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
      .where(isCurrentAttempt(ref))
      .executeTakeFirst();
    const done = Number(res.numUpdatedRows) > 0;
    if (done) await this.sweepTestRuns().catch(() => {});
    return done;
  }

  /** Gives claimed work back to the queue at once (graceful shutdown, a gone long poll). */
  async release(ref: ClaimRef): Promise<void> {
    await setOnCurrentAttempt(this.db, ref, {
      status: JudgeStatus.PENDING,
      lease_owner: null,
      lease_expires_at: null,
    });
    this.notify();
  }

  /**
   * Puts submissions back in the queue with their results cleared (rejudge, resubmit). The attempt
   * moves on at once, so a worker still judging an old attempt has its reports refused.
   * `onlyFrom` restricts it to rows in those statuses (checked in the same statement). Returns the
   * rows requeued.
   */
  async requeue(submitIds: readonly number[], priority: number, onlyFrom?: readonly number[]) {
    const rows: JudgeRow[] = [];
    for (const submitId of submitIds) {
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
      if (!row) continue;
      await this.db.kysely.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
      rows.push(row);
    }
    if (rows.length > 0) {
      this.notify();
      this.events.emit('requeued', { submissions: rows.map(refOfRow) });
    }
    return rows;
  }

  /**
   * Cancels a submission (status -4, manual): a queued one is never claimed, and a worker judging
   * it has its reports refused. Undefined when it was cancelled already (or does not exist).
   */
  async cancel(submitId: number) {
    const row = await this.db.kysely
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
    if (row) this.events.emit('cancelled', refOfRow(row));
    return row;
  }

  /**
   * Sets a final status by hand (and for OI problems a score, with its rank score). Refused
   * (undefined) while the submission is being judged and for compile errors, in the statement
   * itself: a rejudge that started meanwhile wins.
   */
  async setManualVerdict(v: ManualVerdict, problem: { oi: boolean; ioScore: number; difficulty: number }) {
    const current = await this.db.kysely
      .selectFrom('judge')
      .select(['score', 'oi_rank_score'])
      .where('submit_id', '=', v.submitId)
      .executeTakeFirst();
    if (!current) return undefined;
    let score = current.score;
    let oiRankScore = current.oi_rank_score;
    if (problem.oi && v.score !== undefined) {
      score = Math.min(Math.max(v.score, 0), Math.max(problem.ioScore, 0));
      oiRankScore = manualOiRankScore(score, problem.difficulty);
    }
    const row = await this.db.kysely
      .updateTable('judge')
      .set({
        status: v.status,
        score,
        oi_rank_score: oiRankScore,
        is_manual: 1,
        judger: v.judger,
        gmt_modified: nowIso(),
      })
      .where('submit_id', '=', v.submitId)
      .where('status', 'not in', [...JUDGING, JudgeStatus.COMPILE_ERROR])
      .returning(['submit_id', 'pid', 'cid', 'uid', 'language', 'score', 'oi_rank_score'])
      .executeTakeFirst();
    if (!row) return undefined;
    this.events.emit('judged', { ...refOfRow(row), status: v.status, manual: true, language: row.language });
    return { score: row.score, oiRankScore: row.oi_rank_score };
  }

  /** Deletes test runs past their keep time. */
  async sweepTestRuns(): Promise<void> {
    await this.db.kysely.deleteFrom('test_judge').where('expires_at', '<', nowIso()).execute();
  }
}
