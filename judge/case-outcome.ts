/** A case's result as the contract reports it, plus what the scheduler still needs to know. */
import { JudgeStatus } from '../shared/constants/judge-status';
import type { CaseResult, TestCaseSpec } from './types';

export interface CaseOutcome {
  result: CaseResult;
  /** Partial Accepted: the fraction of the case's score the checker gave */
  percentage: number | null;
}

/** HOJ's rule (docs/judge.md, Scoring): AC scores the case, PA floor(p x case score), anything else 0. */
export function caseScore(status: number, percentage: number | null, score: number): number {
  if (status === JudgeStatus.ACCEPTED) return score;
  if (status === JudgeStatus.PARTIAL_ACCEPTED && percentage !== null) {
    return Math.floor(Math.min(1, Math.max(0, percentage)) * score + 1e-9);
  }
  return 0;
}

export function caseOutcome(
  testCase: TestCaseSpec,
  v: { status: number; message: string | null; time: number; memory: number; percentage?: number | null },
): CaseOutcome {
  const percentage = v.status === JudgeStatus.PARTIAL_ACCEPTED ? (v.percentage ?? 0) : null;
  return {
    result: {
      seq: testCase.seq,
      caseId: testCase.caseId,
      status: v.status,
      time: v.time,
      memory: v.memory,
      score: caseScore(v.status, percentage, testCase.score),
      userOutput: v.message,
      groupNum: testCase.groupNum,
    },
    percentage,
  };
}
