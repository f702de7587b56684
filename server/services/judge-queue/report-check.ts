/**
 * What the server checks of a judge's reports before the queue takes them (docs/scaling.md, The
 * judge protocol). A judge holds the token, but a buggy or confused one must not store a verdict
 * nobody judged: a report for work the judge does not hold is refused with 409, a result that does
 * not fit its work (an unknown verdict, a case the problem does not have or has twice, an accept
 * without every case) with 400, and neither changes anything. A report of an attempt that has
 * since moved on (the lease ran out, the work was released, cancelled or rejudged) is stale, not
 * wrong: it is answered `accepted: false` as before. Found by tests/api/faults.test.ts.
 */
import type { CaseResult, JudgeResult, TestRunResult } from '../../../judge/types';
import type { ClaimRef } from '../../../judge/worker-protocol';
import { JUDGING_STATUSES, JudgeStatus, WRONG_VERDICTS } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import { AppError, badRequest } from '../errors';

/** What a judge may end a submission or a test run with. */
const VERDICTS: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  ...WRONG_VERDICTS,
];

/** What one case may end with: a verdict, or skipped (cancelled) after a failure in its subtask. */
const CASE_VERDICTS: readonly number[] = [
  ...VERDICTS.filter((v) => v !== JudgeStatus.COMPILE_ERROR),
  JudgeStatus.CANCELLED,
];

/** Verdicts reached before or without running the cases. */
const WITHOUT_CASES: readonly number[] = [JudgeStatus.COMPILE_ERROR, JudgeStatus.SYSTEM_ERROR];

const badReport = (detail: string) => badRequest('judgeOps.badReport', { detail });

/**
 * Whether `judger` may report on `ref`: 'current' when it holds that attempt now, 'stale' when the
 * attempt was handed out once and has moved on. Refused (409) when no such attempt was ever
 * handed out, or when another judge holds it.
 */
export async function claimState(db: Db, ref: ClaimRef, judger: string): Promise<'current' | 'stale'> {
  const row =
    ref.kind === 'submission'
      ? await db.kysely
          .selectFrom('judge')
          .select(['attempt', 'status', 'lease_owner'])
          .where('submit_id', '=', ref.submitId)
          .executeTakeFirst()
      : await db.kysely
          .selectFrom('test_judge')
          .select(['attempt', 'status', 'lease_owner'])
          .where('test_key', '=', ref.testKey)
          .executeTakeFirst();
  // attempts start at 1 with the first claim: 0, or one past the row's, was never handed out
  if (!row || ref.attempt < 1 || ref.attempt > row.attempt) throw new AppError(409, 'judgeOps.notYourClaim');
  const held = (JUDGING_STATUSES as readonly number[]).includes(row.status) && row.lease_owner !== null;
  if (ref.attempt < row.attempt || !held) return 'stale';
  // the lease owner is `${judger}/${worker}` (protocol.ts, claim)
  if (!row.lease_owner?.startsWith(`${judger}/`)) throw new AppError(409, 'judgeOps.notYourClaim');
  return 'current';
}

function checkCase(c: CaseResult, caseIdOfSeq: ReadonlyMap<number, number>): void {
  if (!CASE_VERDICTS.includes(c.status)) throw badReport(`case ${c.seq}: ${c.status} is not a verdict`);
  if (caseIdOfSeq.get(c.seq) !== c.caseId)
    throw badReport(`case ${c.seq} (id ${c.caseId}) is not a test case of the problem`);
}

/** The problem's test cases as the task named them: seq → problem_case id. */
async function casesOfSubmission(db: Db, submitId: number, seq?: number): Promise<Map<number, number>> {
  let query = db.kysely
    .selectFrom('judge')
    .innerJoin('problem_case', 'problem_case.pid', 'judge.pid')
    .select(['problem_case.seq', 'problem_case.id'])
    .where('judge.submit_id', '=', submitId)
    .where('problem_case.status', '=', 0);
  if (seq !== undefined) query = query.where('problem_case.seq', '=', seq);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.seq, r.id]));
}

/** A case reported on the way: one of the problem's cases, with a case verdict. */
export async function checkCaseReport(db: Db, ref: ClaimRef, c: CaseResult): Promise<void> {
  if (ref.kind !== 'submission') throw badReport('a test run has no cases');
  checkCase(c, await casesOfSubmission(db, ref.submitId, c.seq));
}

/**
 * A final result: of the work's kind, a verdict; for a submission each case one of the problem's,
 * at most once, some case unless it ended before running any, and every case accepted for an accept.
 */
export async function checkResult(db: Db, ref: ClaimRef, result: JudgeResult | TestRunResult): Promise<void> {
  const isTest = 'userOutput' in result;
  if (isTest !== (ref.kind === 'test'))
    throw badReport(`not the result of a ${ref.kind === 'test' ? 'test run' : 'submission'}`);
  if (!VERDICTS.includes(result.status)) throw badReport(`${result.status} is not a verdict`);
  if (isTest || ref.kind !== 'submission') return;
  const cases = result.cases ?? [];
  const caseIdOfSeq = await casesOfSubmission(db, ref.submitId);
  const seen = new Set<number>();
  for (const c of cases) {
    checkCase(c, caseIdOfSeq);
    if (seen.has(c.seq)) throw badReport(`case ${c.seq} twice`);
    seen.add(c.seq);
  }
  if (cases.length === 0 && !WITHOUT_CASES.includes(result.status)) throw badReport('no case results');
  if (result.status === JudgeStatus.ACCEPTED) {
    if (seen.size !== caseIdOfSeq.size) throw badReport(`${seen.size} of ${caseIdOfSeq.size} cases`);
    if (cases.some((c) => c.status !== JudgeStatus.ACCEPTED))
      throw badReport('accepted with a case that is not');
  }
}
